/**
 * The Pro order engine: validation, quotes, placement with balance reservation and the taker-fee
 * cap, the state machine (pending_settlement -> new -> open -> partially_filled -> filled), matching
 * against the simulated book over emulated time, cancel and replace. Pure over a ProSlice: it
 * mutates the slice and returns the events to emit, so it is unit-testable without a server.
 */
import { walk, take, type Fill } from "./book";
import { D, type Dec, ZERO, kobo, maxDec, minDec, ngn, parseAmount, qty } from "./decimal";
import {
  ACTIVE_STATUSES,
  CANCELLABLE_STATUSES,
  SYMBOLS,
  UNIFIED_SYMBOL,
  type Asset,
  type OrderRecord,
  type OrderType,
  type ProEvent,
  type ProSlice,
  type Side,
  type SymbolName,
  type TradeRecord,
} from "./types";

export const ENGINE_PARAMS = {
  /** Taker fee charged on every fill, in the quote asset (NGN): 0.10 %. */
  takerFeeRate: "0.001",
  /** pending_settlement -> new after this long (funds settle into the order). */
  settlementDelayMs: 5_000,
  /** new -> open (the order rests on the book) after this long. */
  activationDelayMs: 5_000,
  /** A resting order meets counterparty flow at most once per interval... */
  matchIntervalMs: 10_000,
  /** ...taking at most this share of its requested quantity each time, so it fills in slices. */
  maxSliceFraction: "0.5",
  /** How far back a long clock jump is replayed move by move. */
  maxCatchUpMs: 15 * 60_000,
} as const;

const FEE_RATE = new D(ENGINE_PARAMS.takerFeeRate);

export type IdSource = () => string;

export interface EngineError {
  ok: false;
  status: number;
  code: string;
  message: string;
  fields?: Record<string, string>;
  details?: unknown;
}

function fail(status: number, code: string, message: string, fields?: Record<string, string>, details?: unknown): EngineError {
  const e: EngineError = { ok: false, status, code, message };
  if (fields) e.fields = fields;
  if (details !== undefined) e.details = details;
  return e;
}

export interface OrderInput {
  symbol: SymbolName;
  side: Side;
  type: OrderType;
  price: Dec | null;
  quantity: Dec;
  client_order_id: string | null;
  max_taker_fee: Dec | null;
}

const CLIENT_ORDER_ID_RE = /^[A-Za-z0-9_.:-]{1,64}$/;

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Validates an order or quote body. Field errors come first (400), then the symbol (404). */
export function validateOrderInput(body: unknown, forQuote = false): { ok: true; value: OrderInput } | EngineError {
  if (!isObject(body)) return fail(400, "INVALID_ORDER", "The request body must be a JSON object.");
  const fields: Record<string, string> = {};

  const symbol = body.symbol;
  if (typeof symbol !== "string" || symbol === "") fields.symbol = "symbol is required (USDT-NGN, USDC-NGN or USD-NGN).";

  const side = body.side;
  if (side !== "buy" && side !== "sell") fields.side = "side must be buy or sell.";

  const type = body.type;
  if (type !== "limit" && type !== "market") fields.type = "type must be limit or market.";

  const quantity = parseAmount(body.quantity, 8);
  if (body.quantity === undefined || body.quantity === null) fields.quantity = "quantity is required.";
  else if (quantity === null) fields.quantity = "quantity must be a decimal string with at most 8 decimal places.";
  else if (quantity.lte(0)) fields.quantity = "quantity must be greater than 0.";

  const priceSent = body.price !== undefined && body.price !== null;
  let price: Dec | null = null;
  if (type === "limit") {
    if (!priceSent) fields.price = "price is required for limit orders.";
    else {
      price = parseAmount(body.price, 2);
      if (price === null) fields.price = "price must be a decimal string with at most 2 decimal places.";
      else if (price.lte(0)) fields.price = "price must be greater than 0.";
    }
  } else if (type === "market" && priceSent) {
    fields.price = "price is not allowed for market orders.";
  }

  let clientOrderId: string | null = null;
  if (body.client_order_id !== undefined && body.client_order_id !== null) {
    if (typeof body.client_order_id !== "string" || !CLIENT_ORDER_ID_RE.test(body.client_order_id)) {
      fields.client_order_id = "client_order_id must be 1-64 characters of letters, digits, '-', '_', '.' or ':'.";
    } else clientOrderId = body.client_order_id;
  }

  // Market orders ignore max_taker_fee (spec), so it is only checked on limit orders.
  let maxTakerFee: Dec | null = null;
  if (!forQuote && type === "limit" && body.max_taker_fee !== undefined && body.max_taker_fee !== null) {
    maxTakerFee = parseAmount(body.max_taker_fee, 8);
    if (maxTakerFee === null) fields.max_taker_fee = "max_taker_fee must be a non-negative decimal string.";
  }

  if (Object.keys(fields).length > 0) return fail(400, "INVALID_ORDER", "The order is invalid.", fields);
  if (!(SYMBOLS as readonly string[]).includes(symbol as string)) {
    return fail(404, "SYMBOL_NOT_FOUND", `Trading pair ${String(symbol)} does not exist.`, undefined, {
      supported_symbols: [...SYMBOLS],
    });
  }
  return {
    ok: true,
    value: {
      symbol: symbol as SymbolName,
      side: side as Side,
      type: type as OrderType,
      price,
      quantity: quantity as Dec,
      client_order_id: clientOrderId,
      max_taker_fee: type === "limit" ? maxTakerFee : null,
    },
  };
}

