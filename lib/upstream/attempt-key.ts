/**
 * A new attempt key (see `attempt.ts`). Apart from the zod rules so the form hook, on every form
 * page, does not bring zod with it.
 */
export function newAttemptKey(): string {
  return globalThis.crypto.randomUUID();
}
