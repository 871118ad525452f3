import "server-only";
/**
 * Deposit review decisions: an approver records one, a second, different approver confirms or
 * rejects it, and only then is it final and handed to the merchant's systems. The provider has no
 * endpoint for this, so nothing here ever claims the deposit's upstream status changed; the
 * deposit as the provider showed it is kept with the decision.
 */
import { ActionError } from "@/lib/server-actions/safe-action";
import type { CurrentUser } from "@/lib/auth/session";
import { db, type Tx } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { applyDepositEnd, CREDIT_EVENTS, creditNotice, creditStateAfter, depositEnd, type CreditState } from "./credit";
import { creditStage, decisionEventFields, type CreditStage, type Decision } from "./flags";
import { lockDeposit } from "./lock";
import { DECISION_EVENT, enqueueOutbound } from "./outbound";
import type { Environment } from "@/lib/generated/prisma/enums";
import type { CsvRow } from "@/lib/export/csv";
import { keysetPages, type ExportScope } from "@/lib/export/source";
import type { DecisionFilters } from "./decision-filters";

/** What a decision keeps of the deposit: the fields a reviewer and the merchant's systems need. */
export interface DepositSnapshot {
  id: string;
  status: string;
  settlement_status?: string | null;
  type?: string;
  amount: string;
  currency: string;
  customer_id?: string | null;
  funding_account_id?: string | null;
  flag_code?: string | null;
  flag_message?: string | null;
  created_at: string;
}

export function snapshotOf(d: DepositSnapshot & Record<string, unknown>): DepositSnapshot {
  return {
    id: d.id,
    status: String(d.status),
    settlement_status: d.settlement_status ?? null,
    type: d.type === undefined ? undefined : String(d.type),
    amount: d.amount,
    currency: d.currency,
    customer_id: d.customer_id ?? null,
    funding_account_id: d.funding_account_id ?? null,
    flag_code: d.flag_code ?? null,
    flag_message: d.flag_message ?? null,
    created_at: d.created_at,
  };
}

export const OPEN_OR_FINAL = ["awaiting_confirmation", "final"];

export async function recordDecision(tx: Tx, user: CurrentUser, input: { deposit: DepositSnapshot; decision: Decision; reason: string }) {
  const { deposit } = input;
  if (deposit.status !== "REQUIRES_REVIEW" && deposit.status !== "FLAGGED") {
    throw new ActionError(`The provider shows this deposit as ${deposit.status}, so it no longer needs a review decision.`);
  }
  // One open decision per deposit: concurrent requests for the same deposit queue here.
  await lockDeposit(tx, user.organizationId, user.environment, deposit.id);
  const existing = await tx.reviewDecision.findFirst({
    where: { organizationId: user.organizationId, environment: user.environment, depositId: deposit.id, status: { in: OPEN_OR_FINAL } },
  });
  if (existing?.status === "final") throw new ActionError("This deposit already has a final decision. Reload the page to see it.");
  if (existing) throw new ActionError("This deposit already has a decision waiting for a second approver. Confirm or reject that one first.");
  return tx.reviewDecision.create({
    data: {
      organizationId: user.organizationId,
      environment: user.environment,
      depositId: deposit.id,
      decision: input.decision,
      reason: input.reason,
      decidedById: user.id,
      depositSnapshot: deposit as unknown as Prisma.InputJsonValue,
    },
  });
}

async function openDecision(tx: Tx, user: CurrentUser, decisionId: string) {
  const d = await tx.reviewDecision.findFirst({ where: { id: decisionId, organizationId: user.organizationId, environment: user.environment } });
  if (!d) throw new ActionError("This decision no longer exists in this environment. Reload the page.");
  await lockDeposit(tx, user.organizationId, user.environment, d.depositId);
  const fresh = await tx.reviewDecision.findUniqueOrThrow({ where: { id: d.id } });
  if (fresh.status !== "awaiting_confirmation") {
    throw new ActionError(`This decision is already ${fresh.status === "final" ? "final" : fresh.status}. Reload the page to see it.`);
  }
  return fresh;
}

