"use server";
import { db } from "@/lib/db";
import { writeAudit } from "@/lib/audit";
import { hashPassword } from "@/lib/auth/password";
import { requestContext } from "@/lib/request-context";
import { zodFieldErrors, type ActionResult } from "@/lib/server-actions/safe-action";
import { hashInviteToken } from "@/lib/team/invites";
import { acceptInviteSchema } from "@/lib/team/schemas";

/** Public by design: the single-use token is the credential. It sets the password and is spent. */
export async function acceptInvite(input: unknown): Promise<ActionResult<{ email: string }>> {
  const parsed = acceptInviteSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: "Some fields need attention.", fieldErrors: zodFieldErrors(parsed.error) };
  const request = await requestContext();
  const passwordHash = await hashPassword(parsed.data.password);
  return db.$transaction(async (tx) => {
    const invite = await tx.invite.findUnique({ where: { tokenHash: hashInviteToken(parsed.data.token) }, include: { user: true } });
    if (!invite || invite.usedAt || invite.expiresAt < new Date() || invite.user.disabled) {
      return { ok: false as const, error: "This link has expired or was already used. Ask an admin for a new one." };
    }
    // Spend the link atomically: of two concurrent uses, only one changes the row.
    const spent = await tx.invite.updateMany({ where: { id: invite.id, usedAt: null }, data: { usedAt: new Date() } });
    if (spent.count !== 1) return { ok: false as const, error: "This link was already used. Ask an admin for a new one." };
    await tx.user.update({
      where: { id: invite.userId },
      data: { passwordHash, sessionVersion: { increment: 1 } },
    });
    await writeAudit(tx, { id: invite.userId, email: invite.user.email, organizationId: invite.organizationId }, request, {
      action: "team.password_set",
      targetType: "user",
      targetId: invite.userId,
    });
    return { ok: true as const, data: { email: invite.user.email } };
  });
}
