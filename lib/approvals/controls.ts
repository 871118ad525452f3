/**
 * Dual control over the controls. Loosening a control (raising an approval limit or a 24-hour
 * limit, granting the approver or admin role, a new sign-in link for an active approver or admin, a
 * new outbound webhook address, adding or replacing an API key) is not applied by the
 * admin who asks for it: it waits in the same Approvals inbox as money movement, for a different
 * person with the admin or approver role (decide.ts refuses the requester). Tightening applies at
 * once and never comes here.
 *
 * An organization with no second admin or approver cannot get a second pair of eyes, so there the
 * change applies by itself after SINGLE_ADMIN_DELAY_MS. Meanwhile it is announced to every member
 * (a banner on every page, see pendingAnnouncements) and in the audit log, and can be stopped in the
 * inbox: the requester cancels it, any other admin (or approver) rejects it. Nothing runs in the background: like expiry, whoever loads a page after the
 * due time applies it (applyDueControlChanges), with a conditional UPDATE so it applies once.
 */
import "server-only";
import { randomUUID } from "node:crypto";
import Decimal from "decimal.js";
import { writeAudit, type AuditActor } from "@/lib/audit";
import { ActionError, zodFieldErrors } from "@/lib/server-actions/safe-action";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { log } from "@/lib/log";
import { notify } from "@/lib/notifications/outbox";
import type { RequestContext } from "@/lib/request-context";
import { getExecutor, runExecutor, type Environment } from "./executor-registry";
import "./executors/index";
import { DEFAULT_EXPIRY_MS } from "./expiry";
import { destroyDeadHeldKeys } from "./held-keys";

/** How long a loosening waits, announced, where nobody else can approve it. */
export const SINGLE_ADMIN_DELAY_MS = 24 * 60 * 60 * 1000;
/** A delayed change stays appliable this long after its time, so a quiet week cannot lose it. */
const APPLY_GRACE_MS = 7 * 24 * 60 * 60 * 1000;
/** Roles that may approve a loosening (and whose presence decides between approval and delay). */
export const CONTROLLER_ROLES = ["admin", "approver"] as const;
/** Every control-change kind starts with this; money-movement screens leave them out. */
export const CONTROL_PREFIX = "control_";

export function isControlKind(kind: string): boolean {
  return kind.startsWith(CONTROL_PREFIX);
}

export interface ControlRequester {
  id: string;
  email: string;
  organizationId: string;
}

export interface ControlPending {
  status: "pending_approval";
  requestId: string;
  summary: string;
  /** Set when nobody else can approve: the change applies by itself at this time unless cancelled. */
  applyAt: string | null;
  message: string;
}

/** The user a change is about (a role or a link for them), who may not approve it either. */
function subjectOf(kind: string, payload: unknown): string | null {
  if (kind !== "control_role" && kind !== "control_invite") return null;
  const id = (payload as { userId?: unknown } | null)?.userId;
  return typeof id === "string" ? id : null;
}

/** Whether someone other than the requester (and the person concerned) could approve: an enabled admin or approver. */
export async function hasSecondController(organizationId: string, requesterId: string, subjectId: string | null = null): Promise<boolean> {
  const n = await db.user.count({
    where: { organizationId, role: { in: [...CONTROLLER_ROLES] }, disabled: false, id: { notIn: subjectId ? [requesterId, subjectId] : [requesterId] } },
  });
  return n > 0;
}

/** Called by decide.ts before an approval: nobody approves their own promotion or their own sign-in link. */
export function assertMayApproveControl(row: { kind: string; payload: unknown }, approverId: string): void {
  if (subjectOf(row.kind, row.payload) === approverId) {
    throw new ActionError("This change is about you, so someone else must approve it.");
  }
}

