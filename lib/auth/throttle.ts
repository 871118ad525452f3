/**
 * Brute-force throttle for sign-in, kept in PostgreSQL so every app instance sees the same counts.
 *
 * An attempt is counted before the password is checked, in one statement per counter, so guesses
 * sent in parallel cannot all slip in before the first failure is written: past the limit, no
 * password check happens at all. Three counters, so that guessing is slow but a stranger who only
 * knows someone's email cannot lock them out:
 * - `pair` (this account from this address): the tight limit a single guesser meets first. It locks
 *   only that address out of that account; the owner elsewhere is not affected.
 * - `address` (every account from this address): stops one address spraying many accounts.
 * - `account` (this account from anywhere): a much higher ceiling against guesses spread over many
 *   addresses. Past it, the account is closed to addresses it has never signed in from; an address
 *   where this person signed in before (see `isFamiliarAddress`) still gets in with the right
 *   password, as the lockouts of the large identity providers do.
 * A successful sign-in gives back the attempt it spent, so an office behind one address is not
 * throttled by its own people signing in.
 */
import type { PrismaClient } from "@/lib/generated/prisma/client";

export const THROTTLE_POLICY = {
  pair: { maxAttempts: 5, windowMinutes: 15, lockMinutes: 15 },
  address: { maxAttempts: 20, windowMinutes: 15, lockMinutes: 15 },
  account: { maxAttempts: 50, windowMinutes: 15, lockMinutes: 15 },
} as const;

/** How long a successful sign-in makes an address familiar to that account. */
export const FAMILIAR_ADDRESS_DAYS = 90;

export type ThrottleKind = keyof typeof THROTTLE_POLICY;

export function throttleKey(kind: ThrottleKind, value: string): string {
  return `${kind}:${value.trim().toLowerCase()}`;
}

export const pairValue = (email: string, address: string) => `${email}|${address}`;

export interface Reservation {
  /** Attempts counted in the current window, this one included. */
  attempts: number;
  /** Set when the counter is locked: this attempt must not reach the password check. */
  lockedUntil: Date | null;
}

/**
 * Counts one attempt on a counter, atomically, and says whether it may go on. The attempt past the
 * limit sets the lock; while locked, attempts are refused and not counted. A window or a lock that
 * has run out starts the count again.
 */
export async function reserveAttempt(db: PrismaClient, kind: ThrottleKind, value: string): Promise<Reservation> {
  const p = THROTTLE_POLICY[kind];
  const [row] = await db.$queryRaw<{ failures: number; locked_until: Date | null }[]>`
    INSERT INTO sign_in_throttle AS t (key, failures, window_start, updated_at)
    VALUES (${throttleKey(kind, value)}, 1, now(), now())
    ON CONFLICT (key) DO UPDATE SET
      failures = CASE
        WHEN t.locked_until > now() THEN t.failures
        WHEN t.window_start < now() - make_interval(mins => ${p.windowMinutes}::int) OR t.locked_until <= now() THEN 1
        ELSE t.failures + 1 END,
      locked_until = CASE
        WHEN t.locked_until > now() THEN t.locked_until
        WHEN t.window_start < now() - make_interval(mins => ${p.windowMinutes}::int) OR t.locked_until <= now() THEN NULL
        WHEN t.failures + 1 > ${p.maxAttempts}::int THEN now() + make_interval(mins => ${p.lockMinutes}::int)
        ELSE NULL END,
      window_start = CASE
        WHEN t.locked_until > now() THEN t.window_start
        WHEN t.window_start < now() - make_interval(mins => ${p.windowMinutes}::int) OR t.locked_until <= now() THEN now()
        ELSE t.window_start END,
      updated_at = now()
    RETURNING failures, locked_until`;
  const lockedUntil = row?.locked_until && row.locked_until.getTime() > Date.now() ? row.locked_until : null;
  return { attempts: row?.failures ?? 1, lockedUntil };
}

/**
 * After a wrong password: when that was the last attempt the counter allows, lock it now, so the
 * answer already says to wait. Returns the lock, or null.
 */
export async function lockIfSpent(db: PrismaClient, kind: ThrottleKind, value: string): Promise<Date | null> {
  const p = THROTTLE_POLICY[kind];
  const rows = await db.$queryRaw<{ locked_until: Date }[]>`
    UPDATE sign_in_throttle
       SET locked_until = now() + make_interval(mins => ${p.lockMinutes}::int), updated_at = now()
     WHERE key = ${throttleKey(kind, value)} AND failures >= ${p.maxAttempts}::int
       AND (locked_until IS NULL OR locked_until <= now())
    RETURNING locked_until`;
  return rows[0]?.locked_until ?? null;
}

/** A successful sign-in gives its attempt back (never below zero, never lifting a lock). */
export async function refundAttempt(db: PrismaClient, kind: ThrottleKind, value: string): Promise<void> {
  await db.$executeRaw`
    UPDATE sign_in_throttle SET failures = GREATEST(failures - 1, 0), updated_at = now()
     WHERE key = ${throttleKey(kind, value)} AND (locked_until IS NULL OR locked_until <= now())`;
}

export async function clearAttempts(db: PrismaClient, kind: ThrottleKind, value: string): Promise<void> {
  await db.signInThrottle.deleteMany({ where: { key: throttleKey(kind, value) } });
}

/**
 * Forgets counters untouched for a day whose lock has run out: every attempt now leaves a row, and
 * a spray of addresses and emails must not grow the table for ever.
 */
export async function sweepAttempts(db: PrismaClient): Promise<void> {
  await db.$executeRaw`
    DELETE FROM sign_in_throttle
     WHERE updated_at < now() - interval '1 day' AND (locked_until IS NULL OR locked_until < now())`;
}

/** Whether this person signed in successfully from this address recently (read from the audit log). */
export async function isFamiliarAddress(db: PrismaClient, user: { id: string; organizationId: string }, address: string): Promise<boolean> {
  const since = new Date(Date.now() - FAMILIAR_ADDRESS_DAYS * 86_400_000);
  const row = await db.auditLog.findFirst({
    where: { organizationId: user.organizationId, actorId: user.id, action: "auth.sign_in", ip: address, at: { gte: since } },
    select: { id: true },
  });
  return row !== null;
}
