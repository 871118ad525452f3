import { formatMoney } from "@/lib/money";

/** An amount with its currency, right-aligned figures; "—" when absent. */
export function Amount({ value, currency, className }: { value: string | null | undefined; currency: string | null | undefined; className?: string }) {
  if (value == null || !currency) return <span className={className}>—</span>;
  return <span className={`tabular-nums whitespace-nowrap ${className ?? ""}`}>{formatMoney(value, currency)}</span>;
}
