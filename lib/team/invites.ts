import crypto from "node:crypto";
import type { Tx } from "@/lib/db";

export const INVITE_TTL_HOURS = 72;

export function hashInviteToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/**
 * A new single-use link for the user to set a password. Earlier unused links stop working. Only
 * the hash is stored: the link is shown once, to the admin who asked for it.
 */
export async function issueInvite(
  tx: Tx,
  args: { organizationId: string; userId: string; createdById: string; appUrl: string },
): Promise<{ url: string; expiresAt: string }> {
  const token = crypto.randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + INVITE_TTL_HOURS * 3600_000);
  await tx.invite.updateMany({ where: { userId: args.userId, usedAt: null }, data: { usedAt: new Date() } });
  await tx.invite.create({
    data: {
      organizationId: args.organizationId,
      userId: args.userId,
      tokenHash: hashInviteToken(token),
      expiresAt,
      createdById: args.createdById,
    },
  });
  return { url: new URL(`/invite/${token}`, args.appUrl).toString(), expiresAt: expiresAt.toISOString() };
}

/**
 * A link of the same form and lifetime as `issueInvite`'s whose token is stored nowhere, so it opens
 * on the page of an expired link. Given when the email already has an account in another
 * organization: the admin's answer is the same as for a new person, and nothing is created.
 */
export function unusableInvite(appUrl: string): { url: string; expiresAt: string } {
  const token = crypto.randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + INVITE_TTL_HOURS * 3600_000);
  return { url: new URL(`/invite/${token}`, appUrl).toString(), expiresAt: expiresAt.toISOString() };
}
