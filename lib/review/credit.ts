import "server-only";
/**
 * Credit only on completion. The spec's webhook rule: "a client should credit a customer only on
 * the completed event". A final "credit the customer" decision on a deposit the provider has not
 * completed is held; the credit instruction (`deposit_review.credit_release`) goes to the
 * merchant's systems only once a `deposit.completed` event for that deposit is stored, and a
 * `deposit_review.credit_off` notice goes instead if the deposit ends `FAILED` (`deposit.failed`).
 * Older event names are already mapped to these by the intake, so `deposit.settled` counts too.
 *
 * Exactly once, across instances and repeated deliveries: every move out of `held` takes the
 * deposit's review lock and writes the new state and its outbound delivery row in one
 * transaction, and only a row still `held` moves. The intake settles the deposit right after it
 * stores an end event; the outbound worker also sweeps for held credits whose end event is already
 * stored (an instance stopped between the two, or a confirmation committed while the event was
 * being stored), so nothing depends on a process staying up.
 */
import { db, type Tx } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { log } from "@/lib/log";
import { decisionEventFields } from "./flags";
import { depositLockKey, lockDeposit, lockDepositsSql } from "./lock";
import { enqueueOutbound, ensureOutboundWorker } from "./outbound";
import type { Environment } from "@/lib/generated/prisma/enums";

export const CREDIT_RELEASE_EVENT = "deposit_review.credit_release";
export const CREDIT_OFF_EVENT = "deposit_review.credit_off";
export const CREDIT_EVENTS: readonly string[] = [CREDIT_RELEASE_EVENT, CREDIT_OFF_EVENT];
/** The deposit events that end a review one way or the other (current names). */
export const DEPOSIT_END_EVENTS: readonly string[] = ["deposit.completed", "deposit.failed"];

export type CreditState = "held" | "released" | "off";

export interface DepositEnd {
  id: string;
  name: string;
  occurredAt: Date | null;
  /** The deposit as the event describes it. */
  deposit: unknown;
}

/**
 * The stored event that ended the deposit, or null while it has not ended. If the provider ever
 * sent both, the first one stored counts (as the event store keeps the first terminal status).
 */
export async function depositEnd(tx: Tx, organizationId: string, environment: Environment, depositId: string): Promise<DepositEnd | null> {
  const e = await tx.webhookEvent.findFirst({
    where: { organizationId, environment, resourceType: "deposit", resourceId: depositId, name: { in: [...DEPOSIT_END_EVENTS] } },
    orderBy: [{ receivedAt: "asc" }, { id: "asc" }],
    select: { id: true, name: true, occurredAt: true, payload: true },
  });
  if (!e) return null;
  const payload = e.payload as { data?: unknown } | null;
  return { id: e.id, name: e.name, occurredAt: e.occurredAt, deposit: payload?.data ?? payload };
}

export function creditStateAfter(end: DepositEnd | null): CreditState {
  if (!end) return "held";
  return end.name === "deposit.completed" ? "released" : "off";
}

/** What the decision's own webhook says about the credit, so a receiver never credits on it. */
export function creditNotice(state: CreditState): { state: CreditState; instruction: string } {
  const instruction =
    state === "held"
      ? `Do not credit the customer yet: the provider has not completed this deposit. ${CREDIT_RELEASE_EVENT} follows when it does, or ${CREDIT_OFF_EVENT} if it fails.`
      : state === "released"
        ? `The provider has completed this deposit: credit the customer on the ${CREDIT_RELEASE_EVENT} webhook sent with this one.`
        : "The provider reports this deposit failed: do not credit the customer.";
  return { state, instruction };
}

interface HeldDecision {
  id: string;
  organizationId: string;
  environment: Environment;
  depositId: string;
  decision: string;
  reason: string;
  depositSnapshot: unknown;
}

/**
 * Moves one held decision to released or off and queues its webhook. The caller holds the
 * deposit's lock and has just read the decision as held; the conditional update makes a second
 * attempt a no-op all the same.
 */
export async function applyDepositEnd(tx: Tx, d: HeldDecision, end: DepositEnd): Promise<{ state: CreditState; deliveryId: string | null } | null> {
  const state = creditStateAfter(end);
  const moved = await tx.reviewDecision.updateMany({
    where: { id: d.id, creditState: "held" },
    data: { creditState: state, creditChangedAt: new Date(), creditEventId: end.id },
  });
  if (moved.count === 0) return null;
  const snapshot = d.depositSnapshot as { amount?: string; currency?: string; customer_id?: string | null } | null;
  const deliveryId = await enqueueOutbound(tx, {
    organizationId: d.organizationId,
    environment: d.environment,
    event: state === "released" ? CREDIT_RELEASE_EVENT : CREDIT_OFF_EVENT,
    decisionId: d.id,
    data: {
      ...decisionEventFields(d),
      credit: state === "released" ? "release" : "off",
      instruction:
        state === "released"
          ? "Credit the customer now: the provider completed this deposit."
          : "The credit is off: the provider reports this deposit failed. Do not credit the customer.",
      customer_id: snapshot?.customer_id ?? null,
      amount_at_decision: snapshot?.amount ?? null,
      currency_at_decision: snapshot?.currency ?? null,
      provider_event: { id: end.id, name: end.name, occurred_at: end.occurredAt?.toISOString() ?? null },
      // The deposit as the provider's end event shows it (settled amount, fees, customer amount).
      deposit: end.deposit as Prisma.InputJsonValue,
    },
  });
  return { state, deliveryId };
}

