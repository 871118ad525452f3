/**
 * Seeded Pro state for one merchant: balances, simulated liquidity, orders in every final status,
 * two working orders that rest away from the market, and two webhooks (one active, one disabled).
 * Deterministic for a given rng; times are relative to the emulated clock at seeding.
 */
import { createHash } from "node:crypto";
import type { Rng } from "../lib/contract";
import { emptyBook } from "./book";
import { D, type Dec, ZERO, kobo, ngn, qty } from "./decimal";
import { ENGINE_PARAMS, worstCaseFee } from "./engine";
import type { OrderRecord, OrderStatus, ProSlice, Side, TradeRecord, WebhookRecord } from "./types";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export const SEED_BALANCES = { NGN: "50000000.00", USD: "25000.00000000" } as const;

function hexFrom(rng: Rng, bytes: number): string {
  let s = "";
  for (let i = 0; i < bytes; i++) s += rng.int(0, 255).toString(16).padStart(2, "0");
  return s;
}

interface SeedOrderSpec {
  side: Side;
  type: "limit" | "market";
  price: string | null;
  quantity: string;
  status: OrderStatus;
  /** Fills as [price, quantity]. */
  fills: Array<[string, string]>;
  ageMs: number;
  /** Omitted: the worst-case fee (what a reviewed quote would have sent). */
  maxTakerFee?: string;
  rejection?: string;
}

function seedOrder(spec: SeedOrderSpec, now: number, rng: Rng, trades: TradeRecord[]): OrderRecord {
  const created = now - spec.ageMs;
  const orderId = rng.uuid();
  const clientOrderId = rng.uuid();
  const cap = spec.type === "market" ? null : (spec.maxTakerFee ?? ngn(worstCaseFee(ZERO, new D(spec.quantity), new D(spec.price as string))));
  let gross: Dec = ZERO;
  let filled: Dec = ZERO;
  let fee: Dec = ZERO;
  spec.fills.forEach(([price, quantity], i) => {
    const before = gross;
    gross = gross.plus(new D(price).times(quantity));
    const notional = kobo(gross).minus(kobo(before));
    const feeAfter = kobo(gross.times(ENGINE_PARAMS.takerFeeRate));
    const tradeFee = feeAfter.minus(fee);
    fee = feeAfter;
    filled = filled.plus(quantity);
    trades.push({
      trade_id: rng.uuid(),
      order_id: orderId,
      client_order_id: clientOrderId,
      side: spec.side,
      price: ngn(new D(price)),
      quantity: qty(new D(quantity)),
      quote_amount: ngn(notional),
      fee: ngn(tradeFee),
      executed_at: created + (i + 1) * 30_000,
    });
  });
  const working = ["open", "partially_filled"].includes(spec.status);
  const remaining = new D(spec.quantity).minus(filled);
  let reserved = "0";
  if (working) {
    reserved =
      spec.side === "sell"
        ? qty(remaining)
        : ngn(
            kobo(gross.plus(remaining.times(spec.price as string)), D.ROUND_UP)
              .minus(kobo(gross))
              .plus(new D(cap as string).minus(fee)),
          );
  }
  const lastActivity = spec.fills.length > 0 ? created + spec.fills.length * 30_000 : created + 10_000;
  return {
    order_id: orderId,
    client_order_id: clientOrderId,
    requested_symbol: "USDT-NGN",
    side: spec.side,
    type: spec.type,
    price: spec.price,
    requested_quantity: qty(new D(spec.quantity)),
    filled_quantity: qty(filled),
    max_taker_fee: cap,
    fee_charged: ngn(fee),
    gross_quote: gross.toFixed(),
    status: spec.status,
    rejection_reason: spec.rejection ?? null,
    created_at: created,
    updated_at: working && spec.fills.length === 0 ? created + 10_000 : lastActivity,
    settle_at: null,
    activate_at: null,
    next_match_at: working ? now + ENGINE_PARAMS.matchIntervalMs : null,
    reserved_asset: spec.type === "market" ? null : spec.side === "buy" ? "NGN" : "USD",
    reserved_amount: reserved,
  };
}

export function seedProSlice(rng: Rng, now: number): ProSlice {
  const trades: TradeRecord[] = [];
  const specs: SeedOrderSpec[] = [
    {
      side: "buy",
      type: "limit",
      price: "1525.00",
      quantity: "1000",
      status: "filled",
      fills: [
        ["1524.50", "500"],
        ["1524.80", "500"],
      ],
      ageMs: 6 * DAY,
    },
    { side: "sell", type: "market", price: null, quantity: "250", status: "filled", fills: [["1528.10", "250"]], ageMs: 5 * DAY },
    { side: "sell", type: "limit", price: "1545.00", quantity: "2000", status: "cancelled", fills: [["1545.00", "800"]], ageMs: 4 * DAY },
    {
      side: "buy",
      type: "limit",
      price: "1530.00",
      quantity: "300",
      status: "rejected",
      fills: [],
      ageMs: 3 * DAY,
      maxTakerFee: "0.00",
      rejection: "TAKER_FEE_CAP_EXCEEDED",
    },
    { side: "buy", type: "limit", price: "1520.00", quantity: "150", status: "failed", fills: [], ageMs: 2 * DAY },
    // Working orders priced away from the simulated market, so they stay on the book.
    { side: "buy", type: "limit", price: "1400.00", quantity: "1200", status: "open", fills: [], ageMs: DAY },
    { side: "sell", type: "limit", price: "1600.00", quantity: "1500", status: "partially_filled", fills: [["1600.00", "400"]], ageMs: 20 * HOUR },
  ];
  const orders = specs.map((s) => seedOrder(s, now, rng, trades));

  const webhooks: WebhookRecord[] = [
    {
      id: rng.uuid(),
      url: "https://merchant.example.com/webhooks/daya-pro",
      description: "Order and deposit notifications for the treasury service",
      events: ["order.filled", "order.cancelled", "order.rejected", "deposit.completed", "crypto.deposit.completed"],
      status: "active",
      secret: hexFrom(rng, 32),
      failure_count: 0,
      last_success_at: now - 20 * HOUR,
      last_failure_at: null,
      last_failure_reason: null,
      created_at: now - 30 * DAY,
      updated_at: now - 30 * DAY,
    },
    {
      id: rng.uuid(),
      url: "https://legacy-erp.example.com/hooks/pro-trades",
      description: "Old ERP trade feed",
      events: ["trade.executed", "order.partially_filled", "order.filled"],
      status: "disabled",
      secret: hexFrom(rng, 32),
      failure_count: 10,
      last_success_at: now - 9 * DAY,
      last_failure_at: now - 2 * DAY,
      last_failure_reason: "HTTP 502 Bad Gateway",
      created_at: now - 60 * DAY,
      updated_at: now - 2 * DAY,
    },
  ];

  return {
    balances: { ...SEED_BALANCES },
    orders,
    trades,
    webhooks,
    deposits: [],
    book: emptyBook(now),
    last_tick: now,
  };
}

/** A stable fake transaction hash for a sandbox crypto deposit. */
export function fakeTxHash(depositId: string): string {
  return `0x${createHash("sha256").update(depositId).digest("hex")}`;
}
