/**
 * Words a finance user reads for the Stocks surface's codes. Client-safe. The spec shows none of the
 * allowed values, so an unknown code is shown as the provider sent it (underscores as spaces).
 */
import { MARKET_STATUSES, RISK_LEVELS } from "@/lib/upstream/schemas/stocks-values";

// Not the schemas' isKnown: that module loads the validation library, and the asset toolbar imports these labels.
const isKnown = <const T extends readonly string[]>(values: T, value: string): value is T[number] => (values as readonly string[]).includes(value);

export const raw = (code: string) => code.replace(/_/g, " ");

const MARKET: Record<(typeof MARKET_STATUSES)[number], string> = {
  open: "Market open",
  pre_market: "Pre-market",
  after_hours: "After hours",
  closed: "Market closed",
  halted: "Trading halted",
};

export function marketStatusLabel(status: string | null | undefined): string {
  if (!status) return "Unknown";
  return isKnown(MARKET_STATUSES, status) ? MARKET[status] : raw(status);
}

const RISK: Record<(typeof RISK_LEVELS)[number], { label: string; plain: string }> = {
  low: { label: "Low risk", plain: "Prices move little; losses are possible but usually small." },
  medium: { label: "Medium risk", plain: "Prices can fall noticeably; a diversified fund, but the value can still drop." },
  high: { label: "High risk", plain: "A single company's share: the price can fall sharply and quickly." },
  very_high: { label: "Very high risk", plain: "A very volatile price: large losses in a short time are possible, including most of the money invested." },
};

export function riskLabel(level: string | null | undefined): { label: string; plain: string; known: boolean } {
  if (!level) return { label: "Risk level not given", plain: "The provider did not state a risk level for this asset.", known: false };
  if (isKnown(RISK_LEVELS, level)) return { ...RISK[level], known: true };
  return { label: `Risk: ${raw(level)}`, plain: "The provider's risk level, as it sent it.", known: false };
}

/** Risk levels at which a warning colour is used (the label always says it in words too). */
export const isHighRisk = (level: string | null | undefined) => level === "high" || level === "very_high";

export function categoryLabel(category: string | null | undefined): string {
  if (category === "stock") return "Stock";
  if (category === "etf") return "ETF";
  return category ? raw(category) : "—";
}

export function legalFormLabel(form: string | null | undefined): string {
  if (!form) return "Not given";
  if (form === "tracker_certificate") return "Tracker certificate";
  return raw(form).replace(/^./, (c) => c.toUpperCase());
}

/** Ownership and voting rights: "none" said plainly, anything else as sent. */
export function rightsLabel(value: string | null | undefined, what: "ownership" | "voting"): string {
  if (!value) return "Not given";
  if (value === "none") return what === "ownership" ? "None: holders do not own the underlying shares" : "None: holders cannot vote at the company's meetings";
  return raw(value).replace(/^./, (c) => c.toUpperCase());
}