/** One deposit of one organization and environment. */
export interface DepositRef {
  organizationId: string;
  environment: Environment;
  depositId: string;
}

/**
 * The deposits among these with a credit held, asked under their review locks (so a credit being
 * held at this instant is seen once it commits) in one batched round trip. Nearly every deposit
 * ends with none held: then this is all its end event costs.
 */
async function withHeldCredit(refs: readonly DepositRef[]): Promise<DepositRef[]> {
  const byKey = new Map(refs.map((r) => [depositLockKey(r.organizationId, r.environment, r.depositId), r]));
  const keys = [...byKey.keys()].sort();
  const list = keys.map((k) => byKey.get(k)!);
  const [, held] = await db.$transaction([
    db.$executeRaw(lockDepositsSql(keys)),
    db.$queryRaw<{ organization_id: string; environment: Environment; deposit_id: string }[]>`
      SELECT DISTINCT organization_id::text AS organization_id, environment::text AS environment, deposit_id FROM review_decisions
       WHERE credit_state = 'held' AND (organization_id, environment, deposit_id) IN (
         SELECT * FROM unnest(${list.map((r) => r.organizationId)}::uuid[], ${list.map((r) => r.environment)}::"Environment"[], ${list.map((r) => r.depositId)}::text[]))`,
  ]);
  return held.map((h) => byKey.get(depositLockKey(h.organization_id, h.environment, h.deposit_id))!).filter(Boolean);
}

/** Releases or calls off the held credits of one deposit whose end event is stored, under its lock; returns how many moved. */
async function settleHeld({ organizationId, environment, depositId }: DepositRef): Promise<number> {
  const moved = await db.$transaction(async (tx) => {
    await lockDeposit(tx, organizationId, environment, depositId);
    const end = await depositEnd(tx, organizationId, environment, depositId);
    if (!end) return 0;
    const held = await tx.reviewDecision.findMany({ where: { organizationId, environment, depositId, creditState: "held" } });
    let n = 0;
    for (const d of held) if (await applyDepositEnd(tx, { ...d, environment: d.environment as Environment }, end)) n++;
    return n;
  });
  if (moved > 0) {
    ensureOutboundWorker();
    log.info({ organizationId, environment, depositId, moved }, "held review credits settled by the deposit's end event");
  }
  return moved;
}

/** Releases or calls off every held credit of one deposit whose end event is stored; returns how many moved. */
export async function settleDeposit(organizationId: string, environment: Environment, depositId: string): Promise<number> {
  const ref = { organizationId, environment, depositId };
  return (await withHeldCredit([ref])).length > 0 ? settleHeld(ref) : 0;
}

/** The worker's sweep: deposits with a held credit whose end event is already stored. */
export async function settleDueCredits(limit = 20): Promise<number> {
  const due = await db.$queryRaw<{ organization_id: string; environment: Environment; deposit_id: string }[]>`
    SELECT DISTINCT d.organization_id::text AS organization_id, d.environment::text AS environment, d.deposit_id
      FROM review_decisions d
     WHERE d.credit_state = 'held'
       AND EXISTS (
         SELECT 1 FROM webhook_events w
          WHERE w.organization_id = d.organization_id AND w.environment = d.environment
            AND w.resource_type = 'deposit' AND w.resource_id = d.deposit_id
            AND w.name IN ('deposit.completed', 'deposit.failed'))
     LIMIT ${limit}`;
  let moved = 0;
  for (const r of due) moved += await settleDeposit(r.organization_id, r.environment, r.deposit_id);
  return moved;
}

/**
 * Deposits whose end event was just stored, waiting for the check under way to finish: a burst of
 * end events (the intake stores them in batches) shares one check instead of one per event.
 */
const ending = new Map<string, { ref: DepositRef; done: (() => void)[] }>();
let draining = false;
// Each deposit of a check holds an advisory lock until it commits: bounded, as the lock table is.
const MAX_DEPOSITS_PER_CHECK = 200;

async function drainEnding(): Promise<void> {
  if (draining) return;
  draining = true;
  try {
    while (ending.size > 0) {
      const batch = [...ending.values()].slice(0, MAX_DEPOSITS_PER_CHECK);
      for (const b of batch) ending.delete(depositLockKey(b.ref.organizationId, b.ref.environment, b.ref.depositId));
      await settleEnded(batch.map((b) => b.ref));
      for (const b of batch) for (const done of b.done) done();
    }
  } finally {
    draining = false;
  }
}

/** Never throws: a deposit not settled now is found by the outbound worker's sweep (settleDueCredits). */
async function settleEnded(refs: DepositRef[]): Promise<void> {
  let held: DepositRef[];
  try {
    held = await withHeldCredit(refs);
  } catch (err) {
    notSettled(err, { deposits: refs.length });
    return;
  }
  for (const ref of held) await settleHeld(ref).catch((err: unknown) => notSettled(err, ref));
}

function notSettled(err: unknown, where: object): void {
  log.error(
    { err: err instanceof Error ? { name: err.name, message: err.message } : String(err), ...where },
    "held review credits not settled yet; the outbound worker retries",
  );
}

/** The intake's hook after storing a deposit's end event. Never throws: the event is stored, and the sweep retries. */
export function onDepositEnded(organizationId: string, environment: Environment, depositId: string): Promise<void> {
  return new Promise((resolve) => {
    const key = depositLockKey(organizationId, environment, depositId);
    const waiting = ending.get(key);
    if (waiting) waiting.done.push(resolve);
    else ending.set(key, { ref: { organizationId, environment, depositId }, done: [resolve] });
    void drainEnding();
  });
}
