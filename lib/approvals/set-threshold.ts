"use server";
import Decimal from "decimal.js";
import { revalidatePath } from "next/cache";
import { ActionError, defineAction } from "@/lib/server-actions/safe-action";
import { isControlKind, requestControlChange, thresholdChangeLoosens } from "@/lib/approvals/controls";
import { findExecutor, listExecutors } from "@/lib/approvals/executors/index";
import { setApprovalThresholdSchema } from "@/lib/approvals/schemas";
import { ANY_KIND } from "@/lib/approvals/thresholds";
import { db } from "@/lib/db";

/**
 * Set or remove the amount above which a money movement needs a second approver, per currency and
 * optionally per kind. Removing it makes every amount in that currency need approval. A change that
 * lets more through (raising, or removing a kind's own limit under a higher "*" one) waits for a
 * second person (lib/approvals/controls.ts); lowering applies at once.
 */
export const setApprovalThreshold = defineAction(
  { name: "set-approval-threshold", permission: "settings:manage", input: setApprovalThresholdSchema },
  async ({ input, user, audit, request }) => {
    if (input.kind !== ANY_KIND && (!findExecutor(input.kind) || isControlKind(input.kind))) {
      throw new ActionError("Some fields need attention.", { kind: "Choose what the limit applies to." });
    }
    const newAmount = input.remove ? null : new Decimal(input.amount).toFixed();
    if (await thresholdChangeLoosens(user.organizationId, input.kind, input.currency, newAmount)) {
      const kindLabel = input.kind === ANY_KIND ? "any-kind" : (listExecutors().find((e) => e.kind === input.kind)?.label ?? input.kind);
      const pending = await requestControlChange({
        kind: "control_threshold",
        payload: { kind: input.kind, kindLabel, currency: input.currency, amount: newAmount },
        user,
        environment: user.environment,
        request,
      });
      revalidatePath("/settings/approvals");
      return { kind: input.kind, currency: input.currency, removed: input.remove === true, changed: false, ...pending };
    }
    const key = { organizationId: user.organizationId, kind: input.kind, currency: input.currency };
    const result = await db.$transaction(async (tx) => {
      const before = await tx.approvalThreshold.findUnique({ where: { organizationId_kind_currency: key } });
      const beforeJson = before ? { kind: before.kind, currency: before.currency, amount: new Decimal(before.amount.toString()).toFixed() } : null;
      if (input.remove) {
        if (!before) return { removed: true as const, changed: false };
        await tx.approvalThreshold.delete({ where: { organizationId_kind_currency: key } });
        await audit(tx, {
          action: "approval_threshold.removed",
          targetType: "approval_threshold",
          targetId: `${input.kind}:${input.currency}`,
          before: beforeJson,
          after: null,
        });
        return { removed: true as const, changed: true };
      }
      const amount = new Decimal(input.amount).toFixed();
      if (beforeJson?.amount === amount) return { removed: false as const, changed: false, amount };
      await tx.approvalThreshold.upsert({
        where: { organizationId_kind_currency: key },
        create: { ...key, amount, updatedById: user.id },
        update: { amount, updatedById: user.id },
      });
      await audit(tx, {
        action: "approval_threshold.set",
        targetType: "approval_threshold",
        targetId: `${input.kind}:${input.currency}`,
        before: beforeJson,
        after: { kind: input.kind, currency: input.currency, amount },
      });
      return { removed: false as const, changed: true, amount };
    });
    revalidatePath("/settings/approvals");
    return { kind: input.kind, currency: input.currency, ...result };
  },
);
