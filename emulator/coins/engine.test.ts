import { describe, expect, it } from "vitest";
import { createRng } from "../lib/rng";
import { Decimal, sum, toDecimal } from "../lib/money";
import { ASSETS, ASSET_ORDER, MARKETS, findMarket, type AssetSymbol } from "./catalog";
import {
  CRYPTO_CONFIRMATION_DELAY_MS,
  FIAT_SETTLEMENT_DELAY_MS,
  ORDER_EXECUTION_DELAY_MS,
  WITHDRAWAL_PROCESSING_DELAY_MS,
  advance,
  cancelOrder,
  createCryptoWithdrawal,
  createFiatWithdrawal,
  feeFor,
  placeOrder,
} from "./engine";
import { PRICE_REFRESH_MS, STALE_AFTER_MS, allMarketViews, fetchedAt, isStale, marketPriceAt, quote } from "./pricing";
import { COINS_MARKET_FIELDS } from "./market-fields";
import { seedCoins } from "./seed";
import type { CoinsSlice, SavedAddress } from "./state";
import { portfolioView } from "./views";

const NOW = Date.parse("2026-11-22T12:00:00.000Z");
const iso = (ms: number) => new Date(ms).toISOString();
const merchant = { id: "7b1d5c1e-0000-4000-8000-000000000001", name: "Demo Merchant", frozen: false };

function fresh(): { slice: CoinsSlice; newId: () => string } {
  const rng = createRng("coins-test");
  return { slice: seedCoins(merchant, rng, NOW), newId: () => rng.uuid() };
}

/** available + locked of every asset must equal the net of its completed and pending movements. */
function expectLedgerConsistent(slice: CoinsSlice): void {
  for (const asset of ASSET_ORDER) {
    const net = sum(
      slice.transactions
        .filter((t) => t.asset === asset && t.status !== "failed")
        .map((t) => (t.direction === "credit" ? toDecimal(t.amount) : toDecimal(t.amount).negated())),
    );
    // Pending withdrawals are already recorded as debits but their funds still sit in `locked`.
    const pendingDebits = sum(slice.transactions.filter((t) => t.asset === asset && t.status === "pending").map((t) => t.amount));
    const e = slice.balances[asset];
    expect(toDecimal(e.available).plus(e.locked).toFixed(), `ledger of ${asset}`).toBe(net.plus(pendingDebits).toFixed());
    expect(toDecimal(e.available).isNegative()).toBe(false);
    expect(toDecimal(e.locked).isNegative()).toBe(false);
  }
}

describe("price model", () => {
  it("is a pure function of time and holds between refreshes", () => {
    const m = findMarket("BTC", "USD")!;
    const t = Math.floor(NOW / PRICE_REFRESH_MS) * PRICE_REFRESH_MS;
    expect(quote(m, t).price.toFixed()).toBe(quote(m, t + PRICE_REFRESH_MS - 1).price.toFixed());
    expect(marketPriceAt(m, t).toFixed()).toBe(marketPriceAt(m, t).toFixed());
    expect(quote(m, t + 3 * 3_600_000).price.eq(quote(m, t).price)).toBe(false);
  });

  it("keeps prices within the model's band around the reference", () => {
    for (let h = 0; h < 24 * 14; h += 7) {
      const p = marketPriceAt(findMarket("BTC", "USD")!, NOW + h * 3_600_000);
      expect(p.greaterThan(96500 * 0.96)).toBe(true);
      expect(p.lessThan(96500 * 1.04)).toBe(true);
    }
  });

  it("prices NGN markets through the naira rate consistently with the USD market", () => {
    const t = fetchedAt(findMarket("USDT", "NGN")!, NOW);
    const usdtNgn = marketPriceAt(findMarket("USDT", "NGN")!, t);
    expect(usdtNgn.greaterThan(1400)).toBe(true);
    expect(usdtNgn.lessThan(1530)).toBe(true);
    const btcNgn = marketPriceAt(findMarket("BTC", "NGN")!, t);
    const btcUsd = marketPriceAt(findMarket("BTC", "USD")!, t);
    // BTC/NGN divided by BTC/USD is the naira rate, so it sits near USDT/NGN.
    expect(btcNgn.dividedBy(btcUsd).minus(usdtNgn).abs().lessThan(5)).toBe(true);
  });

  it("serves one stale market, always more than 5 minutes old, and fresh others", () => {
    for (const offset of [0, 59 * 60_000, 61 * 60_000, 7 * 3_600_000]) {
      const now = NOW + offset;
      for (const m of MARKETS) {
        const q = quote(m, now);
        expect(isStale(q, now), `${m.base}/${m.quote}`).toBe(m.stale_feed === true);
      }
      const stale = quote(findMarket("SOL", "NGN")!, now);
      expect(now - stale.fetchedAt).toBeGreaterThan(STALE_AFTER_MS);
      expect(now - stale.fetchedAt).toBeLessThanOrEqual(2 * 3_600_000);
    }
  });

  it("shows markets with exactly the spec's fields and a 24 h change matching the prices", () => {
    const views = allMarketViews(NOW, iso);
    expect(views).toHaveLength(10);
    for (const v of views) {
      expect(Object.keys(v).sort()).toEqual([...COINS_MARKET_FIELDS].sort());
      const m = findMarket(v.base_asset, v.quote_asset)!;
      const t = Date.parse(v.price_fetched_at);
      const prev = marketPriceAt(m, t - 86_400_000);
      expect(v.change_pct_24h).toBe(toDecimal(v.price).minus(prev).dividedBy(prev).times(100).toFixed(2, Decimal.ROUND_HALF_UP));
      expect(v.base_caid).toMatch(/^[a-z0-9-]+:.+/);
    }
  });
});

