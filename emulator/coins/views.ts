/**
 * What API clients see: stored records turned into response objects (ISO timestamps, decimal
 * strings), plus balances and the USD portfolio valuation.
 */
import { Decimal, fixed, sum, toDecimal } from "../lib/money";
import { ASSETS, ASSET_ORDER, findMarket, type AssetSymbol } from "./catalog";
import { quote } from "./pricing";
import type { CoinsSlice, SavedAddress, StoredCryptoWithdrawal, StoredFiatWithdrawal, StoredOrder, StoredTransaction } from "./state";

type Iso = (ms: number) => string;

export function orderView(o: StoredOrder, iso: Iso) {
  return {
    id: o.id,
    side: o.side,
    status: o.status,
    base_asset: o.base_asset,
    base_amount: o.base_amount,
    quote_asset: o.quote_asset,
    quote_amount: o.quote_amount,
    executed_price: o.executed_price,
    filled_quantity: o.filled_quantity,
    fee: o.fee,
    fee_asset: o.fee_asset,
    failure_reason: o.failure_reason,
    client_order_id: o.client_order_id,
    created_at: iso(o.created_at),
    updated_at: iso(o.updated_at),
  };
}

export function transactionView(t: StoredTransaction, iso: Iso) {
  return {
    id: t.id,
    type: t.type,
    direction: t.direction,
    asset: t.asset,
    amount: t.amount,
    status: t.status,
    reference_type: t.reference_type,
    reference_id: t.reference_id,
    description: t.description,
    created_at: iso(t.created_at),
    updated_at: iso(t.updated_at),
  };
}

export function addressView(a: SavedAddress, iso: Iso) {
  return { id: a.id, address: a.address, asset: a.asset, chain: a.chain, label: a.label, created_at: iso(a.created_at), updated_at: iso(a.updated_at) };
}

export function cryptoWithdrawalView(w: StoredCryptoWithdrawal, iso: Iso) {
  return {
    id: w.id,
    address_id: w.address_id,
    address: w.address,
    asset: w.asset,
    chain: w.chain,
    amount: w.amount,
    fee: w.fee,
    fee_asset: w.asset,
    total_debit: fixed(toDecimal(w.amount).plus(w.fee), ASSETS[w.asset].decimals),
    status: w.status,
    tx_hash: w.tx_hash,
    failure_reason: w.failure_reason,
    created_at: iso(w.created_at),
    updated_at: iso(w.updated_at),
    completed_at: w.completed_at === null ? null : iso(w.completed_at),
  };
}

export function fiatWithdrawalView(w: StoredFiatWithdrawal, iso: Iso) {
  return {
    id: w.id,
    currency: w.currency,
    amount: w.amount,
    fee: w.fee,
    total_debit: fixed(toDecimal(w.amount).plus(w.fee), 2),
    bank_code: w.bank_code,
    bank_name: w.bank_name,
    account_number: w.account_number,
    account_name: w.account_name,
    narration: w.narration,
    reference: w.reference,
    status: w.status,
    failure_reason: w.failure_reason,
    created_at: iso(w.created_at),
    updated_at: iso(w.updated_at),
    completed_at: w.completed_at === null ? null : iso(w.completed_at),
  };
}

export function balancesView(slice: CoinsSlice) {
  return ASSET_ORDER.map((asset) => {
    const e = slice.balances[asset];
    return {
      asset,
      display_name: ASSETS[asset].display_name,
      caid: ASSETS[asset].caid,
      available: e.available,
      locked: e.locked,
      total: fixed(toDecimal(e.available).plus(e.locked), ASSETS[asset].decimals),
    };
  });
}

/** USD price of an asset as shown in the portfolio (8 decimals), from the live USD markets. */
export function portfolioPriceUsd(asset: AssetSymbol, now: number): Decimal {
  if (asset === "USD") return new Decimal(1);
  if (asset === "NGN") {
    // No NGN/USD market: cross through USDT (USDT/USD divided by USDT/NGN).
    const usdt = quote(findMarket("USDT", "USD")!, now).price;
    const usdtNgn = quote(findMarket("USDT", "NGN")!, now).price;
    return usdt.dividedBy(usdtNgn).toDecimalPlaces(8, Decimal.ROUND_HALF_UP);
  }
  const m = findMarket(asset, "USD");
  if (!m) throw new Error(`no USD market for ${asset}`);
  return quote(m, now).price.toDecimalPlaces(8, Decimal.ROUND_HALF_UP);
}

/**
 * Portfolio in USD. Each asset's value is rounded to cents first and the total is the sum of those
 * rounded values, so the figures a client adds up always match the total exactly.
 */
export function portfolioView(slice: CoinsSlice, now: number, iso: Iso) {
  const rows = ASSET_ORDER.map((asset) => {
    const e = slice.balances[asset];
    const balance = toDecimal(e.available).plus(e.locked);
    const price = portfolioPriceUsd(asset, now);
    const value = balance.times(price).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    return { asset, balance, price, value };
  });
  const total = sum(rows.map((r) => r.value));
  return {
    total_value_usd: fixed(total, 2),
    assets: rows.map((r) => ({
      asset: r.asset,
      display_name: ASSETS[r.asset].display_name,
      balance: fixed(r.balance, ASSETS[r.asset].decimals),
      price_usd: fixed(r.price, 8),
      value_usd: fixed(r.value, 2),
      allocation_pct: total.isZero() ? "0.00" : fixed(r.value.dividedBy(total).times(100), 2),
    })),
    updated_at: iso(now),
  };
}
