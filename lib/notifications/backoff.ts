/** How a mail that failed is retried: six attempts in all, waits doubling from 30 s, capped at an hour. */
export const MAX_ATTEMPTS = 6;
const BASE_BACKOFF_S = 30;
const MAX_BACKOFF_S = 60 * 60;

/** Seconds before the next attempt after `attempts` failed ones: 30 s, 1 min, 2 min, ... */
export function backoffSeconds(attempts: number, base = BASE_BACKOFF_S): number {
  return Math.min(MAX_BACKOFF_S, base * 2 ** Math.max(0, attempts - 1));
}