describe("orders", () => {
  it("buys: spends exactly the quote amount, fee in quote rounded up, base rounded down", () => {
    const { slice, newId } = fresh();
    const m = findMarket("BTC", "NGN")!;
    const ngnBefore = toDecimal(slice.balances.NGN.available);
    const btcBefore = toDecimal(slice.balances.BTC.available);
    const r = placeOrder(slice, newId, NOW, { side: "buy", market: m, amount: toDecimal("100000.00"), client_order_id: null });
    if (!r.ok) throw new Error(r.kind);
    expect(r.order.status).toBe("pending");
    expect(slice.balances.NGN.locked).toBe("100000.00");
    expect(toDecimal(slice.balances.NGN.available).toFixed(2)).toBe(ngnBefore.minus(100000).toFixed(2));

    advance(slice, newId, NOW + ORDER_EXECUTION_DELAY_MS - 1);
    expect(r.order.status).toBe("pending");
    advance(slice, newId, NOW + ORDER_EXECUTION_DELAY_MS);
    const o = r.order;
    expect(o.status).toBe("completed");
    const price = quote(m, NOW + ORDER_EXECUTION_DELAY_MS).price;
    expect(o.executed_price).toBe(price.toFixed(2));
    expect(o.fee).toBe("750.00"); // 75 bps of 100,000.00
    expect(o.base_amount).toBe(toDecimal("99250").dividedBy(price).toFixed(8, Decimal.ROUND_DOWN));
    expect(o.filled_quantity).toBe(o.base_amount);
    expect(o.quote_amount).toBe("100000.00");
    expect(slice.balances.NGN.locked).toBe("0.00");
    expect(toDecimal(slice.balances.BTC.available).minus(btcBefore).toFixed(8)).toBe(o.base_amount);
    expectLedgerConsistent(slice);
  });

  it("sells: proceeds in quote rounded down, fee deducted from them", () => {
    const { slice, newId } = fresh();
    const m = findMarket("ETH", "USD")!;
    const usdBefore = toDecimal(slice.balances.USD.available);
    const r = placeOrder(slice, newId, NOW, { side: "sell", market: m, amount: toDecimal("0.1"), client_order_id: "abc" });
    if (!r.ok) throw new Error(r.kind);
    expect(slice.balances.ETH.locked).toBe("0.10000000");
    advance(slice, newId, NOW + 10_000);
    const price = quote(m, NOW + ORDER_EXECUTION_DELAY_MS).price;
    const gross = price.times("0.1").toDecimalPlaces(2, Decimal.ROUND_DOWN);
    const fee = feeFor(gross, 50, 2);
    expect(r.order.quote_amount).toBe(gross.toFixed(2));
    expect(r.order.fee).toBe(fee.toFixed(2));
    expect(r.order.fee_asset).toBe("USD");
    expect(toDecimal(slice.balances.USD.available).minus(usdBefore).toFixed(2)).toBe(gross.minus(fee).toFixed(2));
    expectLedgerConsistent(slice);
  });

  it("refuses orders below the minimum quote amount, a sell valued at market", () => {
    const { slice, newId } = fresh();
    const below = placeOrder(slice, newId, NOW, { side: "buy", market: findMarket("BTC", "NGN")!, amount: toDecimal("1999.99"), client_order_id: null });
    expect(below).toMatchObject({ ok: false, kind: "below_minimum", minimum: "2000.00" });
    const tinySell = placeOrder(slice, newId, NOW, { side: "sell", market: findMarket("BTC", "USD")!, amount: toDecimal("0.00001"), client_order_id: null });
    expect(tinySell).toMatchObject({ ok: false, kind: "below_minimum", minimum: "5.00" });
    const atMin = placeOrder(slice, newId, NOW, { side: "buy", market: findMarket("BTC", "NGN")!, amount: toDecimal("2000"), client_order_id: null });
    expect(atMin.ok).toBe(true);
  });

  it("refuses orders beyond the available balance and leaves balances untouched", () => {
    const { slice, newId } = fresh();
    const before = JSON.stringify(slice.balances);
    const r = placeOrder(slice, newId, NOW, { side: "sell", market: findMarket("BTC", "USD")!, amount: toDecimal("5"), client_order_id: null });
    expect(r).toMatchObject({ ok: false, kind: "insufficient_balance", asset: "BTC", required: "5.00000000" });
    expect(JSON.stringify(slice.balances)).toBe(before);
  });

  it("fails orders on the stale market and orders deeper than the book, releasing the funds", () => {
    const { slice, newId } = fresh();
    const ngn = slice.balances.NGN.available;
    const stale = placeOrder(slice, newId, NOW, { side: "buy", market: findMarket("SOL", "NGN")!, amount: toDecimal("5000"), client_order_id: null });
    const deep = placeOrder(slice, newId, NOW, { side: "buy", market: findMarket("USDC", "NGN")!, amount: toDecimal("1000000.01"), client_order_id: null });
    if (!stale.ok || !deep.ok) throw new Error("placement refused");
    advance(slice, newId, NOW + ORDER_EXECUTION_DELAY_MS);
    expect(stale.order).toMatchObject({ status: "failed", failure_reason: "stale_price", executed_price: null, fee: "0.00" });
    expect(deep.order).toMatchObject({ status: "failed", failure_reason: "insufficient_liquidity" });
    expect(slice.balances.NGN.available).toBe(ngn);
    expect(slice.balances.NGN.locked).toBe("0.00");
    expectLedgerConsistent(slice);
  });

  it("cancels only pending orders", () => {
    const { slice, newId } = fresh();
    const r = placeOrder(slice, newId, NOW, { side: "buy", market: findMarket("ETH", "USD")!, amount: toDecimal("10"), client_order_id: null });
    if (!r.ok) throw new Error(r.kind);
    expect(cancelOrder(slice, r.order, NOW + 500)).toBe(true);
    expect(r.order.status).toBe("cancelled");
    expect(slice.balances.USD.locked).toBe("0.00");
    expect(cancelOrder(slice, r.order, NOW + 600)).toBe(false);
    advance(slice, newId, NOW + 10_000);
    expect(r.order.status).toBe("cancelled");
  });
});

