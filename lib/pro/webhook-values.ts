/**
 * The Pro webhooks' event names with what each means, and the provider's limit, for the pages that
 * show or pick them. Imports no zod, so the webhooks page ships without it; the rules are in
 * `webhook-schema.ts`.
 */
import { PRO_EVENTS } from "@/lib/upstream/schemas/pro-values";

export { PRO_EVENTS };
/** The provider's limit per account (docs). */
export const MAX_PRO_WEBHOOKS = 5;

export const EVENT_HELP: Record<(typeof PRO_EVENTS)[number], string> = {
  "order.created": "an order was accepted",
  "order.filled": "an order traded in full",
  "order.partially_filled": "part of an order traded",
  "order.cancelled": "an order was cancelled",
  "order.rejected": "an order was refused",
  "trade.executed": "each single fill",
  "deposit.completed": "an NGN deposit was credited",
  "crypto.deposit.completed": "a stablecoin deposit was credited",
};
