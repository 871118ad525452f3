/**
 * Decisions on approval requests: approve (then send), reject, cancel, retry a send. Every state
 * change is a conditional UPDATE on the status it expects, committed with its audit row, so two
 * people acting at once can never both win: two approvers clicking together send once.
 *
 * Sending always uses the request's stored attempt key, so the idempotency ledger and the
 * provider's X-Idempotency-Key make a retry (after a timeout or a crash) a retry, never a second
 * payment.
 */
import "server-only";
import { writeAudit, type AuditActor } from "@/lib/audit";
import { ActionError } from "@/lib/server-actions/safe-action";
import { db } from "@/lib/db";
import type { Prisma, ApprovalRequest } from "@/lib/generated/prisma/client";
import { log } from "@/lib/log";
import type { RequestContext } from "@/lib/request-context";
import { UpstreamError } from "@/lib/upstream/errors";
import { LedgerError } from "@/lib/upstream/ledger";
import { QuotaFullError } from "@/lib/funding-accounts/quota";
import { findExecutor, runExecutor, type Environment, type ExecuteResult } from "./executor-registry";
import "./executors/index";
import { assertMayApproveControl, isControlKind } from "./controls";
import { expireDue } from "./expiry";
import { destroyDeadHeldKeys } from "./held-keys";

export interface Decider {
  id: string;
  email: string;
  organizationId: string;
  environment: Environment;
}

/**
 * A send in "approved" for longer than this is taken as interrupted and may be retried. Well above
 * the upstream client's longest write (no retry starts after 30 s, 15 s per attempt), so a retry
 * never overlaps a send that is still in flight.
 */
export const STUCK_SEND_MS = 60_000;

export const SELF_APPROVAL = "You requested this, so someone else must approve it.";

/** What is stored in `result` after a send. `retryable`: sending again with the same key is safe and useful. */
export type StoredResult =
  | { ok: true; outcome: "sent"; response: ExecuteResult }
  | { ok: false; outcome: "refused" | "unknown" | "not_sent"; error: string; code?: string; retryable: boolean; providerRequestId?: string | null };

export interface SendOutcome {
  requestId: string;
  status: "sent" | "failed";
  /** The provider's sentence when it failed. */
  error?: string;
  retryable?: boolean;
}

const STATUS_SENTENCE: Record<string, string> = {
  approved: "Someone already approved this request; it is being sent.",
  sent: "This request was already approved and sent.",
  failed: "This request was already approved; sending it failed. See its result below.",
  rejected: "This request was already rejected.",
  expired: "This request expired before anyone approved it. Ask the requester to submit it again.",
  cancelled: "The requester cancelled this request.",
};

function actorOf(user: Decider): AuditActor {
  return { id: user.id, email: user.email, organizationId: user.organizationId };
}

/**
 * Load a request of the user's organization, expiring overdue ones first. A money movement is acted
 * on from its own environment; a change to the controls is the organization's, from either.
 */
async function load(user: Decider, requestId: string): Promise<ApprovalRequest> {
  await expireDue(user.organizationId);
  const row = await db.approvalRequest.findFirst({ where: { id: requestId, organizationId: user.organizationId } });
  if (!row) throw new ActionError("This request could not be found. Reload the page.");
  if (row.environment !== user.environment && !isControlKind(row.kind)) {
    throw new ActionError(`This request belongs to ${row.environment}. Switch to ${row.environment} to act on it.`);
  }
  return row;
}

function refuseUnlessPending(row: ApprovalRequest): void {
  if (row.status !== "pending") throw new ActionError(STATUS_SENTENCE[row.status] ?? "This request is no longer waiting for a decision.");
}

/** After a conditional update matched nothing: say what happened instead. */
async function explainLostRace(user: Decider, requestId: string): Promise<never> {
  const now = await load(user, requestId);
  refuseUnlessPending(now);
  throw new ActionError("This request changed while you were deciding. Reload the page and look again.");
}

function snapshot(row: ApprovalRequest) {
  return { status: row.status, kind: row.kind, summary: row.summary, amount: row.amount.toFixed(), currency: row.currency };
}

