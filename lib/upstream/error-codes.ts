/**
 * The sentence for every error code and rejection reason the provider documents, and the form field
 * it belongs on. Client-safe (no server imports): the error mapping, the Pro order views and the
 * order ticket share these sentences. A code not listed here falls back to the provider's own words.
 */
import type { UpstreamSurface } from "./types";

/** Where a code happened: enough to pick the sentence and the field. */
export interface CodeContext {
  surface: UpstreamSurface;
  method: string;
  /** Path relative to the surface's version root, e.g. `/orders`. */
  path: string;
  /** The provider's own message, as a sentence ("" when none was given). */
  said: string;
}

export interface CodeRule {
  sentence: (c: CodeContext) => string;
  /** The provider's name of the request field the sentence belongs on, when there is one. */
  field?: (c: CodeContext) => string | null;
}

const isOrder = (c: CodeContext) => /^\/orders(\/|$)/.test(c.path) && c.method !== "GET";
const isWebhook = (c: CodeContext) => c.surface === "pro" && c.path.startsWith("/webhooks");
const withSaid = (c: CodeContext) => (c.said ? ` The provider said: ${c.said}` : "");

/** The request field that carries the amount a balance refusal is about. */
function amountField(c: CodeContext): string | null {
  if (isOrder(c)) return c.surface === "pro" ? "quantity" : "amount";
  if (c.surface === "core" && /^\/merchant\/(balance\/(transfer|withdraw)|withdrawals)$/.test(c.path)) return "amount_usd";
  if (c.surface === "core" && c.path === "/transfers") return "amount";
  return null;
}

function balanceSentence(c: CodeContext): string {
  const said = withSaid(c);
  if (isOrder(c) && c.surface === "pro")
    return `The Pro balance is too low for this order.${said} Lower the quantity or add funds to the balance, then review the order again.`;
  if (isOrder(c)) return `The balance is too low for this order.${said} Lower the amount or add funds, then place it again.`;
  return `The balance is too low for this amount.${said} Lower the amount, or move money into this balance first.`;
}

const rateLimitSentence = () =>
  "The provider's request limit for this key (100 requests a minute) was reached, so nothing was done. Wait a minute, then try again.";

/**
 * Pro order rejection reasons (upstream-docs-notes.md, "Pro orders": documented lowercase reasons,
 * plus the spec's TAKER_FEE_CAP_EXCEEDED, upstream-api-spec.md "Errors"). They come either as an
 * error code when an order is refused, or as the reason on an order the provider rejected.
 */
export const REJECTION_SENTENCES: Record<string, string> = {
  TAKER_FEE_CAP_EXCEEDED:
    "The taker fee would have exceeded the fee cap sent with the order (the quote's estimated fee). Prices or fees moved since the quote: get a fresh quote and review it before placing again.",
  insufficient_balance: "The Pro balance was too low for this order. Lower the quantity or add funds to the balance, then place the order again.",
  invalid_price: "The provider did not accept this price. Enter a positive price in NGN per unit, close to the market, and review the order again.",
  invalid_quantity:
    "The provider did not accept this quantity. Enter a positive quantity of the base asset (up to 8 decimal places) and review the order again.",
  market_closed: "The market for this pair is closed, so the order could not trade. Place it again when the market reopens.",
  rate_limit_exceeded:
    "The provider's request limit for this key (100 requests a minute) was reached, so the order was not taken. Wait a minute, then place it again.",
};

/** The ticket field each rejection reason belongs on (the rest are about the whole order). */
export const REJECTION_FIELDS: Record<string, "price" | "quantity" | "max_taker_fee"> = {
  TAKER_FEE_CAP_EXCEEDED: "max_taker_fee",
  insufficient_balance: "quantity",
  invalid_price: "price",
  invalid_quantity: "quantity",
};

export function rejectionField(reason: string | null | undefined): "price" | "quantity" | "max_taker_fee" | null {
  return reason ? (REJECTION_FIELDS[reason] ?? null) : null;
}

const rejection = (reason: string): CodeRule => ({
  sentence: () => REJECTION_SENTENCES[reason]!,
  field: () => REJECTION_FIELDS[reason] ?? null,
});

/**
 * Keyed by the code exactly as documented; lookups also try the upper-case form, so a code sent in
 * another case still gets its sentence (the lowercase rejection reasons have their own entries).
 */
export const CODE_RULES: Record<string, CodeRule> = {
  // upstream-api-spec.md, "Errors" / "Core surface shape". (unauthorized 401, merchant_frozen 403 and
  // NOT_FOUND 404 are answered by status in errors.ts: their sentences depend only on the status.)
  BAD_REQUEST: {
    sentence: (c) =>
      c.method === "GET"
        ? `The provider could not read this request: an id or a filter in it is not in a form it accepts.${withSaid(c)} Check the link, or clear the filters, and try again.`
        : `The provider could not read this request: a value in it is not in a form it accepts.${withSaid(c)} Check the form and submit it again.`,
  },
  // upstream-api-spec.md, "Errors" / "Envelope surfaces (Coins, Stocks, Pro)".
  VALIDATION_ERROR: {
    sentence: (c) =>
      isWebhook(c)
        ? `The provider refused this webhook change.${withSaid(c)} The URL must be a valid HTTPS address, and the status either active or paused.`
        : `The provider refused some of the values sent.${withSaid(c)} Correct them and submit again.`,
    field: (c) => (isWebhook(c) ? (/url|https/i.test(c.said) ? "url" : /status/i.test(c.said) ? "status" : null) : null),
  },
  INSUFFICIENT_BALANCE: { sentence: balanceSentence, field: amountField },
  INVALID_ORDER: {
    sentence: (c) =>
      `The provider refused the order as set out.${withSaid(c)} Check the order type, price and quantity (a limit order needs a price, a market order takes none), then review it again.`,
  },
  // API_KEY_INVALID (401) and API_KEY_INVALID_SCOPE (403) are answered by status in errors.ts.
  // A trading pair or symbol exists the same way in both environments: never "the other environment".
  SYMBOL_NOT_FOUND: {
    sentence: (c) =>
      c.surface === "stocks"
        ? `The provider does not list this stock symbol.${withSaid(c)} Choose a symbol from the list of assets.`
        : `The provider does not offer this trading pair.${withSaid(c)} Choose a pair from the list.`,
    field: (c) => (isOrder(c) || c.path === "/orders/quote" ? (c.surface === "pro" ? "symbol" : "base_asset") : null),
  },
  WEBHOOK_NOT_FOUND: { sentence: () => "The provider has no webhook with this id: it may have been deleted. Reload the list of webhooks." },
  // upstream-docs-notes.md, "Shapes the spec does not show" (transfer create validation body).
  validation_failed: { sentence: (c) => `The provider refused some of the values sent.${withSaid(c)} Correct them and submit again.` },
  // Lowercase balance code of the core surface (transfers, balance moves, withdrawals) and of Pro rejections.
  insufficient_balance: { sentence: balanceSentence, field: amountField },
  TAKER_FEE_CAP_EXCEEDED: rejection("TAKER_FEE_CAP_EXCEEDED"),
  invalid_price: rejection("invalid_price"),
  invalid_quantity: rejection("invalid_quantity"),
  market_closed: rejection("market_closed"),
  rate_limit_exceeded: { sentence: rateLimitSentence },
};

export function ruleFor(code: string): CodeRule | null {
  return CODE_RULES[code] ?? CODE_RULES[code.toUpperCase()] ?? null;
}
