/**
 * Approval kinds for loosened controls (see lib/approvals/controls.ts): a raised approval limit or
 * 24-hour limit, a granted approver or admin role, a new sign-in link for an active approver or
 * admin, a new outbound webhook address, and an added or replaced API key. They
 * change this app's own tables, never the provider's, so `execute` writes to the database in one
 * transaction with its audit row, attributed to whoever applied it (the approver, or the requester
 * when an announced delay ran out).
 */
import "server-only";
import Decimal from "decimal.js";
import { z } from "zod";
import { writeAudit } from "@/lib/audit";
import { ActionError } from "@/lib/server-actions/safe-action";
import { ROLES } from "@/lib/auth/permissions";
import { defineExecutor, type ExecuteInput } from "@/lib/approvals/executor-registry";
import { db, type Tx } from "@/lib/db";
import { formatMoney } from "@/lib/money";
import { outboundPolicy, urlFieldProblem } from "@/lib/security/outbound-address";
import { forgetCachedKeys } from "@/lib/upstream/key-provider";
import { enqueueAccountCheck, noteKeyChanged } from "@/lib/ledger/account-check";
import { startSyncOf } from "@/lib/ledger/job-names";
import * as vault from "@/lib/vault";
import { checkApiKey } from "@/lib/vault/check";
import { ENVIRONMENT_LABELS, ENVIRONMENTS, SCOPES, SURFACE_LABELS, SURFACES } from "@/lib/vault/schemas";

