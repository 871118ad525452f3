"use server";
import { revalidatePath } from "next/cache";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { ActionError, defineAction } from "@/lib/actions/safe-action";
import { requestControlChange, roleChangeLoosens } from "@/lib/approvals/controls";
import { env } from "@/lib/env";
import { issueInvite } from "@/lib/team/invites";
import { addUserSchema } from "@/lib/team/schemas";

/**
 * Adds a teammate without a password and returns their one-time invite link (shown once). An
 * approver or admin starts as a viewer; the role waits for a second person (lib/approvals/controls.ts).
 */
export const addUser = defineAction({ name: "add-user", permission: "team:manage", input: addUserSchema }, async ({ input, user, audit, request }) => {
  const waits = roleChangeLoosens("viewer", input.role);
  const startRole = waits ? "viewer" : input.role;
  try {
    const result = await db.$transaction(async (tx) => {
      const created = await tx.user.create({
        data: { organizationId: user.organizationId, email: input.email, name: input.name, role: startRole },
      });
      const invite = await issueInvite(tx, { organizationId: user.organizationId, userId: created.id, createdById: user.id, appUrl: env().APP_URL });
      await audit(tx, {
        action: "team.user_added",
        targetType: "user",
        targetId: created.id,
        after: { email: created.email, name: created.name, role: created.role },
      });
      return { userId: created.id, invite };
    });
    const pending = waits
      ? await requestControlChange({
          kind: "control_role",
          payload: { userId: result.userId, name: input.name, from: startRole, role: input.role },
          user,
          environment: user.environment,
          request,
        })
      : null;
    revalidatePath("/settings/team");
    return { ...result, role: startRole, pendingRole: pending };
  } catch (err) {
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002") {
      throw new ActionError("Someone with this email is already on the team.", { email: "This email is already on the team." });
    }
    throw err;
  }
});