export const SELF_CONFIRM_REFUSED = "You recorded this decision, so a different approver must confirm it.";

/**
 * The second approver's confirmation: the decision becomes final and its delivery is queued. A
 * credit decision is held until the provider's deposit.completed is stored; if that event (or
 * deposit.failed) is already stored, the credit goes (or is called off) at once, in this
 * transaction. The deposit's lock, taken first, keeps an end event being settled at the same
 * moment from missing this decision.
 */
export async function confirmDecision(tx: Tx, user: CurrentUser, input: { decisionId: string; note?: string }) {
  const d = await openDecision(tx, user, input.decisionId);
  if (d.decidedById === user.id) throw new ActionError(SELF_CONFIRM_REFUSED);
  const credits = d.decision === "credit_customer";
  const end = credits ? await depositEnd(tx, user.organizationId, user.environment, d.depositId) : null;
  const confirmed = await tx.reviewDecision.update({
    where: { id: d.id },
    data: {
      status: "final",
      confirmedById: user.id,
      confirmedAt: new Date(),
      confirmNote: input.note || null,
      ...(credits ? { creditState: "held", creditChangedAt: new Date() } : {}),
    },
  });
  const people = await tx.user.findMany({ where: { id: { in: [d.decidedById, user.id] } }, select: { id: true, name: true, email: true } });
  const person = (id: string) => people.find((p) => p.id === id) ?? { id, name: null, email: null };
  const deliveryId = await enqueueOutbound(tx, {
    organizationId: user.organizationId,
    environment: user.environment,
    event: DECISION_EVENT,
    decisionId: d.id,
    data: {
      ...decisionEventFields(d),
      decided_by: person(d.decidedById),
      decided_at: d.createdAt.toISOString(),
      confirmed_by: person(user.id),
      confirmed_at: confirmed.confirmedAt!.toISOString(),
      confirm_note: confirmed.confirmNote,
      // The provider's view when the decision was made; the provider's status is not changed by it.
      deposit: d.depositSnapshot,
      // Never credit on this event: only on deposit_review.credit_release (credit.ts).
      credit: credits ? creditNotice(creditStateAfter(end)) : null,
    },
  });
  const credit = end ? await applyDepositEnd(tx, { ...confirmed, environment: user.environment }, end) : null;
  const creditState: CreditState | null = credits ? (credit?.state ?? "held") : null;
  return { before: d, after: { ...confirmed, creditState }, deliveryId, creditDeliveryId: credit?.deliveryId ?? null };
}

/** The second approver refuses, or the requester withdraws their own request. */
export async function rejectDecision(tx: Tx, user: CurrentUser, input: { decisionId: string; note: string }) {
  const d = await openDecision(tx, user, input.decisionId);
  const status = d.decidedById === user.id ? "withdrawn" : "rejected";
  const after = await tx.reviewDecision.update({
    where: { id: d.id },
    data: { status, confirmedById: user.id, confirmedAt: new Date(), confirmNote: input.note },
  });
  return { before: d, after };
}

export interface DecisionView {
  id: string;
  depositId: string;
  decision: string;
  reason: string;
  status: string;
  decidedBy: { id: string; name: string; email: string };
  confirmedBy: { id: string; name: string; email: string } | null;
  confirmedAt: Date | null;
  confirmNote: string | null;
  createdAt: Date;
  snapshot: DepositSnapshot;
  /** The newest provider status seen through webhooks after the decision, when it differs. */
  providerOutcome: { status: string; at: Date | null } | null;
  delivery: { status: string; attempts: number; lastError: string | null } | null;
  /** Credit decisions once final: held, released or off, and whether the merchant's systems acknowledged it. */
  credit: CreditView | null;
}

