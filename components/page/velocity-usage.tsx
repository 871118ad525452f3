import type { VelocityUsage } from "@/lib/approvals/schemas";
import { formatMoney } from "@/lib/money";

/** "USD 2,700.00 of 3,000.00": the currency once, both figures grouped. */
function usedOf(v: { used: string; limit: string }, currency: string): string {
  return `${formatMoney(v.used, currency)} of ${formatMoney(v.limit, currency).replace(/^[A-Z0-9]+\s/, "")}`;
}

/**
 * What is used of the 24-hour limits in one currency, for every money form and the approver: the
 * organization's total and this person's own. Nothing when the currency has no such limit.
 * `usage` is the one read (loadVelocityUsage, or an inbox row's running totals).
 */
export function VelocityUsageLine({
  usage,
  currency,
  requesterLabel = "by you",
}: {
  usage: VelocityUsage[] | VelocityUsage | null | undefined;
  currency: string;
  requesterLabel?: string;
}) {
  const code = currency.toUpperCase();
  const u = Array.isArray(usage) ? usage.find((x) => x.currency === code) : usage;
  if (!u || (!u.organization && !u.requester)) return null;
  const parts = [
    u.organization ? `${usedOf(u.organization, code)} in the last 24 h for the organization` : null,
    u.requester ? `${usedOf(u.requester, code)} in the last 24 h ${requesterLabel}` : null,
  ].filter(Boolean);
  return (
    <p className="text-sm whitespace-normal text-muted-foreground" data-testid="velocity-usage">
      {parts.join("; ")}.
    </p>
  );
}
