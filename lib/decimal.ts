/**
 * decimal.js for server code and tests that do more than the few exact operations of
 * `lib/money.ts` (precision, rounding chains, many operations). Browser code uses `lib/money.ts`:
 * decimal.js would add 13 KiB to each page.
 */
import Decimal from "decimal.js";
import { DECIMAL_PATTERN } from "@/lib/money";

export { Decimal };

/** Parses a decimal string; null when it is not one (never NaN, never a float). */
export function toDecimal(value: string | null | undefined): Decimal | null {
  if (value == null) return null;
  const v = value.trim();
  if (!DECIMAL_PATTERN.test(v)) return null;
  return new Decimal(v);
}