describe("withdrawals", () => {
  const addr = (slice: CoinsSlice, address: string, asset: AssetSymbol, chain: string): SavedAddress => {
    const a: SavedAddress = {
      id: `00000000-0000-4000-8000-${String(slice.addresses.length).padStart(12, "0")}`,
      seq: ++slice.seq,
      address,
      asset,
      chain,
      label: "",
      created_at: NOW,
      updated_at: NOW,
    };
    slice.addresses.push(a);
    return a;
  };

  it("crypto: locks amount plus network fee, then pending -> processing -> completed", () => {
    const { slice, newId } = fresh();
    const a = addr(slice, "0x1111111111111111111111111111111111111111", "USDT", "polygon");
    const before = toDecimal(slice.balances.USDT.available);
    const r = createCryptoWithdrawal(slice, newId, NOW, a, toDecimal("100"));
    if (!r.ok) throw new Error(r.kind);
    expect(r.withdrawal).toMatchObject({ status: "pending", amount: "100.000000", fee: "0.200000", tx_hash: null });
    expect(slice.balances.USDT.locked).toBe("100.200000");
    advance(slice, newId, NOW + WITHDRAWAL_PROCESSING_DELAY_MS);
    expect(r.withdrawal.status).toBe("processing");
    expect(r.withdrawal.tx_hash).toMatch(/^0x[0-9a-f]{64}$/);
    expectLedgerConsistent(slice);
    advance(slice, newId, NOW + WITHDRAWAL_PROCESSING_DELAY_MS + CRYPTO_CONFIRMATION_DELAY_MS);
    expect(r.withdrawal.status).toBe("completed");
    expect(slice.balances.USDT.locked).toBe("0.000000");
    expect(toDecimal(slice.balances.USDT.available).toFixed(6)).toBe(before.minus("100.2").toFixed(6));
    expectLedgerConsistent(slice);
  });

  it("crypto: a rejected address fails and refunds; minimum and balance are enforced", () => {
    const { slice, newId } = fresh();
    const dead = addr(slice, "0x000000000000000000000000000000000000dead", "USDC", "base");
    const before = slice.balances.USDC.available;
    const r = createCryptoWithdrawal(slice, newId, NOW, dead, toDecimal("10"));
    if (!r.ok) throw new Error(r.kind);
    advance(slice, newId, NOW + 10 * 60_000);
    expect(r.withdrawal).toMatchObject({ status: "failed", failure_reason: "address_rejected" });
    expect(slice.balances.USDC.available).toBe(before);
    expect(createCryptoWithdrawal(slice, newId, NOW, dead, toDecimal("1.99"))).toMatchObject({ ok: false, kind: "below_minimum", minimum: "2" });
    expect(createCryptoWithdrawal(slice, newId, NOW, dead, toDecimal(before))).toMatchObject({ ok: false, kind: "insufficient_balance" });
    expectLedgerConsistent(slice);
  });

  it("fiat: NGN to a bank account completes; an invalid account fails and refunds", () => {
    const { slice, newId } = fresh();
    const before = toDecimal(slice.balances.NGN.available);
    const good = createFiatWithdrawal(slice, newId, NOW, { amount: toDecimal("10000"), bank_code: "044", account_number: "0690000032", narration: null });
    const bad = createFiatWithdrawal(slice, newId, NOW, { amount: toDecimal("5000"), bank_code: "058", account_number: "0123456799", narration: null });
    if (!good.ok || !bad.ok) throw new Error("refused");
    expect(good.withdrawal).toMatchObject({ status: "pending", fee: "50.00", bank_name: "Access Bank", account_name: "Sandbox Beneficiary 0032" });
    advance(slice, newId, NOW + WITHDRAWAL_PROCESSING_DELAY_MS + FIAT_SETTLEMENT_DELAY_MS);
    expect(good.withdrawal.status).toBe("completed");
    expect(bad.withdrawal).toMatchObject({ status: "failed", failure_reason: "beneficiary_account_invalid" });
    expect(toDecimal(slice.balances.NGN.available).toFixed(2)).toBe(before.minus("10050").toFixed(2));
    expect(
      createFiatWithdrawal(slice, newId, NOW, { amount: toDecimal("999.99"), bank_code: "044", account_number: "0690000032", narration: null }),
    ).toMatchObject({ ok: false, kind: "below_minimum" });
    expectLedgerConsistent(slice);
  });
});

