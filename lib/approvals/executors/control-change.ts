/**
 * Approval kinds for loosened controls (see lib/approvals/controls.ts): a raised approval limit, a
 * granted approver or admin role, and a new sign-in link for an active approver or admin. They
 * change this app's own tables, never the provider's, so `execute` writes to the database in one
 * transaction with its audit row, attributed to whoever applied it (the approver, or the requester
 * when an announced delay ran out).
 */
import "server-only";
import Decimal from "decimal.js";
import { z } from "zod";
import { writeAudit } from "@/lib/audit";
import { ActionError } from "@/lib/actions/safe-action";
import { ROLES } from "@/lib/auth/permissions";
import { defineExecutor, type ExecuteInput } from "@/lib/approvals/executors";
import { db, type Tx } from "@/lib/db";
import { formatMoney } from "@/lib/money";

async function asApplier<T>(input: ExecuteInput<unknown>, fn: (tx: Tx, audit: (e: Parameters<typeof writeAudit>[3]) => Promise<void>) => Promise<T>): Promise<T> {
  const who = await db.user.findFirst({ where: { id: input.userId, organizationId: input.organizationId }, select: { id: true, email: true } });
  const actor = { id: who?.id ?? null, email: who?.email ?? null, organizationId: input.organizationId };
  const ctx = { requestId: `approval:${input.attemptKey}`, ip: null, userAgent: null };
  return db.$transaction((tx) => fn(tx, (e) => writeAudit(tx, actor, ctx, e)));
}

/** Non-money requests are stored with a zero amount in this pseudo-currency (the inbox shows a dash). */
export const CONTROL_CURRENCY = "CONTROL";

export const thresholdChangePayload = z
  .object({
    kind: z.string().min(1).max(41),
    kindLabel: z.string().min(1).max(100),
    currency: z.string().regex(/^[A-Z0-9]{2,12}$/),
    /** The new limit, or null to remove this row (the broader "*" limit then applies). */
    amount: z.string().regex(/^\d+(\.\d+)?$/).nullable(),
  })
  .strict();

export const controlThreshold = defineExecutor("control_threshold", {
  label: "Approval limit (loosened)",
  payloadSchema: thresholdChangePayload,
  describe: (p) => ({
    summary:
      p.amount === null
        ? `Remove the ${p.kindLabel} approval limit in ${p.currency} (the broader limit then applies)`
        : `Raise the ${p.kindLabel} approval limit to ${formatMoney(p.amount, p.currency)}`,
    amount: p.amount ?? "0",
    currency: p.currency,
  }),
  execute: (input) =>
    asApplier(input, async (tx, audit) => {
      const p = input.payload;
      const key = { organizationId: input.organizationId, kind: p.kind, currency: p.currency };
      const before = await tx.approvalThreshold.findUnique({ where: { organizationId_kind_currency: key } });
      const beforeJson = before ? { kind: before.kind, currency: before.currency, amount: new Decimal(before.amount.toString()).toFixed() } : null;
      const targetId = `${p.kind}:${p.currency}`;
      if (p.amount === null) {
        if (before) {
          await tx.approvalThreshold.delete({ where: { organizationId_kind_currency: key } });
          await audit({ action: "approval_threshold.removed", targetType: "approval_threshold", targetId, before: beforeJson, after: null });
        }
        return { status: "applied" };
      }
      const amount = new Decimal(p.amount).toFixed();
      await tx.approvalThreshold.upsert({
        where: { organizationId_kind_currency: key },
        create: { ...key, amount, updatedById: input.userId },
        update: { amount, updatedById: input.userId },
      });
      await audit({ action: "approval_threshold.set", targetType: "approval_threshold", targetId, before: beforeJson, after: { kind: p.kind, currency: p.currency, amount } });
      return { status: "applied" };
    }),
});

export const roleChangePayload = z
  .object({ userId: z.uuid(), name: z.string().min(1).max(200), from: z.enum(ROLES), role: z.enum(["approver", "admin"]) })
  .strict();

export const controlRole = defineExecutor("control_role", {
  label: "Role granted",
  payloadSchema: roleChangePayload,
  describe: (p) => ({ summary: `Make ${p.name} ${p.role === "admin" ? "an admin" : "an approver"} (now ${p.from})`, amount: "0", currency: CONTROL_CURRENCY }),
  execute: (input) =>
    asApplier(input, async (tx, audit) => {
      const p = input.payload;
      const target = await tx.user.findFirst({ where: { id: p.userId, organizationId: input.organizationId } });
      if (!target) throw new ActionError("That user is no longer on the team.");
      // Approved as "from -> role": if the role changed meanwhile, the approval no longer describes it.
      if (target.role !== p.from) throw new ActionError(`${p.name}'s role changed meanwhile; nothing was changed. Ask again.`);
      await tx.user.update({ where: { id: target.id }, data: { role: p.role, sessionVersion: { increment: 1 } } });
      await audit({ action: "team.role_changed", targetType: "user", targetId: target.id, before: { role: target.role }, after: { role: p.role } });
      return { status: "applied" };
    }),
});

export const inviteChangePayload = z.object({ userId: z.uuid(), name: z.string().min(1).max(200), role: z.enum(ROLES) }).strict();

/**
 * Approving a new link creates nothing yet: the link is created when the requester collects it
 * (issue-invite.ts), once, so it is never stored or shown to the approver.
 */
export const controlInvite = defineExecutor("control_invite", {
  label: "Sign-in link for an approver or admin",
  payloadSchema: inviteChangePayload,
  describe: (p) => ({ summary: `New sign-in link for ${p.name} (${p.role})`, amount: "0", currency: CONTROL_CURRENCY }),
  execute: async () => ({ status: "ready_to_collect" }),
});
