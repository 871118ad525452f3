/** Response schemas of the Pro surface (`/public/v1`): the `data` of each envelope. */
import { z } from "zod";
import { PRO_EVENTS, PRO_ORDER_STATUSES } from "./pro-values";
import { decimal, int, obj, openEnum, optDecimal, optStr, optTimestamp, str } from "./common";

export const balances = obj({
  balances: z.array(obj({ asset: str, total: decimal, available: optDecimal, reserved: optDecimal, symbols: z.array(str).nullish() })),
});

export const quote = obj({
  symbol: str,
  side: openEnum(["buy", "sell"]),
  type: openEnum(["limit", "market"]),
  quantity: decimal,
  price: optDecimal,
  estimated_price: optDecimal,
  estimated_total: optDecimal,
  estimated_fee: optDecimal,
  // The documented answer has no client_order_id: the app sends its own with the quote and the order.
});

export const order = obj({
  order_id: str,
  client_order_id: optStr,
  symbol: str,
  side: openEnum(["buy", "sell"]),
  type: openEnum(["limit", "market"]),
  status: openEnum(PRO_ORDER_STATUSES),
  price: optDecimal,
  requested_quantity: decimal,
  filled_quantity: optDecimal,
  remaining_quantity: optDecimal,
  max_taker_fee: optDecimal,
  // Empty strings until there are fills (spec).
  avg_fill_price: optDecimal,
  total_fee_charged: optDecimal,
  rejection_reason: openEnum([
    "TAKER_FEE_CAP_EXCEEDED",
    "insufficient_balance",
    "invalid_price",
    "invalid_quantity",
    "market_closed",
    "rate_limit_exceeded",
  ]).nullish(),
  created_at: optTimestamp,
  updated_at: optTimestamp,
});
export const orderList = obj({
  orders: z.array(order),
  total_count: int.nullish(),
  limit: int.nullish(),
  offset: int.nullish(),
  has_more: z.boolean().nullish(),
});

export const trade = obj({
  trade_id: str,
  order_id: optStr,
  client_order_id: optStr,
  symbol: optStr,
  side: openEnum(["buy", "sell"]).nullish(),
  price: decimal,
  quantity: decimal,
  quote_amount: optDecimal,
  fee: optDecimal,
  fee_asset: optStr,
  executed_at: optTimestamp,
});
export const trades = obj({ trades: z.array(trade) });

export const webhook = obj({
  id: str,
  url: str,
  description: optStr,
  events: z.array(openEnum(PRO_EVENTS)),
  status: openEnum(["active", "paused", "disabled"]),
  failure_count: int.nullish(),
  last_success_at: optTimestamp,
  last_failure_at: optTimestamp,
  last_failure_reason: optStr,
  created_at: optTimestamp,
  updated_at: optTimestamp,
});
export const webhooks = z.array(webhook);
/**
 * Creation and rotation return the secret once; it goes straight to the vault, never to a log. A
 * replay from the idempotency ledger has no secret (the ledger never stores one).
 */
export const webhookWithSecret = webhook.extend({ secret: str.optional() });

export const withdrawalOptions = obj({
  assets: z.array(
    obj({
      asset: str,
      display_name: optStr,
      icon: optStr,
      decimals: int.nullish(),
      chains: z.array(
        obj({
          blockchain: str,
          blockchain_name: optStr,
          icon: optStr,
          contract_address: optStr,
          decimals: int.nullish(),
          fee_amount: optDecimal,
          fee_asset: optStr,
        }),
      ),
    }),
  ),
});

export const deposit = obj({
  deposit_id: str,
  asset: str,
  chain: optStr,
  amount: decimal,
  credited_asset: optStr,
  credited_amount: optDecimal,
  tx_hash: optStr,
  status: openEnum(["completed"]),
  created_at: optTimestamp,
});

export type ProOrder = z.output<typeof order>;
export type ProWebhook = z.output<typeof webhook>;
