/**
 * Attempt keys for write forms: a UUID made when the form opens and sent with every submission of
 * it, so a double click, a reload or a retry of the same form lands on the same ledger row (and
 * the same X-Idempotency-Key). Safe to import from client and server code.
 */
import { z } from "zod";

export { newAttemptKey } from "./attempt-key";

export const ATTEMPT_EXPIRED = "This form has expired. Reload the page and submit it again.";

/** Add to a write form's shared zod schema as `attemptKey`. */
export const attemptKeyField = z.uuid({ error: ATTEMPT_EXPIRED });

export function withAttemptKey<S extends z.ZodRawShape>(shape: S) {
  return z.object({ ...shape, attemptKey: attemptKeyField });
}
