/**
 * Brute-force throttle for sign-in, kept in PostgreSQL so every app instance sees the same counts.
 * Repeated failures for one account, or from one address, lock further attempts for a while.
 */
import type { PrismaClient } from "@/lib/generated/prisma/client";

export const THROTTLE_POLICY = {
  account: { maxFailures: 5, windowMinutes: 15, lockMinutes: 15 },
  address: { maxFailures: 20, windowMinutes: 15, lockMinutes: 15 },
} as const;

export type ThrottleKind = keyof typeof THROTTLE_POLICY;

export function throttleKey(kind: ThrottleKind, value: string): string {
  return `${kind}:${value.trim().toLowerCase()}`;
}

/** The latest lock that still holds among these keys, or null. */
export async function lockedUntil(db: PrismaClient, keys: string[]): Promise<Date | null> {
  const rows = await db.signInThrottle.findMany({ where: { key: { in: keys }, lockedUntil: { gt: new Date() } } });
  const times = rows.map((r) => r.lockedUntil!.getTime());
  return times.length ? new Date(Math.max(...times)) : null;
}

/** Count a failure atomically (one statement, safe under concurrency); returns the lock if it now holds. */
export async function recordFailure(db: PrismaClient, kind: ThrottleKind, value: string): Promise<Date | null> {
  const p = THROTTLE_POLICY[kind];
  const rows = await db.$queryRaw<{ locked_until: Date | null }[]>`
    INSERT INTO sign_in_throttle (key, failures, window_start, updated_at)
    VALUES (${throttleKey(kind, value)}, 1, now(), now())
    ON CONFLICT (key) DO UPDATE SET
      failures = CASE WHEN sign_in_throttle.window_start < now() - make_interval(mins => ${p.windowMinutes}::int)
                      THEN 1 ELSE sign_in_throttle.failures + 1 END,
      window_start = CASE WHEN sign_in_throttle.window_start < now() - make_interval(mins => ${p.windowMinutes}::int)
                          THEN now() ELSE sign_in_throttle.window_start END,
      updated_at = now()
    RETURNING locked_until`;
  const locked = await db.$queryRaw<{ locked_until: Date | null }[]>`
    UPDATE sign_in_throttle
       SET locked_until = now() + make_interval(mins => ${p.lockMinutes}::int), failures = 0, window_start = now()
     WHERE key = ${throttleKey(kind, value)} AND failures >= ${p.maxFailures}
    RETURNING locked_until`;
  return locked[0]?.locked_until ?? rows[0]?.locked_until ?? null;
}

export async function clearFailures(db: PrismaClient, kind: ThrottleKind, value: string): Promise<void> {
  await db.signInThrottle.deleteMany({ where: { key: throttleKey(kind, value) } });
}