// ---- balances --------------------------------------------------------------------------------

export function reservedOf(slice: ProSlice, asset: Asset): Dec {
  let total = ZERO;
  for (const o of slice.orders) {
    if (o.reserved_asset === asset && ACTIVE_STATUSES.includes(o.status)) total = total.plus(o.reserved_amount);
  }
  return total;
}

export function availableOf(slice: ProSlice, asset: Asset): Dec {
  return maxDec(ZERO, new D(slice.balances[asset]).minus(reservedOf(slice, asset)));
}

function formatAsset(asset: Asset, v: Dec): string {
  return asset === "NGN" ? ngn(v) : qty(v);
}

export function balancesView(slice: ProSlice) {
  return {
    balances: (["NGN", "USD"] as const).map((asset) => {
      const reserved = reservedOf(slice, asset);
      return {
        asset,
        total: formatAsset(asset, new D(slice.balances[asset])),
        available: formatAsset(asset, availableOf(slice, asset)),
        reserved: formatAsset(asset, reserved),
        ...(asset === "USD" ? { symbols: [...SYMBOLS] } : {}),
      };
    }),
  };
}

// ---- fees and reservations -------------------------------------------------------------------

/**
 * Fees and notionals are rounded on the order's cumulative gross (price x quantity), and each fill
 * is charged the difference, so the rounding of many small fills never adds up beyond the total.
 */
function cumulativeFee(gross: Dec, cap: Dec | null): Dec {
  const fee = kobo(gross.times(FEE_RATE));
  return cap === null ? fee : minDec(fee, cap);
}

/** Worst-case cumulative taker fee of a limit order, at its limit price (rounded up to kobo). */
export function worstCaseFee(gross: Dec, remaining: Dec, price: Dec): Dec {
  return kobo(gross.plus(remaining.times(price)).times(FEE_RATE), D.ROUND_UP);
}

/** What a limit order must hold for its unfilled part: NGN for buys (notional + fee), USD for sells. */
function reservationFor(side: Side, gross: Dec, remaining: Dec, price: Dec, cap: Dec, feeCharged: Dec): Dec {
  if (side === "sell") return remaining;
  const notional = kobo(gross.plus(remaining.times(price)), D.ROUND_UP).minus(kobo(gross));
  const fee = maxDec(ZERO, minDec(cap, worstCaseFee(gross, remaining, price)).minus(feeCharged));
  return notional.plus(fee);
}

// ---- views -----------------------------------------------------------------------------------

export function remainingOf(o: OrderRecord): Dec {
  return new D(o.requested_quantity).minus(o.filled_quantity);
}

