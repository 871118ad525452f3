"use server";
import { revalidatePath } from "next/cache";
import { db } from "@/lib/db";
import { ActionError, defineAction } from "@/lib/server-actions/safe-action";
import { requestControlChange, roleChangeLoosens } from "@/lib/approvals/controls";
import { assertKeepsAnAdmin } from "@/lib/team/admins";
import { changeRoleSchema } from "@/lib/team/schemas";

export const changeRole = defineAction({ name: "change-role", permission: "team:manage", input: changeRoleSchema }, async ({ input, user, audit, request }) => {
  // Granting approver or admin waits for a second person (lib/approvals/controls.ts); a step down applies at once.
  const current = await db.user.findFirst({ where: { id: input.userId, organizationId: user.organizationId }, select: { role: true, name: true } });
  if (current && (input.role === "approver" || input.role === "admin") && roleChangeLoosens(current.role, input.role)) {
    const pending = await requestControlChange({
      kind: "control_role",
      payload: { userId: input.userId, name: current.name, from: current.role, role: input.role },
      user,
      environment: user.environment,
      request,
    });
    revalidatePath("/settings/team");
    return { userId: input.userId, role: current.role, ...pending };
  }
  await db.$transaction(async (tx) => {
    const target = await tx.user.findFirst({ where: { id: input.userId, organizationId: user.organizationId } });
    if (!target) throw new ActionError("That user is not on your team.");
    if (target.role === input.role) return;
    if (target.role === "admin") await assertKeepsAnAdmin(tx, user.organizationId, target.id);
    // A new session version signs the user out everywhere, so the new role applies at once.
    await tx.user.update({ where: { id: target.id }, data: { role: input.role, sessionVersion: { increment: 1 } } });
    await audit(tx, {
      action: "team.role_changed",
      targetType: "user",
      targetId: target.id,
      before: { role: target.role },
      after: { role: input.role },
    });
  });
  revalidatePath("/settings/team");
  return { userId: input.userId, role: input.role };
});