/** Store a loosening for a second person's approval (or for the announced delay). Writes the audit rows. */
export async function requestControlChange(input: {
  kind: string;
  payload: unknown;
  user: ControlRequester;
  environment: Environment;
  request: RequestContext;
}): Promise<ControlPending> {
  if (!isControlKind(input.kind)) throw new Error(`"${input.kind}" is not a control-change kind.`);
  const executor = getExecutor(input.kind);
  const parsed = executor.payloadSchema.safeParse(input.payload);
  if (!parsed.success) throw new ActionError("Some fields need attention.", zodFieldErrors(parsed.error));
  const d = executor.describe(parsed.data);
  const amount = new Decimal(d.amount).toFixed();

  // One open request per change: asking twice returns the one already waiting.
  const open = await db.approvalRequest.findFirst({
    where: { organizationId: input.user.organizationId, kind: input.kind, status: "pending", summary: d.summary, expiresAt: { gt: new Date() } },
  });
  if (open) return pendingOf(open.id, open.summary, open.applyAt);

  const now = Date.now();
  const second = await hasSecondController(input.user.organizationId, input.user.id, subjectOf(input.kind, parsed.data));
  const applyAt = second ? null : new Date(now + SINGLE_ADMIN_DELAY_MS);
  const expiresAt = applyAt ? new Date(applyAt.getTime() + APPLY_GRACE_MS) : new Date(now + DEFAULT_EXPIRY_MS);
  const actor: AuditActor = { id: input.user.id, email: input.user.email, organizationId: input.user.organizationId };
  const row = await db.$transaction(async (tx) => {
    const created = await tx.approvalRequest.create({
      data: {
        organizationId: input.user.organizationId,
        environment: input.environment,
        kind: input.kind,
        payload: parsed.data as Prisma.InputJsonValue,
        summary: d.summary,
        amount,
        currency: d.currency,
        status: "pending",
        attemptKey: randomUUID(),
        requestedById: input.user.id,
        expiresAt,
        applyAt,
      },
    });
    await writeAudit(tx, actor, input.request, {
      action: "approval.requested",
      targetType: "approval_request",
      targetId: created.id,
      environment: input.environment,
      after: { kind: input.kind, summary: d.summary, status: "pending", expiresAt: expiresAt.toISOString(), applyAt: applyAt?.toISOString() ?? null },
    });
    const told = {
      requestId: created.id,
      summary: d.summary,
      requestedBy: input.user.email,
      environment: input.environment,
      applyAt: applyAt?.toISOString() ?? null,
    };
    for (const kind of ["approval_waiting", "control_loosening"] as const) {
      await notify(tx, { organizationId: input.user.organizationId, kind, dedupeKey: `${kind}:${created.id}`, actorId: input.user.id, data: told });
    }
    if (applyAt) {
      await writeAudit(tx, actor, input.request, {
        action: "control_change.announced",
        targetType: "approval_request",
        targetId: created.id,
        environment: input.environment,
        after: { kind: input.kind, summary: d.summary, applyAt: applyAt.toISOString(), reason: "no second admin or approver" },
      });
    }
    return created;
  });
  return pendingOf(row.id, row.summary, row.applyAt);
}

/**
 * For add-user when the email belongs to another organization: the answer a real stand-in approver
 * request would get (same summary, same delay rule), with nothing stored, so the answer does not
 * reveal that the email exists elsewhere.
 */
export async function pendingRoleLookalike(user: ControlRequester, name: string, role: "approver" | "admin" | string): Promise<ControlPending> {
  const executor = getExecutor("control_role");
  const d = executor.describe({ userId: randomUUID(), name, from: "viewer", role });
  const second = await hasSecondController(user.organizationId, user.id);
  return pendingOf(randomUUID(), d.summary, second ? null : new Date(Date.now() + SINGLE_ADMIN_DELAY_MS));
}

function pendingOf(requestId: string, summary: string, applyAt: Date | null): ControlPending {
  return {
    status: "pending_approval",
    requestId,
    summary,
    applyAt: applyAt?.toISOString() ?? null,
    message: applyAt
      ? `Nobody else can approve this, so it applies on ${applyAt.toISOString().slice(0, 16).replace("T", " ")} UTC unless cancelled. Every member sees it until then.`
      : "This loosens a control, so it waits in Approvals for another admin or approver.",
  };
}

interface DueRow {
  id: string;
  kind: string;
  environment: Environment;
  payload: unknown;
  attempt_key: string;
  requested_by_id: string;
  summary: string;
}