export function orderView(o: OrderRecord, iso: (ms: number) => string) {
  const filled = new D(o.filled_quantity);
  const hasFills = filled.greaterThan(0);
  return {
    order_id: o.order_id,
    client_order_id: o.client_order_id,
    symbol: UNIFIED_SYMBOL,
    side: o.side,
    type: o.type,
    status: o.status,
    price: o.price ?? "",
    requested_quantity: qty(new D(o.requested_quantity)),
    filled_quantity: qty(filled),
    remaining_quantity: qty(remainingOf(o)),
    max_taker_fee: o.max_taker_fee ?? "",
    avg_fill_price: hasFills ? ngn(new D(o.gross_quote).dividedBy(filled)) : "",
    total_fee_charged: hasFills ? ngn(new D(o.fee_charged)) : "",
    rejection_reason: o.rejection_reason ?? "",
    created_at: iso(o.created_at),
    updated_at: iso(o.updated_at),
  };
}

export type OrderView = ReturnType<typeof orderView>;

export function tradeView(t: TradeRecord, iso: (ms: number) => string) {
  return {
    trade_id: t.trade_id,
    order_id: t.order_id,
    client_order_id: t.client_order_id,
    symbol: UNIFIED_SYMBOL,
    side: t.side,
    price: t.price,
    quantity: t.quantity,
    quote_amount: t.quote_amount,
    fee: t.fee,
    fee_asset: "NGN",
    executed_at: iso(t.executed_at),
  };
}

export interface EngineEnv {
  newId: IdSource;
  iso: (ms: number) => string;
}

// ---- quotes ----------------------------------------------------------------------------------

/** Gross (exact) and rounded totals of a set of fills, as if charged to one order. */
function fillTotals(fills: readonly Fill[]): { quantity: Dec; gross: Dec } {
  let quantity = ZERO;
  let gross = ZERO;
  for (const f of fills) {
    quantity = quantity.plus(f.quantity);
    gross = gross.plus(f.price.times(f.quantity));
  }
  return { quantity, gross };
}

/** How many quotes with a client_order_id a merchant's slice keeps; the oldest go first. */
export const QUOTES_KEPT = 500;

/**
 * Answers a quote. The client_order_id is the client's: it is echoed when sent (and remembered, so a
 * limit order can be matched to its quote), and never made up when not.
 */
export function quote(slice: ProSlice, input: OrderInput, now: number) {
  const base = {
    symbol: UNIFIED_SYMBOL,
    side: input.side,
    type: input.type,
    quantity: qty(input.quantity),
  };
  const echo = input.client_order_id === null ? {} : { client_order_id: input.client_order_id };
  if (input.client_order_id !== null) rememberQuote(slice, input, now);
  if (input.type === "limit") {
    // A limit order first settles and rests, so its price is unknown in advance: quote the
    // worst case at the limit price. estimated_fee is then exactly the cap the order needs.
    const price = input.price as Dec;
    const gross = input.quantity.times(price);
    return {
      ...base,
      price: ngn(price),
      estimated_price: ngn(price),
      estimated_total: ngn(gross),
      estimated_fee: ngn(worstCaseFee(ZERO, input.quantity, price)),
      ...echo,
    };
  }
  const fills = walk(slice.book, input.side, now, input.quantity, null);
  const { quantity, gross } = fillTotals(fills);
  const first = fills[0];
  const estimatedPrice = quantity.greaterThan(0) ? gross.dividedBy(quantity) : first ? first.price : ZERO;
  return {
    ...base,
    price: "",
    estimated_price: ngn(estimatedPrice),
    estimated_total: ngn(gross),
    estimated_fee: ngn(cumulativeFee(gross, null)),
    fillable_quantity: qty(quantity),
    ...echo,
  };
}

/** The latest quote for an id wins: a client may re-quote under the same id before it places. */
function rememberQuote(slice: ProSlice, input: OrderInput, now: number): void {
  const id = input.client_order_id as string;
  const quotes = (slice.quotes ??= []).filter((q) => q.client_order_id !== id);
  quotes.push({
    client_order_id: id,
    symbol: input.symbol,
    side: input.side,
    type: input.type,
    price: input.price === null ? null : ngn(input.price),
    quantity: qty(input.quantity),
    created_at: now,
  });
  slice.quotes = quotes.slice(-QUOTES_KEPT);
}

// ---- fills -----------------------------------------------------------------------------------

