/**
 * The one entry point for money movement that may need a second approver. A form's server action
 * (with its own permission, e.g. "transfer:create") calls:
 *
 *   const r = await submitMoneyMovement({
 *     kind: "transfer", payload, attemptKey: ctx.input.attemptKey, user: ctx.user,
 *     environment: ctx.user.environment, request: ctx.request,
 *   });
 *   // r.status === "sent": r.result is the executor's answer (at or under the threshold)
 *   // r.status === "pending_approval": r.requestId waits in the approvals inbox
 *
 * This function writes the audit rows (the request, or the direct send), so the calling action
 * does not audit the same thing again. An invalid payload throws `ActionError` with field errors;
 * a provider refusal of a direct send throws `UpstreamError`; `defineAction` turns both into the
 * form's sentence.
 *
 * Submitting the same attempt key again (double click, reload) never creates a second request or
 * a second send: a pending request is returned as it is, a direct send is a ledger retry.
 */
import "server-only";
import Decimal from "decimal.js";
import { writeAudit } from "@/lib/audit";
import { ActionError, zodFieldErrors } from "@/lib/server-actions/safe-action";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { requestContext, type RequestContext } from "@/lib/request-context";
import { notify } from "@/lib/notifications/outbox";
import { UpstreamError } from "@/lib/upstream/errors";
import { canonicalJson } from "@/lib/upstream/ledger";
import { getExecutor, normalizeDescription, runExecutor, type Environment, type ExecuteResult } from "./executor-registry";
import "./executors/index";
import { DEFAULT_EXPIRY_MS, expireDue } from "./expiry";
import { thresholdFor, withinThreshold } from "./thresholds";
import { judge, lockCurrency, runningTotals, velocityAmount, velocityLimits, type VelocityVerdict } from "./velocity";

export interface Submitter {
  id: string;
  email: string;
  organizationId: string;
}

export interface SubmitInput {
  kind: string;
  payload: unknown;
  /** The form's attempt key (lib/upstream/attempt.ts): stored with the request and reused on send. */
  attemptKey: string;
  user: Submitter;
  environment: Environment;
  /** The action's request context (ctx.request); read from the request headers when omitted. */
  request?: RequestContext;
  /** How long a request may wait for a decision; 24 hours unless the caller says otherwise. */
  expiresInMs?: number;
}

export type SubmitResult =
  | { status: "sent"; result: ExecuteResult; summary: string; amount: string; currency: string }
  | { status: "pending_approval"; requestId: string; expiresAt: string; summary: string; amount: string; currency: string };

const ALREADY: Record<string, string> = {
  approved: "This request was already approved and is being sent. See Approvals for its outcome.",
  sent: "This request was already approved and sent. Reload the page to start a new one.",
  failed: "This request was approved but the provider did not accept it. See Approvals for the reason.",
  rejected: "This request was rejected. Reload the page to start a new one.",
  expired: "This request expired before anyone approved it. Reload the page to start a new one.",
  cancelled: "This request was cancelled. Reload the page to start a new one.",
};

function isUniqueViolation(err: unknown): boolean {
  return err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002";
}

/** The outcome for an attempt key that already has a request: the same answer, or a sentence why not. */
async function existingOutcome(input: SubmitInput, payload: unknown): Promise<SubmitResult | null> {
  const existing = await db.approvalRequest.findUnique({ where: { attemptKey: input.attemptKey } });
  if (!existing) return null;
  if (
    existing.organizationId !== input.user.organizationId ||
    existing.kind !== input.kind ||
    existing.environment !== input.environment ||
    canonicalJson(existing.payload) !== canonicalJson(payload)
  ) {
    throw new ActionError("This form was already submitted with other values. Reload the page to start a new one.");
  }
  let status = existing.status;
  if (status === "pending" && existing.expiresAt <= new Date()) {
    await expireDue(existing.organizationId);
    status = "expired";
  }
  const described = { summary: existing.summary, amount: new Decimal(existing.amount.toString()).toFixed(), currency: existing.currency };
  if (status === "pending") {
    return { status: "pending_approval", requestId: existing.id, expiresAt: existing.expiresAt.toISOString(), ...described };
  }
  throw new ActionError(ALREADY[status] ?? "This request was already submitted. See Approvals for its state.");
}