/** Approve a pending request, then send it. Throws ActionError with a sentence when refused. */
export async function approveRequest(user: Decider, request: RequestContext, requestId: string, note?: string): Promise<SendOutcome> {
  const row = await load(user, requestId);
  if (row.requestedById === user.id) throw new ActionError(SELF_APPROVAL);
  assertMayApproveControl(row, user.id);
  refuseUnlessPending(row);

  const decidedAt = new Date();
  const won = await db.$transaction(async (tx) => {
    const { count } = await tx.approvalRequest.updateMany({
      where: { id: row.id, status: "pending", expiresAt: { gt: decidedAt }, requestedById: { not: user.id } },
      data: { status: "approved", decidedById: user.id, decidedAt, decisionNote: note || null },
    });
    if (count === 0) return false;
    await writeAudit(tx, actorOf(user), request, {
      action: "approval.approved",
      targetType: "approval_request",
      targetId: row.id,
      environment: row.environment,
      before: snapshot(row),
      after: { status: "approved", note: note || null },
    });
    return true;
  });
  if (!won) {
    // Expired between the read and the update, or another approver won: say which.
    if (row.expiresAt <= decidedAt) await expireDue(user.organizationId);
    return explainLostRace(user, requestId);
  }
  return send({ ...row, status: "approved" }, user, request);
}

/** Reject a pending request with a reason. */
export async function rejectRequest(user: Decider, request: RequestContext, requestId: string, reason: string): Promise<void> {
  const row = await load(user, requestId);
  if (row.requestedById === user.id) throw new ActionError("You requested this. Cancel it instead of rejecting it.");
  refuseUnlessPending(row);
  const decidedAt = new Date();
  const done = await db.$transaction(async (tx) => {
    const { count } = await tx.approvalRequest.updateMany({
      where: { id: row.id, status: "pending", expiresAt: { gt: decidedAt } },
      data: { status: "rejected", decidedById: user.id, decidedAt, decisionNote: reason },
    });
    if (count === 0) return false;
    await writeAudit(tx, actorOf(user), request, {
      action: "approval.rejected",
      targetType: "approval_request",
      targetId: row.id,
      environment: row.environment,
      before: snapshot(row),
      after: { status: "rejected", reason },
    });
    return true;
  });
  if (!done) await explainLostRace(user, requestId);
  if (row.kind === "control_api_key") await destroyDeadHeldKeys(user.organizationId);
}

/** The requester withdraws their own pending request. */
export async function cancelRequest(user: Decider, request: RequestContext, requestId: string): Promise<void> {
  const row = await load(user, requestId);
  if (row.requestedById !== user.id) throw new ActionError("Only the person who requested this can cancel it. Reject it instead if you disagree.");
  refuseUnlessPending(row);
  const now = new Date();
  const done = await db.$transaction(async (tx) => {
    const { count } = await tx.approvalRequest.updateMany({
      where: { id: row.id, status: "pending", requestedById: user.id, expiresAt: { gt: now } },
      data: { status: "cancelled", decidedById: user.id, decidedAt: now },
    });
    if (count === 0) return false;
    await writeAudit(tx, actorOf(user), request, {
      action: "approval.cancelled",
      targetType: "approval_request",
      targetId: row.id,
      environment: row.environment,
      before: snapshot(row),
      after: { status: "cancelled" },
    });
    return true;
  });
  if (!done) await explainLostRace(user, requestId);
  if (row.kind === "control_api_key") await destroyDeadHeldKeys(user.organizationId);
}

/** Whether a request may be sent again: its outcome is unknown, nothing left, or a send was interrupted. */
export function canRetry(row: Pick<ApprovalRequest, "status" | "result" | "updatedAt">, now = new Date()): boolean {
  if (row.status === "failed") return (row.result as StoredResult | null)?.ok === false && (row.result as { retryable?: boolean }).retryable === true;
  if (row.status === "approved") return now.getTime() - row.updatedAt.getTime() >= STUCK_SEND_MS;
  return false;
}