function applyFills(slice: ProSlice, o: OrderRecord, fills: readonly Fill[], t: number, env: EngineEnv): ProEvent[] {
  const events: ProEvent[] = [];
  const cap = o.max_taker_fee === null ? null : new D(o.max_taker_fee);
  for (const f of fills) {
    const grossBefore = new D(o.gross_quote);
    const grossAfter = grossBefore.plus(f.price.times(f.quantity));
    const notional = kobo(grossAfter).minus(kobo(grossBefore));
    const feeBefore = new D(o.fee_charged);
    const fee = maxDec(ZERO, cumulativeFee(grossAfter, cap).minus(feeBefore));

    if (o.side === "buy") {
      const spend = notional.plus(fee);
      slice.balances.NGN = ngn(new D(slice.balances.NGN).minus(spend));
      slice.balances.USD = qty(new D(slice.balances.USD).plus(f.quantity));
      if (o.reserved_asset === "NGN") o.reserved_amount = ngn(maxDec(ZERO, new D(o.reserved_amount).minus(spend)));
    } else {
      slice.balances.USD = qty(new D(slice.balances.USD).minus(f.quantity));
      slice.balances.NGN = ngn(new D(slice.balances.NGN).plus(notional).minus(fee));
      if (o.reserved_asset === "USD") o.reserved_amount = qty(maxDec(ZERO, new D(o.reserved_amount).minus(f.quantity)));
    }

    o.gross_quote = grossAfter.toFixed();
    o.fee_charged = ngn(feeBefore.plus(fee));
    o.filled_quantity = qty(new D(o.filled_quantity).plus(f.quantity));
    o.updated_at = t;

    const trade: TradeRecord = {
      trade_id: env.newId(),
      order_id: o.order_id,
      client_order_id: o.client_order_id,
      side: o.side,
      price: ngn(f.price),
      quantity: qty(f.quantity),
      quote_amount: ngn(notional),
      fee: ngn(fee),
      executed_at: t,
    };
    slice.trades.push(trade);
    events.push({ name: "trade.executed", data: tradeView(trade, env.iso) });
  }
  return events;
}

function finish(o: OrderRecord, status: "filled" | "cancelled" | "rejected" | "failed", t: number): void {
  o.status = status;
  o.updated_at = t;
  o.reserved_amount = o.reserved_asset === "NGN" ? "0.00" : "0.00000000";
  o.settle_at = null;
  o.activate_at = null;
  o.next_match_at = null;
}

function snapshot(name: ProEvent["name"], o: OrderRecord, env: EngineEnv): ProEvent {
  return { name, data: orderView(o, env.iso) };
}

// ---- placement -------------------------------------------------------------------------------

export interface Placed {
  ok: true;
  order: OrderRecord;
  /** True when client_order_id matched an existing order: nothing new was placed. */
  replay: boolean;
  events: ProEvent[];
}

function sameRequest(o: OrderRecord, input: OrderInput): boolean {
  const cap = input.max_taker_fee === null ? null : ngn(input.max_taker_fee, D.ROUND_DOWN);
  return (
    o.requested_symbol === input.symbol &&
    o.side === input.side &&
    o.type === input.type &&
    new D(o.requested_quantity).equals(input.quantity) &&
    (o.price === null ? input.price === null : input.price !== null && new D(o.price).equals(input.price)) &&
    (o.type === "market" || (o.max_taker_fee ?? "0.00") === (cap ?? "0.00"))
  );
}

function insufficient(asset: Asset, required: Dec, available: Dec): EngineError {
  return fail(400, "INSUFFICIENT_BALANCE", `Insufficient ${asset} balance to place this order.`, undefined, {
    asset,
    required: formatAsset(asset, required),
    available: formatAsset(asset, available),
  });
}

