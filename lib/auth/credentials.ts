import "server-only";
import { CredentialsSignin } from "next-auth";
import { z } from "zod";
import { db } from "@/lib/db";
import { writeAudit } from "@/lib/audit";
import { contextFromHeaders } from "@/lib/request-context";
import { verifyPassword } from "./password";
import { clearAttempts, isFamiliarAddress, lockIfSpent, pairValue, refundAttempt, reserveAttempt, sweepAttempts } from "./throttle";

/** Codes reach the sign-in form, which turns them into sentences (never hinting which part was wrong). */
export class InvalidCredentials extends CredentialsSignin {
  code = "invalid";
}
export class AccountDisabled extends CredentialsSignin {
  code = "disabled";
}
export class Throttled extends CredentialsSignin {
  constructor(until: Date) {
    super();
    this.code = `throttled:${Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60_000))}`;
  }
}

const credentialsSchema = z.object({
  email: z.string().trim().toLowerCase().email().max(320),
  password: z.string().min(1).max(256),
});

/** The latest of these dates, or null. */
const latest = (dates: (Date | null)[]) => dates.filter((d): d is Date => d !== null).sort((a, b) => b.getTime() - a.getTime())[0] ?? null;

/**
 * Email and password sign-in with the shared brute-force throttle (./throttle.ts); throws a coded
 * error on failure. The attempt is counted before the password is checked.
 */
export async function authorizeCredentials(raw: unknown, headers: Headers): Promise<{ id: string; email: string; name: string }> {
  const parsed = credentialsSchema.safeParse(raw);
  if (!parsed.success) throw new InvalidCredentials();
  const { email, password } = parsed.data;
  const ctx = contextFromHeaders(headers);
  const address = ctx.ip ?? "unknown";
  const pair = pairValue(email, address);

  // One counter after the other: an attempt refused by the address is not counted against the account.
  const byAddress = await reserveAttempt(db, "address", address);
  if (byAddress.lockedUntil) throw new Throttled(byAddress.lockedUntil);
  // The first attempt of an address's window (not every attempt) clears out stale counters.
  if (byAddress.attempts === 1) await sweepAttempts(db);
  const byPair = await reserveAttempt(db, "pair", pair);
  if (byPair.lockedUntil) throw new Throttled(byPair.lockedUntil);
  const byAccount = await reserveAttempt(db, "account", email);

  const user = await db.user.findUnique({ where: { email } });
  // Past the account's ceiling, only an address this person signed in from before may still try.
  if (byAccount.lockedUntil && !(user && (await isFamiliarAddress(db, user, address)))) throw new Throttled(byAccount.lockedUntil);

  const ok = await verifyPassword(user?.passwordHash, password);
  if (!user || !ok) {
    const locks = await Promise.all([lockIfSpent(db, "address", address), lockIfSpent(db, "pair", pair), lockIfSpent(db, "account", email)]);
    // The account's lock is not announced to this address: it does not stop the owner's own devices.
    const until = latest([locks[0], locks[1]]);
    if (until) throw new Throttled(until);
    throw new InvalidCredentials();
  }
  if (user.disabled) throw new AccountDisabled();
  await Promise.all([refundAttempt(db, "address", address), refundAttempt(db, "account", email), clearAttempts(db, "pair", pair)]);
  await db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: user.id }, data: { lastSignInAt: new Date() } });
    await writeAudit(tx, { id: user.id, email: user.email, organizationId: user.organizationId }, ctx, {
      action: "auth.sign_in",
      targetType: "user",
      targetId: user.id,
    });
  });
  return { id: user.id, email: user.email, name: user.name };
}