/** Send an approved request again with its stored attempt key (never a new one). */
export async function retryRequest(user: Decider, request: RequestContext, requestId: string): Promise<SendOutcome> {
  const row = await load(user, requestId);
  if (!canRetry(row)) {
    if (row.status === "approved") throw new ActionError("This request is being sent right now. Wait a minute, then reload the page.");
    if (row.status === "failed")
      throw new ActionError("The provider refused this request, so sending it again would fail the same way. Ask the requester to submit a corrected one.");
    throw new ActionError(
      row.status === "pending" ? "This request has not been approved yet." : (STATUS_SENTENCE[row.status] ?? "This request cannot be sent again."),
    );
  }
  // Claim the retry: only one person's retry goes ahead, and the claim marks the send as in flight.
  const claimedAt = new Date();
  const claimed = await db.$transaction(async (tx) => {
    const { count } = await tx.approvalRequest.updateMany({
      where: { id: row.id, status: row.status, updatedAt: row.updatedAt },
      data: { status: "approved", updatedAt: claimedAt },
    });
    if (count === 0) return false;
    await writeAudit(tx, actorOf(user), request, {
      action: "approval.retry_requested",
      targetType: "approval_request",
      targetId: row.id,
      environment: row.environment,
      before: { status: row.status, result: row.result },
      after: { status: "approved", attemptKey: row.attemptKey },
    });
    return true;
  });
  if (!claimed) throw new ActionError("Someone else is sending this request right now. Reload the page in a moment.");
  return send({ ...row, status: "approved" }, user, request);
}

function failure(err: unknown, requestId: string): StoredResult & { ok: false } {
  if (err instanceof UpstreamError) {
    const outcome = err.outcome === "refused" ? "refused" : err.outcome === "not_sent" ? "not_sent" : "unknown";
    return {
      ok: false,
      outcome,
      error: err.userMessage,
      code: err.code,
      retryable: outcome !== "refused",
      providerRequestId: err.requestId,
    };
  }
  // Today's funding-account quota is used up: nothing left, and sending again tomorrow is safe.
  if (err instanceof QuotaFullError) return { ok: false, outcome: "not_sent", error: err.message, retryable: true };
  if (err instanceof LedgerError) return { ok: false, outcome: "refused", error: err.message, code: err.code, retryable: false };
  // Ours, not the provider's: the send may or may not have left, and a retry reuses the same key.
  return {
    ok: false,
    outcome: "unknown",
    error: `Something went wrong on our side while sending. Reference ${requestId}. Sending again is safe: it reuses the same key.`,
    retryable: true,
  };
}

/** Execute an approved request and record the outcome. */
async function send(row: ApprovalRequest, user: Decider, request: RequestContext): Promise<SendOutcome> {
  const executor = findExecutor(row.kind);
  let stored: StoredResult;
  if (!executor) {
    stored = { ok: false, outcome: "not_sent", error: "This kind of request can no longer be sent by the app. Nothing was sent.", retryable: false };
  } else {
    const payload = executor.payloadSchema.safeParse(row.payload);
    if (!payload.success) {
      stored = {
        ok: false,
        outcome: "not_sent",
        error: "This request no longer matches what the app can send. Nothing was sent; ask the requester to submit it again.",
        retryable: false,
      };
    } else {
      try {
        const response = await runExecutor(executor, {
          organizationId: row.organizationId,
          environment: row.environment,
          payload: payload.data,
          attemptKey: row.attemptKey,
          userId: user.id,
        });
        stored = { ok: true, outcome: "sent", response };
      } catch (err) {
        // A control change refused when applied (e.g. its address now resolves inside) changed nothing: say why, once.
        if (err instanceof ActionError && isControlKind(row.kind)) {
          stored = { ok: false, outcome: "not_sent", error: err.message, retryable: false };
        } else {
          if (!(err instanceof UpstreamError) && !(err instanceof LedgerError)) {
            log.error({ err, approvalRequestId: row.id, kind: row.kind, requestId: request.requestId }, "approvals: send failed");
          }
          stored = failure(err, request.requestId);
        }
      }
    }
  }

  const status = stored.ok ? "sent" : "failed";
  await db.$transaction(async (tx) => {
    await tx.approvalRequest.updateMany({
      where: { id: row.id, status: "approved" },
      data: { status, result: stored as unknown as Prisma.InputJsonValue },
    });
    await writeAudit(tx, actorOf(user), request, {
      action: stored.ok ? "approval.sent" : "approval.send_failed",
      targetType: "approval_request",
      targetId: row.id,
      environment: row.environment,
      before: { status: "approved" },
      after: { status, attemptKey: row.attemptKey, result: stored },
    });
  });
  return stored.ok ? { requestId: row.id, status: "sent" } : { requestId: row.id, status: "failed", error: stored.error, retryable: stored.retryable };
}