/** Apply the organization's announced changes whose delay has passed; returns how many applied. */
export async function applyDueControlChanges(organizationId: string, now: Date = new Date()): Promise<number> {
  const claimed = await db.$queryRaw<DueRow[]>(Prisma.sql`
    UPDATE approval_requests
       SET status = 'approved', decided_at = ${now}, updated_at = ${now}
     WHERE organization_id = ${organizationId}::uuid
       AND status = 'pending'
       AND apply_at IS NOT NULL
       AND apply_at <= ${now}
       AND expires_at > ${now}
    RETURNING id, kind, environment, payload, attempt_key, requested_by_id, summary`);
  for (const r of claimed) {
    let result: Record<string, unknown>;
    try {
      const executor = getExecutor(r.kind);
      const payload = executor.payloadSchema.parse(r.payload);
      const response = await runExecutor(executor, {
        organizationId,
        environment: r.environment,
        payload,
        attemptKey: r.attempt_key,
        userId: r.requested_by_id,
      });
      result = { ok: true, outcome: "sent", response };
    } catch (err) {
      log.error({ err, approvalRequestId: r.id, kind: r.kind }, "controls: a due change could not be applied");
      const error = err instanceof ActionError ? err.message : "This change could not be applied. Nothing was changed; ask for it again.";
      result = { ok: false, outcome: "not_sent", error, retryable: false };
    }
    await db.$transaction(async (tx) => {
      await tx.approvalRequest.updateMany({
        where: { id: r.id, status: "approved" },
        data: { status: result.ok ? "sent" : "failed", result: result as Prisma.InputJsonValue },
      });
      // The delay did this, not a person: no actor, like expiry.
      await tx.auditLog.create({
        data: {
          organizationId,
          actorId: null,
          actorEmail: null,
          action: result.ok ? "control_change.applied_after_delay" : "control_change.apply_failed",
          targetType: "approval_request",
          targetId: r.id,
          environment: r.environment,
          before: { status: "pending" },
          after: { kind: r.kind, summary: r.summary, status: result.ok ? "sent" : "failed" },
        },
      });
    });
  }
  // A key addition that could not apply after its delay leaves no held copy behind.
  if (claimed.some((r) => r.kind === "control_api_key")) await destroyDeadHeldKeys(organizationId, now);
  return claimed.length;
}

export interface Announcement {
  id: string;
  summary: string;
  applyAt: string;
  requestedBy: string;
}

/** A loosening still waiting, as its own settings page lists it. applyAt: the announced delay, or null (a second person decides). */
export interface PendingControl {
  id: string;
  summary: string;
  applyAt: string | null;
  requestedBy: string;
}

/**
 * Control changes still pending, soonest first, with who asked. One statement: the shell reads the
 * announcements on every page view.
 */
async function pendingControls(organizationId: string, which: { announced: true } | { kinds: string[] }): Promise<PendingControl[]> {
  const filter = "announced" in which ? Prisma.sql`r.apply_at IS NOT NULL` : Prisma.sql`r.kind = ANY(${which.kinds}::text[])`;
  const rows = await db.$queryRaw<{ id: string; summary: string; apply_at: Date | null; requested_by: string | null }[]>(Prisma.sql`
    SELECT r.id, r.summary, r.apply_at, u.name AS requested_by
      FROM approval_requests r
      LEFT JOIN users u ON u.id = r.requested_by_id AND u.organization_id = r.organization_id
     WHERE r.organization_id = ${organizationId}::uuid
       AND r.status = 'pending'
       AND r.expires_at > ${new Date()}
       AND ${filter}
     ORDER BY r.apply_at ASC NULLS LAST, r.created_at ASC`);
  return rows.map((r) => ({
    id: r.id,
    summary: r.summary,
    applyAt: r.apply_at?.toISOString() ?? null,
    requestedBy: r.requested_by ?? "A former teammate",
  }));
}

/** What every member is told: loosenings that will apply by themselves, soonest first. */
export async function pendingAnnouncements(organizationId: string): Promise<Announcement[]> {
  await applyDueControlChanges(organizationId);
  const rows = await pendingControls(organizationId, { announced: true });
  return rows.map((r) => ({ ...r, applyAt: r.applyAt as string }));
}

