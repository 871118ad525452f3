"use server";
import { revalidatePath } from "next/cache";
import { db } from "@/lib/db";
import { ActionError, defineAction } from "@/lib/actions/safe-action";
import { env } from "@/lib/env";
import { issueInvite as createInvite } from "@/lib/team/invites";
import { issueInviteSchema } from "@/lib/team/schemas";

/** A fresh one-time link to set a password: for a lost invite or a forgotten password. */
export const issueInvite = defineAction({ name: "issue-invite", permission: "team:manage", input: issueInviteSchema }, async ({ input, user, audit }) => {
  const invite = await db.$transaction(async (tx) => {
    const target = await tx.user.findFirst({ where: { id: input.userId, organizationId: user.organizationId } });
    if (!target) throw new ActionError("That user is not on your team.");
    if (target.disabled) throw new ActionError("Enable this user before sending a new link.");
    const link = await createInvite(tx, { organizationId: user.organizationId, userId: target.id, createdById: user.id, appUrl: env().APP_URL });
    await audit(tx, { action: "team.invite_issued", targetType: "user", targetId: target.id });
    return link;
  });
  revalidatePath("/settings/team");
  return invite;
});