describe("seed and portfolio", () => {
  it("seeds a consistent history with completed, failed and cancelled orders", () => {
    const { slice } = fresh();
    expect(slice.orders.map((o) => o.status).sort()).toEqual(["cancelled", "completed", "completed", "completed", "failed", "failed"]);
    expect(
      slice.orders
        .filter((o) => o.status === "failed")
        .map((o) => o.failure_reason)
        .sort(),
    ).toEqual(["insufficient_liquidity", "stale_price"]);
    expectLedgerConsistent(slice);
  });

  it("values the portfolio in USD with rows that add up to the total exactly", () => {
    const { slice } = fresh();
    const p = portfolioView(slice, NOW, iso);
    expect(p.assets.map((a) => a.asset)).toEqual([...ASSET_ORDER]);
    expect(sum(p.assets.map((a) => a.value_usd)).toFixed(2)).toBe(p.total_value_usd);
    for (const a of p.assets) {
      expect(a.value_usd).toBe(toDecimal(a.balance).times(a.price_usd).toFixed(2, Decimal.ROUND_HALF_UP));
      expect(a.balance.split(".")[1]?.length ?? 0).toBe(ASSETS[a.asset].decimals);
    }
    expect(p.assets.find((a) => a.asset === "USD")?.price_usd).toBe("1.00000000");
  });
});