export function placeOrder(slice: ProSlice, input: OrderInput, now: number, env: EngineEnv): Placed | EngineError {
  if (input.client_order_id !== null) {
    const existing = slice.orders.find((o) => o.client_order_id === input.client_order_id);
    if (existing) {
      if (!sameRequest(existing, input)) {
        return fail(
          409,
          "DUPLICATE_CLIENT_ORDER_ID",
          "client_order_id was already used for a different order. Request a new quote or send a new client_order_id.",
          { client_order_id: "already used for a different order" },
          { order_id: existing.order_id },
        );
      }
      return { ok: true, order: existing, replay: true, events: [] };
    }
  }
  // Spec: a limit order's client_order_id is "the same value sent when requesting the quote".
  if (input.type === "limit" && input.client_order_id !== null && !(slice.quotes ?? []).some((q) => q.client_order_id === input.client_order_id)) {
    return fail(400, "INVALID_ORDER", "No quote was requested with this client_order_id. Request a quote with it first.", {
      client_order_id: "matches no quote; send the client_order_id that was sent when requesting the quote",
    });
  }

  const order: OrderRecord = {
    order_id: env.newId(),
    client_order_id: input.client_order_id ?? "",
    requested_symbol: input.symbol,
    side: input.side,
    type: input.type,
    price: input.price === null ? null : ngn(input.price),
    requested_quantity: qty(input.quantity),
    filled_quantity: qty(ZERO),
    max_taker_fee: null,
    fee_charged: "0.00",
    gross_quote: "0",
    status: "new",
    rejection_reason: null,
    created_at: now,
    updated_at: now,
    settle_at: null,
    activate_at: null,
    next_match_at: null,
    reserved_asset: null,
    reserved_amount: "0",
  };

  return input.type === "limit" ? placeLimit(slice, order, input, now, env) : placeMarket(slice, order, input, now, env);
}

function placeLimit(slice: ProSlice, order: OrderRecord, input: OrderInput, now: number, env: EngineEnv): Placed | EngineError {
  const price = input.price as Dec;
  // Omitting max_taker_fee authorises 0.00 (spec).
  const cap = kobo(input.max_taker_fee ?? ZERO, D.ROUND_DOWN);
  const worstFee = worstCaseFee(ZERO, input.quantity, price);
  order.max_taker_fee = ngn(cap);

  const asset: Asset = input.side === "buy" ? "NGN" : "USD";
  const needed = reservationFor(input.side, ZERO, input.quantity, price, cap, ZERO);
  const available = availableOf(slice, asset);
  if (needed.greaterThan(available)) return insufficient(asset, needed, available);

  if (worstFee.greaterThan(cap)) {
    // The order exists and is rejected with the stable reason, like any exchange-side rejection.
    order.status = "rejected";
    order.rejection_reason = "TAKER_FEE_CAP_EXCEEDED";
    order.reserved_asset = asset;
    order.reserved_amount = formatAsset(asset, ZERO);
    slice.orders.push(order);
    return { ok: true, order, replay: false, events: [snapshot("order.rejected", order, env)] };
  }

  order.status = "pending_settlement";
  order.settle_at = now + ENGINE_PARAMS.settlementDelayMs;
  order.reserved_asset = asset;
  order.reserved_amount = formatAsset(asset, needed);
  slice.orders.push(order);
  return { ok: true, order, replay: false, events: [snapshot("order.created", order, env)] };
}

function placeMarket(slice: ProSlice, order: OrderRecord, input: OrderInput, now: number, env: EngineEnv): Placed | EngineError {
  const fills = walk(slice.book, input.side, now, input.quantity, null);
  if (input.side === "buy") {
    const { gross } = fillTotals(fills);
    const cost = kobo(gross).plus(cumulativeFee(gross, null));
    const available = availableOf(slice, "NGN");
    if (cost.greaterThan(available)) return insufficient("NGN", cost, available);
  } else {
    const available = availableOf(slice, "USD");
    if (input.quantity.greaterThan(available)) return insufficient("USD", input.quantity, available);
  }

  slice.orders.push(order);
  const events: ProEvent[] = [snapshot("order.created", order, env)];
  take(slice.book, input.side, fills);
  events.push(...applyFills(slice, order, fills, now, env));
  const filled = new D(order.filled_quantity);
  if (filled.equals(input.quantity)) {
    finish(order, "filled", now);
    events.push(snapshot("order.filled", order, env));
  } else {
    // Immediate-or-cancel: what the book could not fill now is cancelled, never left resting.
    if (filled.greaterThan(0)) {
      order.status = "partially_filled";
      events.push(snapshot("order.partially_filled", order, env));
    }
    finish(order, "cancelled", now);
    events.push(snapshot("order.cancelled", order, env));
  }
  return { ok: true, order, replay: false, events };
}

