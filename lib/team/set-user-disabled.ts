"use server";
import { revalidatePath } from "next/cache";
import { db } from "@/lib/db";
import { ActionError, defineAction } from "@/lib/server-actions/safe-action";
import { assertKeepsAnAdmin } from "@/lib/team/admins";
import { setUserDisabledSchema } from "@/lib/team/schemas";

/** Disabling bumps the session version: the user's open sessions stop working on their next request. */
export const setUserDisabled = defineAction(
  { name: "set-user-disabled", permission: "team:manage", input: setUserDisabledSchema },
  async ({ input, user, audit }) => {
    await db.$transaction(async (tx) => {
      const target = await tx.user.findFirst({ where: { id: input.userId, organizationId: user.organizationId } });
      if (!target) throw new ActionError("That user is not on your team.");
      if (target.disabled === input.disabled) return;
      if (input.disabled && target.id === user.id) throw new ActionError("You cannot disable yourself.");
      if (input.disabled && target.role === "admin") await assertKeepsAnAdmin(tx, user.organizationId, target.id);
      await tx.user.update({
        where: { id: target.id },
        data: { disabled: input.disabled, sessionVersion: { increment: 1 } },
      });
      await audit(tx, {
        action: input.disabled ? "team.user_disabled" : "team.user_enabled",
        targetType: "user",
        targetId: target.id,
        before: { disabled: target.disabled },
        after: { disabled: input.disabled },
      });
    });
    revalidatePath("/settings/team");
    return { userId: input.userId, disabled: input.disabled };
  },
);
