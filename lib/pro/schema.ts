/**
 * The order ticket's rules, shared by the form (browser), the server actions and the approval
 * executor, so every rule is checked before anything is quoted, placed or stored for approval.
 * Client-safe.
 *
 * - price: limit orders only (NGN per unit, at most 2 places); a market order with a price is refused.
 * - quantity: in the base asset, at most 8 places, above zero.
 * - placing a limit order needs its reviewed quote: the `client_order_id` the app sent with the
 *   quote (the quote's answer carries none) and the quote's `estimated_fee`, which is sent unchanged
 *   as `max_taker_fee`.
 */
import { z } from "zod";
import { withAttemptKey } from "@/lib/upstream/attempt";
import { PRO_SIDES, PRO_SYMBOLS, PRO_TYPES } from "./labels";

export const MESSAGES = {
  symbol: "Choose a symbol.",
  side: "Choose buy or sell.",
  type: "Choose limit or market.",
  quantity: "Enter the quantity in the base asset, for example 100 or 12.5.",
  quantityFormat: "Enter a quantity above zero with at most 8 decimal places, for example 12.5.",
  price: "Enter the limit price in NGN, for example 1530.00.",
  priceFormat: "Enter a price above zero in NGN with at most 2 decimal places, for example 1530.00.",
  marketPrice: "A market order takes no price: it trades at the best available price. Clear the price or choose a limit order.",
  quote: "Review a quote before placing a limit order.",
  fee: "The quote's estimated fee is missing. Get a fresh quote.",
} as const;

const QUANTITY = /^(?:0|[1-9]\d{0,11})(?:\.\d{1,8})?$/;
const PRICE = /^(?:0|[1-9]\d{0,11})(?:\.\d{1,2})?$/;
const positive = (v: string) => /[1-9]/.test(v);

const quantity = z
  .string({ error: MESSAGES.quantity })
  .trim()
  .min(1, { error: MESSAGES.quantity })
  .refine((v) => QUANTITY.test(v) && positive(v), { error: MESSAGES.quantityFormat });
const price = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

const fields = {
  symbol: z.enum(PRO_SYMBOLS, { error: MESSAGES.symbol }),
  side: z.enum(PRO_SIDES, { error: MESSAGES.side }),
  type: z.enum(PRO_TYPES, { error: MESSAGES.type }),
  price,
  quantity,
};

function checkPrice(v: { type: string; price?: string }, ctx: z.RefinementCtx): void {
  if (v.type === "market") {
    if (v.price !== undefined) ctx.addIssue({ code: "custom", path: ["price"], message: MESSAGES.marketPrice });
    return;
  }
  if (v.price === undefined) ctx.addIssue({ code: "custom", path: ["price"], message: MESSAGES.price });
  else if (!PRICE.test(v.price) || !positive(v.price)) ctx.addIssue({ code: "custom", path: ["price"], message: MESSAGES.priceFormat });
}

/** The ticket as typed: what the review step checks before asking for a quote. */
export const ticketSchema = z.object(fields).superRefine(checkPrice);
export type TicketValues = z.input<typeof ticketSchema>;
export type Ticket = z.output<typeof ticketSchema>;

/** Asking the provider for a limit-order quote. */
export const quoteOrderSchema = ticketSchema;

const quoteFields = {
  client_order_id: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.:-]{1,64}$/, { error: MESSAGES.quote })
    .optional(),
  max_taker_fee: z
    .string()
    .trim()
    .regex(/^\d{1,15}(?:\.\d{1,8})?$/, { error: MESSAGES.fee })
    .optional(),
};

function checkQuote(v: { type: string; price?: string; client_order_id?: string; max_taker_fee?: string }, ctx: z.RefinementCtx): void {
  checkPrice(v, ctx);
  if (v.type !== "limit") return;
  if (!v.client_order_id) ctx.addIssue({ code: "custom", path: ["client_order_id"], message: MESSAGES.quote });
  if (!v.max_taker_fee) ctx.addIssue({ code: "custom", path: ["max_taker_fee"], message: MESSAGES.fee });
}

/** Placing: the ticket, the id sent with the reviewed quote and its fee (limit orders), and the form's attempt key. */
export const placeOrderSchema = withAttemptKey({ ...fields, ...quoteFields }).superRefine(checkQuote);

/** What is sent to the provider (and stored on an approval request): its own field names. */
export const orderPayloadSchema = z
  .object({ ...fields, ...quoteFields })
  .strict()
  .superRefine(checkQuote)
  // Market orders ignore a fee cap (spec): none is sent, so a stored request shows only what matters.
  .transform((v) =>
    v.type === "market"
      ? { symbol: v.symbol, side: v.side, type: v.type, quantity: v.quantity, ...(v.client_order_id ? { client_order_id: v.client_order_id } : {}) }
      : v,
  );
export type OrderPayload = z.output<typeof orderPayloadSchema>;

export const cancelOrderSchema = withAttemptKey({ orderId: z.uuid({ error: "Unknown order." }) });
export const cancelAllSchema = withAttemptKey({ confirm: z.literal(true, { error: "Confirm that every open order should be cancelled." }) });

const replaceFields = {
  price: price.refine((v) => v === undefined || (PRICE.test(v) && positive(v)), { error: MESSAGES.priceFormat }),
  quantity: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || (QUANTITY.test(v) && positive(v)), { error: MESSAGES.quantityFormat }),
};
function checkReplace(v: { price?: string; quantity?: string }, ctx: z.RefinementCtx): void {
  if (v.price === undefined && v.quantity === undefined) ctx.addIssue({ code: "custom", path: ["price"], message: "Enter a new price or a new quantity." });
}
/** The replace dialog's fields (the browser checks these; the action checks them again). */
export const replaceFormSchema = z.object(replaceFields).superRefine(checkReplace);
export const replaceOrderSchema = withAttemptKey({ orderId: z.uuid({ error: "Unknown order." }), ...replaceFields }).superRefine(checkReplace);
export type ReplaceValues = z.input<typeof replaceFormSchema>;

/** What placing answers: the order as the provider has it, or a request waiting for an approver. */
export type PlaceOrderResult =
  | { outcome: "placed"; orderId: string; status: string; rejectionReason: string | null; replayed: boolean }
  | { outcome: "pending_approval"; approvalId: string; summary: string };

/** The reviewed quote as the ticket shows it. */
export interface QuoteView {
  symbol: string;
  side: string;
  type: string;
  quantity: string;
  price: string | null;
  estimated_price: string | null;
  estimated_total: string | null;
  estimated_fee: string | null;
  /** Limit orders: the id the app made and sent with this quote, to send again with the order. */
  client_order_id: string | null;
}
