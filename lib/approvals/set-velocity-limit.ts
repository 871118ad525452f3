"use server";
import Decimal from "decimal.js";
import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/server-actions/safe-action";
import { requestControlChange, velocityChangeLoosens } from "@/lib/approvals/controls";
import { setVelocityLimitSchema } from "@/lib/approvals/schemas";
import { db } from "@/lib/db";

/**
 * Set or remove a rolling 24-hour limit per currency, for the whole organization or for each
 * requester: a payment whose running total passes it waits for a second approver. A first limit or
 * a lower one applies at once; raising or removing one lets more through, so it waits for a second
 * person (lib/approvals/controls.ts).
 */
export const setVelocityLimit = defineAction(
  { name: "set-velocity-limit", permission: "settings:manage", input: setVelocityLimitSchema },
  async ({ input, user, audit, request }) => {
    const newAmount = input.remove ? null : new Decimal(input.amount).toFixed();
    const change = await velocityChangeLoosens(user.organizationId, input.scope, input.currency, newAmount);
    if (change.loosens) {
      const pending = await requestControlChange({
        kind: "control_velocity",
        payload: { scope: input.scope, currency: input.currency, before: change.before, amount: newAmount },
        user,
        environment: user.environment,
        request,
      });
      revalidatePath("/settings/approvals");
      return { scope: input.scope, currency: input.currency, removed: input.remove === true, changed: false, ...pending };
    }
    const key = { organizationId: user.organizationId, currency: input.currency, scope: input.scope };
    const targetId = `${input.scope}:${input.currency}`;
    const result = await db.$transaction(async (tx) => {
      const before = await tx.approvalVelocityLimit.findUnique({ where: { organizationId_currency_scope: key } });
      const beforeJson = before ? { scope: before.scope, currency: before.currency, amount: new Decimal(before.amount.toString()).toFixed() } : null;
      if (input.remove) {
        if (!before) return { removed: true as const, changed: false };
        await tx.approvalVelocityLimit.delete({ where: { organizationId_currency_scope: key } });
        await audit(tx, { action: "approval_velocity_limit.removed", targetType: "approval_velocity_limit", targetId, before: beforeJson, after: null });
        return { removed: true as const, changed: true };
      }
      const amount = new Decimal(input.amount).toFixed();
      if (beforeJson?.amount === amount) return { removed: false as const, changed: false, amount };
      await tx.approvalVelocityLimit.upsert({
        where: { organizationId_currency_scope: key },
        create: { ...key, amount, updatedById: user.id },
        update: { amount, updatedById: user.id },
      });
      await audit(tx, {
        action: "approval_velocity_limit.set",
        targetType: "approval_velocity_limit",
        targetId,
        before: beforeJson,
        after: { scope: input.scope, currency: input.currency, amount },
      });
      return { removed: false as const, changed: true, amount };
    });
    revalidatePath("/settings/approvals");
    return { scope: input.scope, currency: input.currency, ...result };
  },
);