export async function submitMoneyMovement(input: SubmitInput): Promise<SubmitResult> {
  const executor = getExecutor(input.kind);
  const parsed = executor.payloadSchema.safeParse(input.payload);
  if (!parsed.success) throw new ActionError("Some fields need attention.", zodFieldErrors(parsed.error));
  const payload = parsed.data;
  const d = normalizeDescription(input.kind, executor.describe(payload));

  const again = await existingOutcome(input, payload);
  if (again) return again;

  const request = input.request ?? (await requestContext());
  const actor = { id: input.user.id, email: input.user.email, organizationId: input.user.organizationId };
  const threshold = await thresholdFor(db, input.user.organizationId, executor.thresholdKind ?? input.kind, d.currency);
  const always = executor.alwaysNeedsApproval?.(payload) ?? false;
  const counted = velocityAmount(input.kind, d);
  const scope = { organizationId: input.user.organizationId, environment: input.environment };

  // A direct send already recorded under this key (a retry after a timeout) is sent again with the
  // same key, a ledger retry: it was counted and judged the first time.
  const recorded = await db.directMovement.findUnique({ where: { attemptKey: input.attemptKey } });
  // Typed by assertion: it is set inside the transaction's callback.
  let velocity = null as VelocityVerdict | null;
  const direct = recorded !== null && recorded.organizationId === scope.organizationId && recorded.kind === input.kind;
  const expiresAt = new Date(Date.now() + (input.expiresInMs ?? DEFAULT_EXPIRY_MS));
  let created: { id: string; expiresAt: Date } | null = null;

  if (!direct) {
    try {
      // Judge and record in one transaction under the currency's lock: a parallel submission waits
      // here and then counts this one.
      created = await db.$transaction(
        async (tx) => {
          if (counted) {
            await lockCurrency(tx, scope.organizationId, scope.environment, counted.currency);
            const limits = await velocityLimits(scope.organizationId, counted.currency, tx);
            if (limits.organization || limits.requester) {
              const totals = await runningTotals(tx, { ...scope, currency: counted.currency, requesterId: input.user.id });
              velocity = judge(totals, limits, counted.amount);
            }
          }
          const v = velocity;
          if (!always && withinThreshold(d.amount, threshold) && !(v && v.exceeded.length > 0)) {
            if (counted) {
              await tx.directMovement.create({
                data: {
                  ...scope,
                  kind: input.kind,
                  amount: counted.amount,
                  currency: counted.currency,
                  requestedById: input.user.id,
                  attemptKey: input.attemptKey,
                },
              });
            }
            return null;
          }
          const row = await tx.approvalRequest.create({
            data: {
              ...scope,
              kind: input.kind,
              payload: payload as Prisma.InputJsonValue,
              summary: d.summary,
              amount: d.amount,
              currency: d.currency,
              status: "pending",
              attemptKey: input.attemptKey,
              requestedById: input.user.id,
              expiresAt,
            },
          });
          await writeAudit(tx, actor, request, {
            action: "approval.requested",
            targetType: "approval_request",
            targetId: row.id,
            environment: input.environment,
            after: {
              kind: input.kind,
              summary: d.summary,
              amount: d.amount,
              currency: d.currency,
              status: "pending",
              expiresAt: expiresAt.toISOString(),
              threshold: threshold ? { kind: threshold.kind, amount: threshold.amount.toFixed() } : null,
              ...(always ? { reason: "always_needs_approval" } : {}),
              ...(v ? { velocity: v } : {}),
            },
          });
          await notify(tx, {
            organizationId: scope.organizationId,
            kind: "approval_waiting",
            dedupeKey: `approval:${row.id}`,
            actorId: input.user.id,
            data: {
              requestId: row.id,
              summary: d.summary,
              amount: d.amount,
              currency: d.currency,
              requestedBy: input.user.email,
              environment: input.environment,
              expiresAt: expiresAt.toISOString(),
            },
          });
          return row;
        },
        { timeout: 15_000 },
      );
    } catch (err) {
      // A concurrent submission of the same form (double click) stored it first: answer with theirs.
      if (isUniqueViolation(err)) {
        const theirs = await existingOutcome(input, payload);
        if (theirs) return theirs;
        if (await db.directMovement.findUnique({ where: { attemptKey: input.attemptKey } })) created = null;
        else throw err;
      } else throw err;
    }
  }

  if (created) return { status: "pending_approval", requestId: created.id, expiresAt: created.expiresAt.toISOString(), ...d };

  {
    let result: ExecuteResult;
    try {
      result = await runExecutor(executor, {
        organizationId: input.user.organizationId,
        environment: input.environment,
        payload,
        attemptKey: input.attemptKey,
        userId: input.user.id,
      });
    } catch (err) {
      // A definitive refusal moved nothing, so it stops counting towards the 24-hour totals.
      if (err instanceof UpstreamError && err.outcome === "refused") {
        await db.directMovement.updateMany({ where: { attemptKey: input.attemptKey }, data: { status: "refused" } });
      }
      throw err;
    }
    await db.directMovement.updateMany({ where: { attemptKey: input.attemptKey }, data: { status: "sent" } });
    await db.$transaction((tx) =>
      writeAudit(tx, actor, request, {
        action: "money_movement.sent",
        targetType: input.kind,
        targetId: typeof result.resourceId === "string" ? result.resourceId : null,
        environment: input.environment,
        after: {
          summary: d.summary,
          amount: d.amount,
          currency: d.currency,
          attemptKey: input.attemptKey,
          threshold: threshold ? { kind: threshold.kind, amount: threshold.amount.toFixed() } : null,
          ...(velocity ? { velocity } : {}),
          result,
        },
      }),
    );
    return { status: "sent", result, ...d };
  }
}