// ---- time: state machine and matching --------------------------------------------------------

function stepOrder(slice: ProSlice, o: OrderRecord, t: number, env: EngineEnv, events: ProEvent[]): void {
  if (o.status === "pending_settlement" && o.settle_at !== null && t >= o.settle_at) {
    o.status = "new";
    o.updated_at = o.settle_at;
    o.activate_at = o.settle_at + ENGINE_PARAMS.activationDelayMs;
    o.settle_at = null;
  }
  if (o.status === "new" && o.activate_at !== null && t >= o.activate_at) {
    o.status = "open";
    o.updated_at = o.activate_at;
    o.next_match_at = o.activate_at + ENGINE_PARAMS.matchIntervalMs;
    o.activate_at = null;
  }
  if ((o.status === "open" || o.status === "partially_filled") && o.next_match_at !== null && t >= o.next_match_at) {
    while (o.next_match_at <= t) o.next_match_at += ENGINE_PARAMS.matchIntervalMs;
    matchResting(slice, o, t, env, events);
  }
}

function matchResting(slice: ProSlice, o: OrderRecord, t: number, env: EngineEnv, events: ProEvent[]): void {
  const remaining = remainingOf(o);
  const requested = new D(o.requested_quantity);
  let sliceQty = requested.times(ENGINE_PARAMS.maxSliceFraction).toDecimalPlaces(8, D.ROUND_DOWN);
  if (sliceQty.lte(0)) sliceQty = remaining;
  const fills = walk(slice.book, o.side, t, minDec(remaining, sliceQty), new D(o.price as string));
  if (fills.length === 0) return;
  take(slice.book, o.side, fills);
  events.push(...applyFills(slice, o, fills, t, env));
  if (remainingOf(o).lte(0)) {
    finish(o, "filled", t);
    events.push(snapshot("order.filled", o, env));
  } else {
    o.status = "partially_filled";
    events.push(snapshot("order.partially_filled", o, env));
  }
}

function nextDue(o: OrderRecord): number | null {
  if (o.status === "pending_settlement") return o.settle_at;
  if (o.status === "new") return o.activate_at;
  if (o.status === "open" || o.status === "partially_filled") return o.next_match_at;
  return null;
}

/**
 * Runs the state machine and matching from the slice's last tick up to `now`, moment by moment
 * (each scheduled settlement, activation and match in time order), so a clock jump replays what
 * would have happened. Only the last maxCatchUpMs are replayed; older due moves happen at its start.
 */
export interface Advanced {
  events: ProEvent[];
  /** Scheduled moves made (state changes without events included): the slice needs saving. */
  moves: number;
}

export function advance(slice: ProSlice, now: number, env: EngineEnv): Advanced {
  const events: ProEvent[] = [];
  let moves = 0;
  if (now <= slice.last_tick) return { events, moves };
  const floor = Math.max(slice.last_tick, now - ENGINE_PARAMS.maxCatchUpMs);
  for (;;) {
    const working = slice.orders.filter((o) => o.type === "limit" && ACTIVE_STATUSES.includes(o.status));
    let due = Infinity;
    for (const o of working) {
      const d = nextDue(o);
      if (d !== null && d < due) due = d;
    }
    if (due > now) break;
    const t = Math.max(due, floor);
    // Every order due by t moves; each move schedules its next one after t, so this terminates.
    for (const o of working) {
      const d = nextDue(o);
      if (d !== null && d <= t) {
        stepOrder(slice, o, t, env, events);
        moves++;
      }
    }
  }
  slice.last_tick = now;
  return { events, moves };
}

// ---- cancel and replace ----------------------------------------------------------------------

export function findOrder(slice: ProSlice, orderId: string): OrderRecord | undefined {
  return slice.orders.find((o) => o.order_id === orderId);
}

/** Cancel and replace share one rule: only new, open and partially filled orders can change. */
function refuseChange(o: OrderRecord, code: "ORDER_NOT_CANCELLABLE" | "ORDER_NOT_REPLACEABLE", verb: "cancelled" | "replaced"): EngineError | null {
  if (CANCELLABLE_STATUSES.includes(o.status)) return null;
  return fail(409, code, `An order in status ${o.status} cannot be ${verb}; only new, open and partially_filled orders can.`, undefined, { status: o.status });
}

