/**
 * What the Pro desk says about symbols, statuses and rejection reasons. Client-safe: the ticket,
 * the tables and the detail page share these sentences.
 */
import { REJECTION_SENTENCES, rejectionField } from "@/lib/upstream/error-codes";
import { PRO_CANCELLABLE, PRO_ORDER_STATUSES } from "@/lib/upstream/schemas/pro-values";

/** The spec's symbols; USDT-NGN is the recommended one. All three trade one unified USD balance. */
export const PRO_SYMBOLS = ["USDT-NGN", "USDC-NGN", "USD-NGN"] as const;
export type ProSymbol = (typeof PRO_SYMBOLS)[number];
export const PRO_SIDES = ["buy", "sell"] as const;
export const PRO_TYPES = ["limit", "market"] as const;

export const SYMBOL_LABELS: Record<ProSymbol, string> = {
  "USDT-NGN": "USDT-NGN (recommended)",
  "USDC-NGN": "USDC-NGN",
  "USD-NGN": "USD-NGN",
};

export const SHARED_BALANCE_NOTE = "USDT-NGN, USDC-NGN and USD-NGN all trade one unified USD balance; the provider reports every order as USD-NGN.";

export { PRO_ORDER_STATUSES };

export const STATUS_HELP: Record<string, string> = {
  pending_settlement: "Accepted; the funds are settling into the order.",
  new: "Settled; about to rest on the order book.",
  open: "Resting on the order book, waiting for a counterparty.",
  partially_filled: "Part of the quantity has traded; the rest is still working.",
  filled: "The whole quantity has traded.",
  cancelled: "Cancelled; nothing more will trade. Any unfilled part was released.",
  rejected: "Refused by the provider; nothing traded.",
  failed: "The provider could not process this order; nothing more will trade.",
};

/** Statuses the provider still moves on its own (no event announces some of these moves). */
export const WORKING_STATUSES = ["pending_settlement", "new", "open", "partially_filled"] as const;
/** The provider's docs: only new, open and partially_filled orders can be cancelled or replaced. */
export const CHANGEABLE_STATUSES: readonly string[] = PRO_CANCELLABLE;

export function isWorking(status: string): boolean {
  return (WORKING_STATUSES as readonly string[]).includes(status);
}
export function canChange(status: string): boolean {
  return CHANGEABLE_STATUSES.includes(status);
}

export const FEE_CAP_REASON = "TAKER_FEE_CAP_EXCEEDED";

/** The documented rejection reasons' sentences live with the error codes, so a refusal and a rejected order say the same. */
export const REJECTION_HELP: Record<string, string> = REJECTION_SENTENCES;

/** Where the ticket shows a rejected order's reason: on the price or quantity field, else above the form. */
export function rejectionPlacement(reason: string | null | undefined): { field: "price" | "quantity" | null; sentence: string } {
  const field = rejectionField(reason);
  return {
    field: field === "price" || field === "quantity" ? field : null,
    sentence: rejectionSentence(reason) ?? "The provider rejected the order without giving a reason.",
  };
}

export function rejectionSentence(reason: string | null | undefined): string | null {
  if (!reason) return null;
  return REJECTION_HELP[reason] ?? `The provider gave the reason "${reason}".`;
}

/** The asset an order of this side spends: NGN for buys, the unified USD balance for sells. */
export function spendAsset(side: string): "NGN" | "USD" {
  return side === "sell" ? "USD" : "NGN";
}

export const MARKET_WARNING =
  "A market order trades at once at the best prices available and may slip from the last price. If there is not enough liquidity it fills partially and the rest is cancelled.";