export interface CreditView {
  state: CreditState;
  stage: CreditStage;
  /** When the decision was held (its confirmation), and when the provider's end event moved it. */
  heldAt: Date | null;
  changedAt: Date | null;
  /** The provider's event that released or ended it. */
  event: { id: string; name: string; occurredAt: Date | null } | null;
  delivery: { status: string; attempts: number; lastError: string | null; deliveredAt: Date | null } | null;
}

async function withPeople(
  rows: Awaited<ReturnType<typeof db.reviewDecision.findMany<{ include: { deliveries: true } }>>>,
): Promise<Omit<DecisionView, "providerOutcome">[]> {
  const ids = [...new Set(rows.flatMap((r) => [r.decidedById, r.confirmedById]).filter((v): v is string => !!v))];
  const users = ids.length ? await db.user.findMany({ where: { id: { in: ids } }, select: { id: true, name: true, email: true } }) : [];
  const byId = new Map(users.map((u) => [u.id, u]));
  const person = (id: string) => byId.get(id) ?? { id, name: "A former teammate", email: "" };
  const creditEventIds = rows.map((r) => r.creditEventId).filter((v): v is string => !!v);
  const endEvents = creditEventIds.length
    ? await db.webhookEvent.findMany({ where: { id: { in: creditEventIds } }, select: { id: true, name: true, occurredAt: true } })
    : [];
  const eventById = new Map(endEvents.map((e) => [e.id, e]));
  return rows.map((r) => {
    const newestFirst = [...r.deliveries].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
    const last = newestFirst.find((x) => !CREDIT_EVENTS.includes(x.event));
    const creditDelivery = newestFirst.find((x) => CREDIT_EVENTS.includes(x.event));
    const state = r.creditState as CreditState | null;
    const credit: CreditView | null = state
      ? {
          state,
          stage: creditStage(state, creditDelivery?.status ?? null),
          heldAt: r.confirmedAt,
          changedAt: state === "held" ? null : r.creditChangedAt,
          event: r.creditEventId ? (eventById.get(r.creditEventId) ?? null) : null,
          delivery: creditDelivery
            ? { status: creditDelivery.status, attempts: creditDelivery.attempts, lastError: creditDelivery.lastError, deliveredAt: creditDelivery.deliveredAt }
            : null,
        }
      : null;
    return {
      id: r.id,
      depositId: r.depositId,
      decision: r.decision,
      reason: r.reason,
      status: r.status,
      decidedBy: person(r.decidedById),
      confirmedBy: r.confirmedById ? person(r.confirmedById) : null,
      confirmedAt: r.confirmedAt,
      confirmNote: r.confirmNote,
      createdAt: r.createdAt,
      snapshot: r.depositSnapshot as unknown as DepositSnapshot,
      delivery: last ? { status: last.status, attempts: last.attempts, lastError: last.lastError } : null,
      credit,
    };
  });
}

/** Every decision about one deposit, newest first, with what the provider did since. */
export async function decisionsForDeposit(
  organizationId: string,
  environment: Environment,
  depositId: string,
  providerStatus?: string | null,
): Promise<DecisionView[]> {
  const rows = await db.reviewDecision.findMany({
    where: { organizationId, environment, depositId },
    orderBy: { createdAt: "desc" },
    include: { deliveries: true },
  });
  const views = await withPeople(rows);
  // The deposit's newest state in the local copy (webhooks, writes and sweeps keep it).
  const state = await db.syncedObject.findUnique({
    where: { organizationId_environment_kind_providerId: { organizationId, environment, kind: "deposit", providerId: depositId } },
    select: { status: true, providerUpdatedAt: true, changedAt: true },
  });
  const at = state ? (state.providerUpdatedAt ?? state.changedAt) : null;
  return views.map((v) => ({ ...v, providerOutcome: outcomeOf(v.snapshot.status, providerStatus ?? state?.status ?? null, at) }));
}

function outcomeOf(statusAtDecision: string, statusNow: string | null, at: Date | null) {
  if (!statusNow || statusNow === statusAtDecision || statusNow === "FLAGGED" || statusNow === "REQUIRES_REVIEW") return null;
  return { status: statusNow, at };
}

