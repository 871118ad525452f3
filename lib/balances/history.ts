/**
 * Balance over time, derived rather than stored: start from the balances the provider shows now and
 * walk back through every change we know of (webhook events stored by the intake, and the balance
 * moves the provider lists), undoing each one. Pure functions, so the derivation is tested without
 * a database. Client-safe (no server imports).
 *
 * Which change touches which balance follows the provider's rules (spec and the sandbox's notes):
 * - deposit.completed: INTERNAL_BALANCE in NGN -> withdrawal NGN; INTERNAL_BALANCE in USD -> the
 *   collection balance, or the withdrawal balance for the merchant's own NGN account (a deposit
 *   without a customer); settled elsewhere (on chain, to the customer) -> only a developer fee the
 *   merchant keeps, NGN to withdrawal NGN, otherwise to the collection balance.
 * - transfers and merchant withdrawals debit withdrawal USD when created and give it back on failure.
 * - balance moves take from collection USD and add to withdrawal USD (the provider sends no event for
 *   them, so they come from its list of moves).
 */
import Decimal from "decimal.js";

export type BalanceKey = "collectionUsd" | "withdrawalUsd" | "withdrawalNgn";
export const BALANCE_KEYS: readonly BalanceKey[] = ["collectionUsd", "withdrawalUsd", "withdrawalNgn"];

export interface BalanceDelta {
  at: Date;
  key: BalanceKey;
  /** Signed: positive credits, negative debits. */
  amount: Decimal;
  /** What caused it, for the table fallback: "deposit", "transfer", "withdrawal", "balance move". */
  cause: string;
  /** Identity of the change, so the same change counted twice (two event names) is counted once. */
  id: string;
}

/** The event columns the derivation needs. */
export interface StoredEventLike {
  name: string;
  resourceId: string | null;
  occurredAt: Date | null;
  receivedAt: Date;
  payload: unknown;
}

export interface BalanceMoveLike {
  id: string;
  amount_usd: string;
  status: string;
  created_at?: string | null;
}

/** The event names whose payload can change a merchant balance (current names; the intake maps older ones). */
export const BALANCE_EVENT_NAMES = [
  "deposit.completed",
  "transfer.created",
  "transfer.processing",
  "transfer.requires_review",
  "transfer.completed",
  "transfer.failed",
  "withdrawal.created",
  "withdrawal.submitted",
  "withdrawal.completed",
  "withdrawal.failed",
] as const;

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === "object" && v !== null && !Array.isArray(v);
const DEC = /^-?\d+(\.\d+)?$/;
function dec(v: unknown): Decimal | null {
  if (typeof v === "number" && Number.isFinite(v)) return new Decimal(String(v));
  return typeof v === "string" && DEC.test(v.trim()) ? new Decimal(v.trim()) : null;
}
function date(v: unknown): Date | null {
  if (typeof v !== "string") return null;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? null : d;
}
const eventTime = (e: StoredEventLike) => e.occurredAt ?? e.receivedAt;

/** The resource inside a stored body: core bodies carry it as `data`. */
function dataOf(payload: unknown): Rec | null {
  if (!isRec(payload)) return null;
  return isRec(payload.data) ? payload.data : null;
}

function depositDelta(e: StoredEventLike, d: Rec): BalanceDelta | null {
  const id = `deposit:${String(d.id ?? e.resourceId)}`;
  const at = eventTime(e);
  const mode = String(d.settlement_mode ?? "");
  const currency = String(d.settled_currency ?? "").toUpperCase();
  const settled = dec(d.settled_amount);
  if (mode === "INTERNAL_BALANCE" && settled) {
    if (currency === "NGN") return { at, key: "withdrawalNgn", amount: settled, cause: "deposit", id };
    // The merchant's own NGN account has no customer; its USD settles to the withdrawal balance.
    const ownAccount = d.type === "NGN_DEPOSIT" && (d.customer_id === null || d.customer_id === undefined);
    return { at, key: ownAccount ? "withdrawalUsd" : "collectionUsd", amount: settled, cause: "deposit", id };
  }
  const fee = isRec(d.developer_fee) ? dec(d.developer_fee.amount) : null;
  if (fee?.gt(0)) {
    const feeCurrency = String((d.developer_fee as Rec).currency ?? "").toUpperCase();
    return { at, key: feeCurrency === "NGN" ? "withdrawalNgn" : "collectionUsd", amount: fee, cause: "deposit developer fee", id };
  }
  return null;
}

/**
 * Every balance change the stored events show. A debit is placed at the resource's creation time
 * (from its payload) whichever of its events arrived, once per resource; a refund once per failure.
 */
