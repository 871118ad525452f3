/**
 * The portfolio as the page shows it, from the provider's answer. Client-safe. Every sum is decimal
 * arithmetic on the provider's strings: the open positions value shown is checked against the sum
 * of the priced positions, and the total against cash plus positions, so a figure that does not add
 * up is said out loud instead of silently shown.
 */
import { addDecimals, compareDecimals, formatMoney, isDecimalString, toFixedDecimal } from "@/lib/money";
import type { Portfolio } from "@/lib/upstream/schemas/stocks";

export interface PositionRow {
  symbol: string;
  name: string | null;
  category: string | null;
  status: string | null;
  logoUrl: string | null;
  quantity: string;
  available: string | null;
  priceUsd: string | null;
  /** False when the provider could not value it (stale price): left out of every total. */
  priced: boolean;
  valueUsd: string | null;
  change24hPct: string | null;
  change24hUsd: string | null;
}

export interface PortfolioFigures {
  usdBalance: string;
  totalValueUsd: string;
  openPositionsValueUsd: string;
  change24hUsd: string | null;
  change24hPct: string | null;
  updatedAt: string | null;
  positions: PositionRow[];
  /** Sum of the priced positions' values, to cents. */
  positionsSumUsd: string;
  unpricedCount: number;
  /** Disagreements between the provider's totals and the sums of its own parts (empty when none). */
  mismatches: string[];
}

const cents = (d: string) => toFixedDecimal(d, 2);
const decimal = (value: string | null | undefined): string | null => (isDecimalString(value) ? value.trim() : null);

export function portfolioFigures(p: Portfolio): PortfolioFigures {
  const positions: PositionRow[] = p.positions.map((x) => {
    const value = decimal(x.value_usd);
    // A position is valued only when the provider says so and gives a value.
    const priced = x.priced !== false && value !== null;
    return {
      symbol: x.symbol,
      name: x.name ?? null,
      category: x.category ?? null,
      status: x.status ?? null,
      logoUrl: x.logo_url ?? null,
      quantity: x.quantity,
      available: x.available ?? null,
      priceUsd: x.price_usd ?? null,
      priced,
      valueUsd: priced ? x.value_usd! : null,
      change24hPct: priced ? (x.delta_24h?.pct ?? null) : null,
      change24hUsd: priced ? (x.delta_24h?.value_usd ?? null) : null,
    };
  });
  const sum = positions.reduce((acc, r) => (r.priced ? addDecimals(acc, r.valueUsd!) : acc), "0");
  const open = decimal(p.open_positions_value_usd) ?? sum;
  const usd = decimal(p.usd_balance) ?? "0";
  const total = decimal(p.total_value_usd) ?? addDecimals(usd, open);
  const mismatches: string[] = [];
  if (compareDecimals(sum, open) !== 0)
    mismatches.push(
      `The provider's open positions value (${formatMoney(open, "USD")}) differs from the sum of its priced positions (${formatMoney(sum, "USD")}).`,
    );
  if (compareDecimals(addDecimals(usd, open), total) !== 0)
    mismatches.push(
      `The provider's total value (${formatMoney(total, "USD")}) differs from the USD balance plus open positions (${formatMoney(addDecimals(usd, open), "USD")}).`,
    );
  return {
    usdBalance: p.usd_balance,
    totalValueUsd: p.total_value_usd,
    openPositionsValueUsd: p.open_positions_value_usd ?? cents(sum),
    change24hUsd: p.delta_24h?.value_usd ?? null,
    change24hPct: p.delta_24h?.pct ?? null,
    updatedAt: p.updated_at ?? null,
    positions,
    positionsSumUsd: cents(sum),
    unpricedCount: positions.filter((r) => !r.priced).length,
    mismatches,
  };
}
