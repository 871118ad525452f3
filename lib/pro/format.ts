/** Quantities and prices of Pro orders, formatted from decimal strings (never floats). Client-safe. */
import { formatMoney, isDecimalString, toFixedDecimal } from "@/lib/money";

const qtyFormat = new Intl.NumberFormat("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 8 });

/** "USD 1,234.5" style base quantities: up to 8 places, at least 2, trailing zeros trimmed. */
export function formatQuantity(value: string | null | undefined, asset = "USD"): string {
  if (!isDecimalString(value)) return "—";
  return `${asset} ${qtyFormat.format(toFixedDecimal(value, 8) as unknown as number)}`;
}

/** NGN prices, fees and totals; an empty string (no fills yet) shows as a dash. */
export function formatNgn(value: string | null | undefined): string {
  if (!value) return "—";
  return formatMoney(value, "NGN");
}
