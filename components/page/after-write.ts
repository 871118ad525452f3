/**
 * For a few seconds after this browser moved money, balance reads ask the provider directly
 * (`fresh=1`) instead of the server's 10-second read cache, so the figures shown match the move.
 * Client-safe module state: one tab, one window.
 */
const WINDOW_MS = 5_000;
let freshUntil = 0;

export function markWritten(now = Date.now()): void {
  freshUntil = now + WINDOW_MS;
}

export function freshQuery(now = Date.now()): string {
  return now < freshUntil ? "fresh=1" : "";
}
