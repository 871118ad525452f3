/**
 * The Pro surface's persisted state (one slice per merchant, plain JSON) and its public shapes.
 * Internal timestamps are epoch milliseconds of emulated time; responses carry ISO 8601 strings.
 */

export const SYMBOLS = ["USDT-NGN", "USDC-NGN", "USD-NGN"] as const;
export type SymbolName = (typeof SYMBOLS)[number];
/** Every symbol maps to one unified USD balance; responses show this symbol (docs notes). */
export const UNIFIED_SYMBOL = "USD-NGN";

export type Side = "buy" | "sell";
export type OrderType = "limit" | "market";
export const ORDER_STATUSES = ["pending_settlement", "new", "open", "partially_filled", "filled", "cancelled", "rejected", "failed"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** Statuses of an order still working (shown by GET /orders, holding a reservation). */
export const ACTIVE_STATUSES: readonly OrderStatus[] = ["pending_settlement", "new", "open", "partially_filled"];
/** Statuses a user may cancel or replace from (docs notes). */
export const CANCELLABLE_STATUSES: readonly OrderStatus[] = ["new", "open", "partially_filled"];

export type Asset = "NGN" | "USD";

export interface OrderRecord {
  order_id: string;
  /** As the client sent it; "" when it sent none (never invented). */
  client_order_id: string;
  /** The symbol the client sent; responses show the unified symbol. */
  requested_symbol: SymbolName;
  side: Side;
  type: OrderType;
  /** Limit price in NGN (2 dp); null for market orders. */
  price: string | null;
  requested_quantity: string;
  filled_quantity: string;
  /** Limit orders: the authorised cumulative taker fee in NGN; null for market orders. */
  max_taker_fee: string | null;
  /** Cumulative fee charged, NGN. */
  fee_charged: string;
  /** Exact sum of price x quantity over fills (unrounded), for the average fill price. */
  gross_quote: string;
  status: OrderStatus;
  rejection_reason: string | null;
  created_at: number;
  updated_at: number;
  /** Scheduled moves of the state machine (limit orders). */
  settle_at: number | null;
  activate_at: number | null;
  next_match_at: number | null;
  /** Funds held for the working part of the order; zero once it is final. */
  reserved_asset: Asset | null;
  reserved_amount: string;
}

export interface TradeRecord {
  trade_id: string;
  order_id: string;
  client_order_id: string;
  side: Side;
  price: string;
  quantity: string;
  quote_amount: string;
  fee: string;
  executed_at: number;
}

export const PRO_EVENTS = [
  "order.created",
  "order.filled",
  "order.partially_filled",
  "order.cancelled",
  "order.rejected",
  "trade.executed",
  "deposit.completed",
  "crypto.deposit.completed",
] as const;
export type ProEventName = (typeof PRO_EVENTS)[number];

export type WebhookStatus = "active" | "paused" | "disabled";

export interface WebhookRecord {
  id: string;
  url: string;
  description: string;
  events: ProEventName[];
  status: WebhookStatus;
  secret: string;
  failure_count: number;
  last_success_at: number | null;
  last_failure_at: number | null;
  last_failure_reason: string | null;
  created_at: number;
  updated_at: number;
}

export type DepositAsset = "NGN" | "USDT" | "USDC";

export interface DepositRecord {
  deposit_id: string;
  asset: DepositAsset;
  chain: string | null;
  amount: string;
  credited_asset: Asset;
  tx_hash: string | null;
  status: "completed";
  created_at: number;
}

/** Depletion of the simulated order book, per level, in USD, as of `as_of`. */
export interface BookState {
  ask: string[];
  bid: string[];
  as_of: number;
}

/** A quote the client asked for with its own client_order_id: a limit order must name one of these. */
export interface QuoteRecord {
  client_order_id: string;
  symbol: SymbolName;
  side: Side;
  type: OrderType;
  price: string | null;
  quantity: string;
  created_at: number;
}

export interface ProSlice {
  /** Total holdings per asset: NGN with 2 dp, USD with 8 dp. */
  balances: Record<Asset, string>;
  orders: OrderRecord[];
  /** Quotes given with a client_order_id, newest last (slices saved before quotes were kept lack it). */
  quotes?: QuoteRecord[];
  trades: TradeRecord[];
  webhooks: WebhookRecord[];
  deposits: DepositRecord[];
  book: BookState;
  /** Emulated time up to which the state machine and matching have run. */
  last_tick: number;
}

export interface ProEvent {
  name: ProEventName;
  data: unknown;
}
