/**
 * NGN rates: a new rate per target and side every 10 minutes of emulated time, each valid for 30
 * minutes. Rates are NGN per one unit of the target. Stored per merchant so a rate_id can be looked
 * up (and found expired) later.
 */
import { randomUUID } from "node:crypto";
import { Decimal, div, fixed, mul } from "../lib/money";
import type { CoreSlice, RateRecord, RateSide, RateTarget } from "./types";

export const RATE_ROTATION_MS = 10 * 60 * 1000;
export const RATE_VALIDITY_MS = 30 * 60 * 1000;
export const RATE_FEE_BPS = 50;
export const MIN_DEPOSIT_NGN = "1000.00";
export const RATE_TARGETS: readonly RateTarget[] = ["USDC", "USDT", "USD"];
export const RATE_SIDES: readonly RateSide[] = ["BUY", "SELL"];

/** Keep expired rates a while (deposits and transfers refer to them), then drop them. */
const RATE_RETENTION_MS = 3 * 24 * 60 * 60 * 1000;

const BASE_MID: Record<RateTarget, string> = { USD: "1550.00", USDC: "1551.50", USDT: "1552.50" };

/**
 * Mid rate for a 10-minute bucket: the base plus a deterministic wobble of at most +/- 12 NGN,
 * computed in integer kobo so the same bucket always gives the same rate.
 */
export function midRate(bucket: number, to: RateTarget): Decimal {
  const wobbleKobo = ((bucket * 7919) % 2401) - 1200;
  return new Decimal(BASE_MID[to]).plus(new Decimal(wobbleKobo).dividedBy(100));
}

/** BUY (NGN -> target) costs 0.5% above mid; SELL (target -> NGN) pays 0.5% below. */
export function sideRate(mid: Decimal, side: RateSide): string {
  return fixed(mul(mid, side === "BUY" ? "1.005" : "0.995"), 2);
}

export function rateBucket(nowMs: number): number {
  return Math.floor(nowMs / RATE_ROTATION_MS);
}

function buildRate(bucket: number, to: RateTarget, side: RateSide, id: string): RateRecord {
  const createdMs = bucket * RATE_ROTATION_MS;
  const rate = sideRate(midRate(bucket, to), side);
  return {
    rate_id: id,
    from: "NGN",
    to,
    side,
    rate,
    inverse_rate: fixed(div(1, rate), 10),
    fee_bps: RATE_FEE_BPS,
    min_deposit_ngn: MIN_DEPOSIT_NGN,
    created_at: new Date(createdMs).toISOString(),
    expires_at: new Date(createdMs + RATE_VALIDITY_MS).toISOString(),
  };
}

/** The rate published at `nowMs` for a pair, created and stored on first request. */
export function currentRate(slice: CoreSlice, nowMs: number, to: RateTarget, side: RateSide, id?: string): RateRecord {
  const bucket = rateBucket(nowMs);
  const createdAt = new Date(bucket * RATE_ROTATION_MS).toISOString();
  const existing = Object.values(slice.rates).find((r) => r.to === to && r.side === side && r.created_at === createdAt);
  if (existing) return existing;
  const record = buildRate(bucket, to, side, id ?? randomUUID());
  slice.rates[record.rate_id] = record;
  return record;
}

/** A rate published earlier (for seeding history): the record of the bucket containing `atMs`. */
export function historicRate(slice: CoreSlice, atMs: number, to: RateTarget, side: RateSide, id: string): RateRecord {
  return currentRate(slice, atMs, to, side, id);
}

export function isRateExpired(rate: RateRecord, nowMs: number): boolean {
  return Date.parse(rate.expires_at) <= nowMs;
}

export function pruneRates(slice: CoreSlice, nowMs: number): void {
  for (const [id, rate] of Object.entries(slice.rates)) {
    if (Date.parse(rate.expires_at) + RATE_RETENTION_MS < nowMs) delete slice.rates[id];
  }
}
