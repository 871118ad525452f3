import "server-only";
import { CredentialsSignin } from "next-auth";
import { z } from "zod";
import { db } from "@/lib/db";
import { writeAudit } from "@/lib/audit";
import { contextFromHeaders } from "@/lib/request-context";
import { verifyPassword } from "./password";
import { clearFailures, lockedUntil, recordFailure, throttleKey } from "./throttle";

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

/** Email and password sign-in with the shared brute-force throttle; throws a coded error on failure. */
export async function authorizeCredentials(raw: unknown, headers: Headers): Promise<{ id: string; email: string; name: string }> {
  const parsed = credentialsSchema.safeParse(raw);
  if (!parsed.success) throw new InvalidCredentials();
  const { email, password } = parsed.data;
  const ctx = contextFromHeaders(headers);
  const address = ctx.ip ?? "unknown";
  const lock = await lockedUntil(db, [throttleKey("account", email), throttleKey("address", address)]);
  if (lock) throw new Throttled(lock);

  const user = await db.user.findUnique({ where: { email } });
  const ok = await verifyPassword(user?.passwordHash, password);
  if (!user || !ok) {
    const locks = await Promise.all([recordFailure(db, "account", email), recordFailure(db, "address", address)]);
    const until = locks.filter((d): d is Date => d !== null).sort((a, b) => b.getTime() - a.getTime())[0];
    if (until) throw new Throttled(until);
    throw new InvalidCredentials();
  }
  if (user.disabled) throw new AccountDisabled();
  await clearFailures(db, "account", email);
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
