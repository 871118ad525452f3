/**
 * The quote shown before confirming must match what the provider debits. The sandbox's transfer
 * engine is the reference: for many amounts and every published rate bucket, the app's quote (from
 * the rate GET /v1/rates returns) equals the engine's debit_amount, fee and rate to the cent.
 */
import { describe, expect, it } from "vitest";
import { quoteTransfer as engineQuote } from "@/emulator/core/engine";
import { currentRate, RATE_ROTATION_MS } from "@/emulator/core/rates";
import type { CoreSlice } from "@/emulator/core/types";
import { Decimal } from "@/lib/decimal";
import { quoteTransfer } from "./quote";

const slice = () => ({ rates: {} }) as unknown as CoreSlice;
const AT = "2026-01-01T00:00:00.000Z";

describe("NGN transfers: converted at the USD SELL rate with the rate's fee", () => {
  const amounts = ["100.00", "100", "999.99", "1000", "1550.5", "250000.00", "1234567.89", "15000000", "99999999.99", "100.01"];
  const buckets = Array.from({ length: 12 }, (_, i) => (i * 37 + 3) * RATE_ROTATION_MS);

  it.each(buckets.map((b) => [b]))("matches the engine for every amount at rate bucket %i", (nowMs) => {
    const s = slice();
    const rate = currentRate(s, nowMs, "USD", "SELL");
    for (const amount of amounts) {
      const engine = engineQuote(s, { type: "BANK_ACCOUNT", us_bank_account: null }, "NGN", amount, nowMs, AT);
      const ours = quoteTransfer({ currency: "NGN", amount, rate: { value: rate.rate, feeBps: rate.fee_bps } });
      expect(ours, amount).toMatchObject({ debitAmount: engine.debit_amount, fee: engine.fee, rate: engine.rate.value, debitCurrency: "USD", feeBps: 50 });
    }
  });

  it("works a known case out by hand: NGN 250,000 at 1,542.25 with 50 bps", () => {
    // 250000 / 1542.25 = 162.10082752... -> 162.11 (up); fee 0.8105041... -> 0.82 (up); debit 162.93.
    expect(quoteTransfer({ currency: "NGN", amount: "250000", rate: { value: "1542.25", feeBps: 50 } })).toEqual({
      debitAmount: "162.93",
      debitCurrency: "USD",
      fee: "0.82",
      rate: "1542.25",
      convertedUsd: "162.11",
      feeBps: 50,
    });
  });

  it("has no quote without a rate or a valid amount", () => {
    const rate = { value: "1550.00", feeBps: 50 };
    expect(quoteTransfer({ currency: "NGN", amount: "1000", rate: null })).toBeNull();
    for (const amount of ["", "0", "0.00", "-5", "1e3", "12.345", "1,000", "abc"]) {
      expect(quoteTransfer({ currency: "NGN", amount, rate }), amount).toBeNull();
    }
    expect(quoteTransfer({ currency: "NGN", amount: "1000", rate: { value: "0", feeBps: 50 } })).toBeNull();
  });
});

describe("USD and stablecoin transfers: 1:1, with no invented fee", () => {
  it.each(["USD", "USDC", "USDT"])("debits at least the amount in %s and leaves the rail's fee to the provider", (currency) => {
    for (const amount of ["1.00", "1", "10.5", "2500.99", "10000000.01"]) {
      expect(quoteTransfer({ currency, amount }), amount).toEqual({
        debitAmount: new Decimal(amount).toFixed(2),
        debitCurrency: "USD",
        fee: null,
        rate: "1.00",
        convertedUsd: new Decimal(amount).toFixed(2),
        feeBps: null,
      });
    }
  });
});
