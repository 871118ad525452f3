"use server";
import { revalidatePath } from "next/cache";
import { db } from "@/lib/db";
import { ActionError, defineAction } from "@/lib/server-actions/safe-action";
import { collectApprovedInvite, inviteNeedsControl, requestControlChange } from "@/lib/approvals/controls";
import { env } from "@/lib/env";
import { issueInvite as createInvite } from "@/lib/team/invites";
import { issueInviteSchema } from "@/lib/team/schemas";

/**
 * A fresh one-time link to set a password: for a lost invite or a forgotten password. For an active
 * approver or admin the link lets its holder take the account over, so a second person approves
 * first; the link is then created when the requester asks again, and shown to them only.
 */
export const issueInvite = defineAction(
  { name: "issue-invite", permission: "team:manage", input: issueInviteSchema },
  async ({ input, user, audit, request }) => {
    const found = await db.user.findFirst({ where: { id: input.userId, organizationId: user.organizationId } });
    if (found && inviteNeedsControl(found)) {
      const approved = await collectApprovedInvite(user, found.id);
      if (!approved) {
        const pending = await requestControlChange({
          kind: "control_invite",
          payload: { userId: found.id, name: found.name, role: found.role },
          user,
          environment: user.environment,
          request,
        });
        revalidatePath("/settings/team");
        return pending;
      }
    }
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
  },
);
