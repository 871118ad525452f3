/**
 * The Stocks wallet of one merchant (state slice) and its valuation. A position is priced only when
 * its price is fresh; a stale-priced position is shown with `priced: false`, its last known price,
 * and null value and delta, and is left out of every total. Values are rounded to cents per
 * position first and totals are sums of those rounded values, so the figures add up exactly.
 */
import type { Rng } from "../lib/contract";
import { Decimal, fixed, sum, toDecimal } from "../lib/money";
import { findStock, logoUrl } from "./catalog";
import { change24h, stockQuote } from "./pricing";

export const QUANTITY_DECIMALS = 8;

export interface StoredPosition {
  symbol: string;
  quantity: string;
  /** Part of the quantity free to sell or move (the rest is held by a pending settlement). */
  available: string;
}

export interface StocksSlice {
  usd_balance: string;
  positions: StoredPosition[];
}

export function seedStocks(rng: Rng): StocksSlice {
  // A small per-merchant variation in cash, so two merchants' wallets are told apart at a glance.
  const cents = rng.int(0, 99).toString().padStart(2, "0");
  return {
    usd_balance: `1250.${cents}`,
    positions: [
      { symbol: "AAPL", quantity: "3.50000000", available: "3.50000000" },
      { symbol: "TSLA", quantity: "1.25000000", available: "1.00000000" },
      { symbol: "NVDA", quantity: "10.00000000", available: "10.00000000" },
      { symbol: "SPY", quantity: "2.40000000", available: "2.40000000" },
      { symbol: "QQQ", quantity: "0.75000000", available: "0.75000000" },
      { symbol: "COIN", quantity: "4.00000000", available: "4.00000000" },
    ],
  };
}

const cents = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

export function portfolioView(slice: StocksSlice, now: number, iso: (ms: number) => string) {
  const rows = slice.positions.map((p) => {
    const def = findStock(p.symbol);
    if (!def) throw new Error(`position in unknown asset ${p.symbol}`);
    const q = stockQuote(def, now);
    const qty = toDecimal(p.quantity);
    const priced = !q.stale;
    const value = cents(qty.times(q.price));
    const delta = value.minus(cents(qty.times(q.previous)));
    return { p, def, q, priced, value, delta };
  });
  const pricedRows = rows.filter((r) => r.priced);
  const open = sum(pricedRows.map((r) => r.value));
  const delta = sum(pricedRows.map((r) => r.delta));
  const base = open.minus(delta);
  const usd = toDecimal(slice.usd_balance);
  return {
    usd_balance: fixed(usd, 2),
    total_value_usd: fixed(usd.plus(open), 2),
    open_positions_value_usd: fixed(open, 2),
    delta_24h: {
      // Relative to the priced positions' value 24 hours ago; cash does not move.
      pct: base.isZero() ? "0.00" : fixed(delta.dividedBy(base).times(100), 2),
      value_usd: fixed(delta, 2),
    },
    updated_at: iso(now),
    positions: rows.map((r) => ({
      symbol: r.def.symbol,
      name: r.def.name,
      category: r.def.category,
      status: r.def.status,
      logo_url: logoUrl(r.def),
      quantity: fixed(r.p.quantity, QUANTITY_DECIMALS),
      available: fixed(r.p.available, QUANTITY_DECIMALS),
      price_usd: fixed(r.q.price, r.def.price_precision),
      priced: r.priced,
      value_usd: r.priced ? fixed(r.value, 2) : null,
      delta_24h: r.priced ? { pct: fixed(change24h(r.q).pct, 2), value_usd: fixed(r.delta, 2) } : { pct: null, value_usd: null },
    })),
  };
}
