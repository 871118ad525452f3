/**
 * Market prices and when they count as stale. The spec gives each market's `price_fetched_at`
 * but no age limit; five minutes is the sandbox's documented threshold and generous for a feed
 * that refreshes every few seconds. Client-safe.
 */
import type { Market } from "@/lib/upstream/schemas/coins";

export const STALE_AFTER_MS = 5 * 60_000;

/**
 * The provider's "now" for judging ages: our clock, or the newest fetch time it reported when that
 * is later (a provider clock ahead of ours must not make every other price look fresh).
 */
export function referenceTime(markets: readonly Pick<Market, "price_fetched_at">[], now: number = Date.now()): number {
  let ref = now;
  for (const m of markets) {
    const t = m.price_fetched_at ? Date.parse(m.price_fetched_at) : NaN;
    if (Number.isFinite(t) && t > ref) ref = t;
  }
  return ref;
}

/** A price with no fetch time, or one older than the limit at `reference`, is stale. */
export function isStale(m: Pick<Market, "price_fetched_at">, reference: number): boolean {
  const t = m.price_fetched_at ? Date.parse(m.price_fetched_at) : NaN;
  return !Number.isFinite(t) || reference - t > STALE_AFTER_MS;
}

/** "2 min", "1 h 5 min": how old a price is, for the stale marker. */
export function ageText(m: Pick<Market, "price_fetched_at">, reference: number): string {
  const t = m.price_fetched_at ? Date.parse(m.price_fetched_at) : NaN;
  if (!Number.isFinite(t)) return "unknown age";
  const minutes = Math.max(0, Math.floor((reference - t) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

export interface AssetOption {
  caid: string;
  label: string;
}

/** The distinct base and quote assets of the markets, for the filters: symbol and identifier. */
export function assetOptions(markets: readonly Market[]): { base: AssetOption[]; quote: AssetOption[] } {
  const collect = (pick: (m: Market) => [string | null | undefined, string]) => {
    const seen = new Map<string, string>();
    for (const m of markets) {
      const [caid, symbol] = pick(m);
      if (caid && !seen.has(caid)) seen.set(caid, symbol);
    }
    return [...seen].map(([caid, symbol]) => ({ caid, label: symbol })).sort((a, b) => a.label.localeCompare(b.label));
  };
  return { base: collect((m) => [m.base_caid, m.base_asset]), quote: collect((m) => [m.quote_caid, m.quote_asset]) };
}