export function cancelOrder(o: OrderRecord, now: number, env: EngineEnv): { ok: true; events: ProEvent[] } | EngineError {
  const refused = refuseChange(o, "ORDER_NOT_CANCELLABLE", "cancelled");
  if (refused) return refused;
  finish(o, "cancelled", now);
  return { ok: true, events: [snapshot("order.cancelled", o, env)] };
}

export function replaceOrder(slice: ProSlice, o: OrderRecord, body: unknown, now: number): { ok: true } | EngineError {
  if (!isObject(body)) return fail(400, "INVALID_ORDER", "The request body must be a JSON object.");
  const fields: Record<string, string> = {};
  const priceSent = body.price !== undefined && body.price !== null;
  const quantitySent = body.quantity !== undefined && body.quantity !== null;
  if (!priceSent && !quantitySent) {
    return fail(400, "INVALID_ORDER", "Send price and/or quantity to replace.", {
      price: "price or quantity is required.",
      quantity: "price or quantity is required.",
    });
  }
  let price: Dec | null = null;
  if (priceSent) {
    price = parseAmount(body.price, 2);
    if (price === null) fields.price = "price must be a decimal string with at most 2 decimal places.";
    else if (price.lte(0)) fields.price = "price must be greater than 0.";
  }
  let quantity: Dec | null = null;
  if (quantitySent) {
    quantity = parseAmount(body.quantity, 8);
    if (quantity === null) fields.quantity = "quantity must be a decimal string with at most 8 decimal places.";
    else if (quantity.lte(0)) fields.quantity = "quantity must be greater than 0.";
    else if (quantity.lte(o.filled_quantity)) fields.quantity = `quantity must be greater than the filled quantity ${o.filled_quantity}.`;
  }
  let cap: Dec | null = null;
  if (body.max_taker_fee !== undefined && body.max_taker_fee !== null) {
    cap = parseAmount(body.max_taker_fee, 8);
    if (cap === null) fields.max_taker_fee = "max_taker_fee must be a non-negative decimal string.";
  }
  if (Object.keys(fields).length > 0) return fail(400, "INVALID_ORDER", "The replacement is invalid.", fields);
  if (o.type !== "limit") return fail(400, "INVALID_ORDER", "Only limit orders can be replaced.", { order_id: "not a limit order" });
  const refused = refuseChange(o, "ORDER_NOT_REPLACEABLE", "replaced");
  if (refused) return refused;

  const newPrice = price ?? new D(o.price as string);
  const newQty = quantity ?? new D(o.requested_quantity);
  const newCap = cap === null ? new D(o.max_taker_fee ?? "0") : kobo(cap, D.ROUND_DOWN);
  const gross = new D(o.gross_quote);
  const remaining = newQty.minus(o.filled_quantity);
  const feeCharged = new D(o.fee_charged);

  const worstFee = worstCaseFee(gross, remaining, newPrice);
  if (worstFee.greaterThan(newCap)) {
    return fail(
      400,
      "TAKER_FEE_CAP_EXCEEDED",
      "The replaced order's taker fee would exceed max_taker_fee; send a max_taker_fee of at least the estimated fee.",
      { max_taker_fee: `must be at least ${ngn(worstFee)}` },
      { estimated_fee: ngn(worstFee), max_taker_fee: ngn(newCap) },
    );
  }
  const asset: Asset = o.side === "buy" ? "NGN" : "USD";
  const needed = reservationFor(o.side, gross, remaining, newPrice, newCap, feeCharged);
  // The order's own hold is freed by the replacement, so it counts as available here.
  const available = availableOf(slice, asset).plus(o.reserved_amount);
  if (needed.greaterThan(available)) return insufficient(asset, needed, available);

  o.price = ngn(newPrice);
  o.requested_quantity = qty(newQty);
  o.max_taker_fee = ngn(newCap);
  o.reserved_asset = asset;
  o.reserved_amount = formatAsset(asset, needed);
  o.updated_at = now;
  return { ok: true };
}