async function asApplier<T>(
  input: ExecuteInput<unknown>,
  fn: (tx: Tx, audit: (e: Parameters<typeof writeAudit>[3]) => Promise<void>) => Promise<T>,
): Promise<T> {
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
    amount: z
      .string()
      .regex(/^\d+(\.\d+)?$/)
      .nullable(),
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
      await audit({
        action: "approval_threshold.set",
        targetType: "approval_threshold",
        targetId,
        before: beforeJson,
        after: { kind: p.kind, currency: p.currency, amount },
      });
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

const VELOCITY_SCOPE_WORDS = { organization: "whole-organization", requester: "per-requester" } as const;

export const velocityChangePayload = z
  .object({
    scope: z.enum(["organization", "requester"]),
    currency: z.string().regex(/^[A-Z0-9]{2,12}$/),
    /** The limit when asked, shown to the approver as "before -> after"; null: there was none. */
    before: z
      .string()
      .regex(/^\d+(\.\d+)?$/)
      .nullable(),
    /** The new limit, or null to remove it (payments are then judged per payment only). */
    amount: z
      .string()
      .regex(/^\d+(\.\d+)?$/)
      .nullable(),
  })
  .strict();

export const controlVelocity = defineExecutor("control_velocity", {
  label: "24-hour limit (loosened)",
  payloadSchema: velocityChangePayload,
  describe: (p) => {
    const what = `${VELOCITY_SCOPE_WORDS[p.scope]} 24-hour limit in ${p.currency}`;
    const before = p.before === null ? "none" : formatMoney(p.before, p.currency);
    return {
      summary: p.amount === null ? `Remove the ${what}: ${before} → none` : `Raise the ${what}: ${before} → ${formatMoney(p.amount, p.currency)}`,
      amount: p.amount ?? "0",
      currency: p.currency,
    };
  },
  execute: (input) =>
    asApplier(input, async (tx, audit) => {
      const p = input.payload;
      const key = { organizationId: input.organizationId, currency: p.currency, scope: p.scope };
      const targetId = `${p.scope}:${p.currency}`;
      const before = await tx.approvalVelocityLimit.findUnique({ where: { organizationId_currency_scope: key } });
      const beforeJson = before ? { scope: before.scope, currency: before.currency, amount: new Decimal(before.amount.toString()).toFixed() } : null;
      if (p.amount === null) {
        if (before) {
          await tx.approvalVelocityLimit.delete({ where: { organizationId_currency_scope: key } });
          await audit({ action: "approval_velocity_limit.removed", targetType: "approval_velocity_limit", targetId, before: beforeJson, after: null });
        }
        return { status: "applied" };
      }
      const amount = new Decimal(p.amount).toFixed();
      await tx.approvalVelocityLimit.upsert({
        where: { organizationId_currency_scope: key },
        create: { ...key, amount, updatedById: input.userId },
        update: { amount, updatedById: input.userId },
      });
      await audit({
        action: "approval_velocity_limit.set",
        targetType: "approval_velocity_limit",
        targetId,
        before: beforeJson,
        after: { scope: p.scope, currency: p.currency, amount },
      });
      return { status: "applied" };
    }),
});

export const outboundWebhookChangePayload = z
  .object({
    environment: z.enum(["sandbox", "production"]),
    url: z.string().url().max(2000),
    enabled: z.boolean(),
    /** The address when asked, for the approver's "before -> after"; null: none was set. */
    before: z.string().max(2000).nullable(),
  })
  .strict();

/**
 * A new address for the outbound webhook, which receives every final review decision. It is checked
 * against internal addresses again when applied (it was when asked): a name may resolve elsewhere
 * by then. The signing secret is not part of it: the requester handles that at once, so the approver
 * never sees one.
 */
export const controlOutboundWebhook = defineExecutor("control_outbound_webhook", {
  label: "Outbound webhook address",
  payloadSchema: outboundWebhookChangePayload,
  describe: (p) => ({
    summary: `Send ${p.environment} final decisions to ${new URL(p.url).host} (${p.url})${p.before ? `, instead of ${new URL(p.before).host}` : ""}`,
    amount: "0",
    currency: CONTROL_CURRENCY,
  }),
  execute: async (input) => {
    const p = input.payload;
    if (p.environment !== input.environment) throw new ActionError("This request no longer matches its environment. Nothing was changed; ask again.");
    const url = new URL(p.url);
    const problem = await urlFieldProblem(url, outboundPolicy(input.environment));
    if (problem) throw new ActionError(`Not applied: ${problem}`);
    return asApplier(input, async (tx, audit) => {
      const key = { organizationId: input.organizationId, environment: input.environment };
      const before = await tx.outboundWebhook.findUnique({ where: { organizationId_environment: key } });
      const after = await tx.outboundWebhook.upsert({
        where: { organizationId_environment: key },
        create: { ...key, url: url.toString(), enabled: p.enabled, updatedById: input.userId },
        update: { url: url.toString(), enabled: p.enabled, updatedById: input.userId },
      });
      await audit({
        action: "outbound_webhook.set",
        targetType: "outbound_webhook",
        targetId: input.environment,
        environment: input.environment,
        before: before ? { url: before.url, enabled: before.enabled } : null,
        after: { url: after.url, enabled: after.enabled },
      });
      return { status: "applied" };
    });
  },
});

export const apiKeyChangePayload = z
  .object({
    /** The vault record holding the sealed key until this is decided; the value itself is never here. */
    heldId: z.uuid(),
    environment: z.enum(ENVIRONMENTS),
    surface: z.enum(SURFACES),
    scopes: z.array(z.enum(SCOPES)).min(1),
    last4: z.string().max(4),
    /** The active key it replaces (revoked when this applies), or null for a key in an empty slot. */
    replacesId: z.uuid().nullable(),
    replacesLast4: z.string().max(4).nullable(),
  })
  .strict();

/**
 * An API key added or replaced: whoever holds it acts as the merchant at the provider. The key
 * waits sealed in the vault (status `held`); the approver sees its environment, surface, scopes and
 * last four characters only. Applying checks it with the provider again, stores it as an added key
 * is stored, and destroys the held copy; a refusal destroys it too (held-keys.ts does so on
 * rejection, cancel and expiry).
 */
export const controlApiKey = defineExecutor("control_api_key", {
  label: "API key",
  payloadSchema: apiKeyChangePayload,
  describe: (p) => {
    const slot = `${ENVIRONMENT_LABELS[p.environment]} ${SURFACE_LABELS[p.surface]} API key`;
    const scopes = `scopes ${p.scopes.join(", ")}`;
    return {
      summary: p.replacesId ? `Replace the ${slot} …${p.replacesLast4} with …${p.last4} (${scopes})` : `Add the ${slot} …${p.last4} (${scopes})`,
      amount: "0",
      currency: CONTROL_CURRENCY,
    };
  },
  execute: async (input) => {
    const p = input.payload;
    const held = await vault.openHeldApiKey(input.organizationId, p.heldId);
    if (held === null) throw new ActionError("The key held for this request is gone. Nothing was changed; add the key again.");
    const refuse = async (message: string): Promise<never> => {
      await vault.destroyHeldApiKeys(db, input.organizationId, [p.heldId]);
      throw new ActionError(`Not applied: ${message}`);
    };
    const key = held.key;
    const check = await checkApiKey({ environment: p.environment, surface: p.surface, key, scopes: p.scopes });
    if (!check.ok) return refuse(check.reason);
    let stored: vault.SecretMetadata;
    try {
      stored = await asApplier(input, async (tx, audit) => {
        // The key is the requester's (created by, and the old one revoked by, them); the audit row names who applied it.
        const args = { organizationId: input.organizationId, key, scopes: p.scopes, actorId: held.requestedById ?? input.userId };
        let m: vault.SecretMetadata;
        if (p.replacesId) {
          const swap = await vault.replaceApiKey(tx, { ...args, id: p.replacesId });
          m = swap.after;
          await audit({
            action: "vault.api_key_replaced",
            targetType: "api_key",
            targetId: m.id,
            environment: m.environment,
            before: { id: swap.before.id, ...vault.auditView(swap.before) },
            after: vault.auditView(m),
          });
        } else {
          m = await vault.addApiKey(tx, { ...args, environment: p.environment, surface: p.surface });
          await audit({ action: "vault.api_key_added", targetType: "api_key", targetId: m.id, environment: m.environment, after: vault.auditView(m) });
        }
        await vault.destroyHeldApiKeys(tx, input.organizationId, [p.heldId]);
        // Sync reads of this surface begun with the old key are refused from the commit on.
        await noteKeyChanged(tx, { organizationId: input.organizationId, environment: m.environment }, m.surface);
        return m;
      });
    } catch (err) {
      if (err instanceof vault.VaultError) return refuse(err.message);
      throw err;
    }
    forgetCachedKeys(input.organizationId); // this instance sends the new state at once; others within the cache TTL
    const scope = { organizationId: input.organizationId, environment: stored.environment };
    // A key of another provider account: the copy of its surface is read again from scratch, never mixed.
    await enqueueAccountCheck(scope, stored.surface);
    // The local copy starts filling now: newest pages within seconds, history at the lowest priority.
    await startSyncOf(scope);
    return { status: "applied", keyId: stored.id, last4: stored.last4 };
  },
});
