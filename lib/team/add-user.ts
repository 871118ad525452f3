"use server";
import { randomUUID } from "node:crypto";
import { revalidatePath } from "next/cache";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { ActionError, defineAction } from "@/lib/server-actions/safe-action";
import { pendingRoleLookalike, requestControlChange, roleChangeLoosens } from "@/lib/approvals/controls";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { issueInvite, unusableInvite } from "@/lib/team/invites";
import { addUserSchema } from "@/lib/team/schemas";

const ALREADY_ON_TEAM = () => new ActionError("Someone with this email is already on the team.", { email: "This email is already on the team." });

/**
 * Adds a teammate without a password and returns their one-time invite link (shown once). An
 * approver or admin starts as a viewer; the role waits for a second person (lib/approvals/controls.ts).
 *
 * An email can have one account only. When it already has one in another organization, the admin
 * gets the same answer as for a new person (an id and a link of the same form), and nothing is
 * created: otherwise any admin could learn who uses the app elsewhere by trying addresses. The link
 * leads nowhere (it opens as an expired link); the server log says what happened, for the operator.
 */
export const addUser = defineAction({ name: "add-user", permission: "team:manage", input: addUserSchema }, async ({ input, user, audit, request }) => {
  const waits = roleChangeLoosens("viewer", input.role);
  const startRole = waits ? "viewer" : input.role;
  const elsewhere = async () => {
    log.info({ organizationId: user.organizationId }, "add-user: the email has an account in another organization; answered as for a new person");
    // The same shape as a real answer, a waiting role included, so nothing tells the two apart.
    const pendingRole = waits ? await pendingRoleLookalike(user, input.name, input.role) : null;
    return { userId: randomUUID(), invite: unusableInvite(env().APP_URL), role: startRole, pendingRole };
  };
  const existing = await db.user.findUnique({ where: { email: input.email }, select: { organizationId: true } });
  if (existing) {
    if (existing.organizationId === user.organizationId) throw ALREADY_ON_TEAM();
    return elsewhere();
  }
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
    const pendingRole = waits
      ? await requestControlChange({
          kind: "control_role",
          payload: { userId: result.userId, name: input.name, from: startRole, role: input.role },
          user,
          environment: user.environment,
          request,
        })
      : null;
    revalidatePath("/settings/team");
    return { ...result, role: startRole, pendingRole };
  } catch (err) {
    // Added at the same moment by someone else: answer as above, by where the account now is.
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002") {
      const now = await db.user.findUnique({ where: { email: input.email }, select: { organizationId: true } });
      if (now && now.organizationId !== user.organizationId) return elsewhere();
      throw ALREADY_ON_TEAM();
    }
    throw err;
  }
});