export function deltasFromEvents(events: readonly StoredEventLike[]): BalanceDelta[] {
  const out = new Map<string, BalanceDelta>();
  for (const e of events) {
    const d = dataOf(e.payload);
    if (!d) continue;
    const [family, step] = e.name.split(".", 2) as [string, string | undefined];
    if (e.name === "deposit.completed") {
      const delta = depositDelta(e, d);
      if (delta && !out.has(delta.id)) out.set(delta.id, delta);
      continue;
    }
    if (family !== "transfer" && family !== "withdrawal") continue;
    const rid = String(d.id ?? e.resourceId ?? "");
    if (!rid) continue;
    // Transfers debit `debit_amount`; merchant withdrawals debit amount plus fee.
    const amount =
      family === "transfer"
        ? String(d.debit_currency ?? "USD").toUpperCase() === "USD"
          ? dec(d.debit_amount)
          : null
        : (() => {
            const a = dec(d.amount_usd);
            return a ? a.plus(dec(d.fee_usd) ?? 0) : null;
          })();
    if (!amount) continue;
    const debitId = `${family}:${rid}:debit`;
    if (!out.has(debitId)) {
      out.set(debitId, { at: date(d.created_at) ?? eventTime(e), key: "withdrawalUsd", amount: amount.negated(), cause: family, id: debitId });
    }
    if (step === "failed") {
      const refundId = `${family}:${rid}:refund`;
      if (!out.has(refundId)) out.set(refundId, { at: eventTime(e), key: "withdrawalUsd", amount, cause: `${family} refund`, id: refundId });
    }
  }
  return [...out.values()];
}

/** Completed balance moves: out of collection, into withdrawal USD, at their creation time. */
export function deltasFromMoves(moves: readonly BalanceMoveLike[]): BalanceDelta[] {
  const out: BalanceDelta[] = [];
  for (const m of moves) {
    if (m.status !== "COMPLETED") continue;
    const amount = dec(m.amount_usd);
    const at = date(m.created_at);
    if (!amount || !at) continue;
    const id = `move:${m.id}`;
    out.push({ at, key: "collectionUsd", amount: amount.negated(), cause: "balance move", id: `${id}:out` });
    out.push({ at, key: "withdrawalUsd", amount, cause: "balance move", id: `${id}:in` });
  }
  return out;
}

export interface BalancePoint {
  at: string;
  collectionUsd: string;
  withdrawalUsd: string;
  withdrawalNgn: string | null;
}

export interface BalanceSeries {
  from: string;
  to: string;
  points: BalancePoint[];
  /** How many changes fell inside the window. */
  changes: number;
  /** When there were more changes than points: the length of the period each point closes, in ms. */
  bucketMs: number | null;
}

/** At most this many points reach the page: beyond it the chart and its table stop being readable. */
export const MAX_POINTS = 400;

interface Snapshot {
  at: Date;
  v: Record<BalanceKey, Decimal>;
}

/**
 * Points in time order, each the balances right after a change, from `from` (before the first
 * change in the window) to `to` (the current balances). Changes after `to` are undone first, so a
 * current figure fetched a little after `to` still anchors the line correctly. With more changes
 * than `maxPoints`, the window is cut into equal periods and each keeps its closing balances.
 */
export function deriveSeries(
  current: { collectionUsd: string; withdrawalUsd: string; withdrawalNgn: string | null },
  deltas: readonly BalanceDelta[],
  window: { from: Date; to: Date },
  maxPoints = MAX_POINTS,
): BalanceSeries {
  const hasNgn = current.withdrawalNgn !== null;
  const value: Record<BalanceKey, Decimal> = {
    collectionUsd: new Decimal(current.collectionUsd),
    withdrawalUsd: new Decimal(current.withdrawalUsd),
    withdrawalNgn: new Decimal(current.withdrawalNgn ?? 0),
  };
  const sorted = [...deltas].filter((d) => d.at >= window.from).sort((a, b) => b.at.getTime() - a.at.getTime() || a.id.localeCompare(b.id));
  const snap = (at: Date): Snapshot => ({ at, v: { ...value } });
  const backwards: Snapshot[] = [];
  let i = 0;
  for (; i < sorted.length && sorted[i]!.at > window.to; i++) value[sorted[i]!.key] = value[sorted[i]!.key].minus(sorted[i]!.amount);
  backwards.push(snap(window.to));
  let changes = 0;
  while (i < sorted.length) {
    const at = sorted[i]!.at;
    // Several changes at one instant make one point.
    if (backwards[backwards.length - 1]!.at.getTime() !== at.getTime()) backwards.push(snap(at));
    for (; i < sorted.length && sorted[i]!.at.getTime() === at.getTime(); i++) {
      value[sorted[i]!.key] = value[sorted[i]!.key].minus(sorted[i]!.amount);
      changes++;
    }
  }
  backwards.push(snap(window.from));
  let points = backwards.reverse();
  let bucketMs: number | null = null;
  if (points.length > maxPoints + 2) {
    const span = Math.max(1, window.to.getTime() - window.from.getTime());
    bucketMs = Math.ceil(span / maxPoints);
    const kept: Snapshot[] = [points[0]!];
    for (let k = 1; k < points.length - 1; k++) {
      const bucket = Math.floor((points[k]!.at.getTime() - window.from.getTime()) / bucketMs);
      const next = points[k + 1]!;
      const nextBucket = Math.floor((next.at.getTime() - window.from.getTime()) / bucketMs);
      // The last change of each period carries the balances that period closed with.
      if (nextBucket !== bucket || k === points.length - 2) kept.push(points[k]!);
    }
    kept.push(points[points.length - 1]!);
    points = kept;
  }
  return {
    from: window.from.toISOString(),
    to: window.to.toISOString(),
    points: points.map((p) => ({
      at: p.at.toISOString(),
      collectionUsd: p.v.collectionUsd.toFixed(2),
      withdrawalUsd: p.v.withdrawalUsd.toFixed(2),
      withdrawalNgn: hasNgn ? p.v.withdrawalNgn.toFixed(2) : null,
    })),
    changes,
    bucketMs,
  };
}