/** Loosenings of these kinds still waiting, so the page where they were asked shows them until decided. */
export async function pendingControlChanges(organizationId: string, kinds: string[]): Promise<PendingControl[]> {
  return pendingControls(organizationId, { kinds });
}

/** null (no limit: every amount waits) is the tightest a limit can be. */
function looser(after: Decimal | null, before: Decimal | null): boolean {
  if (after === null) return false;
  return before === null || after.greaterThan(before);
}

/**
 * Whether setting (amount) or removing (null) the limit for kind and currency lets a larger amount
 * through without approval than today. Removing a kind's own limit falls back to the "*" limit,
 * which may be higher; removing the "*" limit leaves no limit, which is the tightest.
 */
export async function thresholdChangeLoosens(organizationId: string, kind: string, currency: string, amount: string | null): Promise<boolean> {
  const rows = await db.approvalThreshold.findMany({ where: { organizationId, currency, kind: { in: [kind, "*"] } } });
  const own = rows.find((r) => r.kind === kind);
  const star = rows.find((r) => r.kind === "*");
  const dec = (r: { amount: { toString(): string } } | undefined) => (r ? new Decimal(r.amount.toString()) : null);
  const before = dec(own) ?? (kind === "*" ? null : dec(star));
  const after = amount !== null ? new Decimal(amount) : kind === "*" ? null : dec(star);
  return looser(after, before);
}

/**
 * Whether setting (amount) or removing (null) a 24-hour limit lets more through than today. No
 * limit is the loosest a 24-hour limit can be (payments are judged per payment only), so a first
 * limit or a lower one tightens; raising or removing one loosens. Returns the limit before, for the
 * approver's "before -> after".
 */
export async function velocityChangeLoosens(
  organizationId: string,
  scope: "organization" | "requester",
  currency: string,
  amount: string | null,
): Promise<{ loosens: boolean; before: string | null }> {
  const row = await db.approvalVelocityLimit.findUnique({ where: { organizationId_currency_scope: { organizationId, currency, scope } } });
  if (!row) return { loosens: false, before: null };
  const before = new Decimal(row.amount.toString());
  return { loosens: amount === null || new Decimal(amount).greaterThan(before), before: before.toFixed() };
}

/** Granting a role that can approve or administer, to someone who did not have it (admin to approver is a step down). */
export function roleChangeLoosens(from: string, to: string): boolean {
  if (to === "admin") return from !== "admin";
  if (to === "approver") return from !== "approver" && from !== "admin";
  return false;
}

/** A new sign-in link lets whoever holds it into the account: for an enabled approver or admin it needs a second person. */
export function inviteNeedsControl(target: { role: string; disabled: boolean }): boolean {
  return !target.disabled && (target.role === "admin" || target.role === "approver");
}

/** An approved link is good for this long after approval; then it must be asked for again. */
export const APPROVED_INVITE_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Claim the requester's approved, not yet collected request for a new link to this user. The claim
 * is a conditional update on the row's version, so one approval yields one link.
 */
export async function collectApprovedInvite(user: ControlRequester, targetUserId: string): Promise<boolean> {
  const since = new Date(Date.now() - APPROVED_INVITE_TTL_MS);
  const rows = await db.approvalRequest.findMany({
    where: { organizationId: user.organizationId, kind: "control_invite", status: "sent", requestedById: user.id, decidedAt: { gt: since } },
    orderBy: { decidedAt: "desc" },
  });
  for (const row of rows) {
    const payload = row.payload as { userId?: string };
    const result = (row.result ?? {}) as Record<string, unknown>;
    if (payload.userId !== targetUserId || result.collectedAt) continue;
    const { count } = await db.approvalRequest.updateMany({
      where: { id: row.id, status: "sent", updatedAt: row.updatedAt },
      data: { result: { ...result, collectedAt: new Date().toISOString() } as Prisma.InputJsonValue },
    });
    if (count === 1) return true;
  }
  return false;
}