/** Open and final decisions of many deposits (the queue), keyed by deposit id. */
export async function currentDecisions(organizationId: string, environment: Environment, depositIds: string[]): Promise<Map<string, DecisionView>> {
  if (!depositIds.length) return new Map();
  const rows = await db.reviewDecision.findMany({
    where: { organizationId, environment, depositId: { in: depositIds }, status: { in: OPEN_OR_FINAL } },
    orderBy: { createdAt: "desc" },
    include: { deliveries: true },
  });
  const views = await withPeople(rows);
  return new Map(views.map((v) => [v.depositId, { ...v, providerOutcome: null }]));
}

export const DECISION_CSV_COLUMNS = [
  "decision_id",
  "deposit_id",
  "decision",
  "status",
  "reason",
  "decided_by",
  "decided_at",
  "confirmed_by",
  "confirmed_at",
  "confirm_note",
  "amount",
  "currency",
  "flag_code",
  "provider_status_at_decision",
  "provider_status_now",
  "delivery_status",
  // Credit decisions only: held, credit_sent, credit_acknowledged, credit_undelivered, credit_released, credit_off.
  "credit_state",
  "credit_changed_at",
  "credit_provider_event",
  "credit_delivery_status",
] as const;

/**
 * Every decision of the filtered set (not one page), oldest first, as CSV rows: keyset-paged on
 * (created, id), with the people, end events and provider statuses looked up once per page.
 */
export async function* decisionCsvRows(scope: ExportScope, filters: DecisionFilters): AsyncGenerator<CsvRow> {
  const { organizationId, environment } = scope;
  const from = filters.from ? new Date(`${filters.from}T00:00:00.000Z`) : undefined;
  const to = filters.to ? new Date(`${filters.to}T23:59:59.999Z`) : undefined;
  const where: Prisma.ReviewDecisionWhereInput = {
    organizationId,
    environment,
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.deposit ? { depositId: filters.deposit } : {}),
    ...(from || to ? { createdAt: { ...(from ? { gte: from } : {}), ...(to ? { lte: to } : {}) } } : {}),
  };
  const pages = keysetPages(
    (after: { createdAt: Date; id: string } | null, take) =>
      db.reviewDecision.findMany({
        where: after ? { AND: [where, { OR: [{ createdAt: { gt: after.createdAt } }, { createdAt: after.createdAt, id: { gt: after.id } }] }] } : where,
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        include: { deliveries: true },
        take,
      }),
    (r) => ({ createdAt: r.createdAt, id: r.id }),
  );
  for await (const rows of pages) yield* await decisionPage(organizationId, environment, rows);
}

async function decisionPage(
  organizationId: string,
  environment: Environment,
  rows: Awaited<ReturnType<typeof db.reviewDecision.findMany<{ include: { deliveries: true } }>>>,
): Promise<CsvRow[]> {
  const views = await withPeople(rows);
  const states = await db.syncedObject.findMany({
    where: { organizationId, environment, kind: "deposit", providerId: { in: [...new Set(views.map((v) => v.depositId))] } },
    select: { providerId: true, status: true },
  });
  const now = new Map(states.map((s) => [s.providerId, s.status]));
  return views.map((v) => [
    v.id,
    v.depositId,
    v.decision,
    v.status,
    v.reason,
    v.decidedBy.email,
    v.createdAt.toISOString(),
    v.confirmedBy?.email ?? null,
    v.confirmedAt?.toISOString() ?? null,
    v.confirmNote,
    v.snapshot.amount,
    v.snapshot.currency,
    v.snapshot.flag_code ?? null,
    v.snapshot.status,
    now.get(v.depositId) ?? null,
    v.delivery?.status ?? null,
    v.credit?.stage ?? null,
    v.credit?.changedAt?.toISOString() ?? null,
    v.credit?.event?.name ?? null,
    v.credit?.delivery?.status ?? null,
  ]);
}
