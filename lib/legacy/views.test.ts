import { describe, expect, it } from "vitest";
import type { Payout } from "@/lib/upstream/schemas/core";
import { offramp, onramp, payout } from "@/lib/upstream/schemas/core";
import { offrampRow, onrampRow, payoutRecipient, payoutRow, rampToolbar, replacementHref, shortAddress } from "./views";

const ngnPayout = payout.parse({
  type: "NGN_PAYOUT",
  id: "5d0c4b0e-1111-4000-8000-000000000001",
  reference: "PO-10000",
  status: "SETTLED",
  source_currency: "USD",
  destination_currency: "NGN",
  source_amount: "1234.5",
  destination_amount: "1880000.456",
  fee: "6.18",
  rate: { side: "SELL", value: "1530.25", captured_at: "2026-01-01T10:00:00Z" },
  recipient: {
    id: "r1",
    type: "BANK_ACCOUNT",
    bank_account: { account_number: "0690000031", account_name: "Adaeze Okonkwo", bank_code: "044", bank_name: "Access Bank" },
    crypto_address: null,
  },
  sender: { type: "MERCHANT", id: "m1" },
  tx_hash: null,
  created_at: "2026-01-01T10:00:00Z",
  settled_at: "2026-01-01T10:10:00Z",
});

describe("payoutRow", () => {
  it("formats each amount in its own currency, the fee in the source currency", () => {
    expect(payoutRow(ngnPayout)).toEqual({
      id: ngnPayout.id,
      reference: "PO-10000",
      type: "NGN payout",
      status: "SETTLED",
      sent: "$1,234.50",
      received: "₦1,880,000.46",
      fee: "$6.18",
      recipient: "Access Bank 0690000031 (Adaeze Okonkwo)",
      createdAt: "2026-01-01T10:00:00Z",
      settledAt: "2026-01-01T10:10:00Z",
    });
  });

  it("shows a crypto payout's wallet shortened and stablecoin amounts with their code", () => {
    const p = payout.parse({
      ...ngnPayout,
      type: "CRYPTO_PAYOUT",
      source_currency: "USDT",
      destination_currency: "USDT",
      source_amount: "100.00",
      destination_amount: "99.50",
      fee: "0.50",
      recipient: { id: "r2", type: "CRYPTO_ADDRESS", bank_account: null, crypto_address: "0x1234567890abcdef1234567890abcdef12345678" },
    });
    const row = payoutRow(p);
    expect(row.type).toBe("Crypto payout");
    expect(row.sent).toBe("USDT 100.00");
    expect(row.fee).toBe("USDT 0.50");
    expect(row.recipient).toBe("0x123456…5678");
  });

  it("shows values the provider adds later raw, and missing ones as a dash, never a crash", () => {
    const p = payout.parse({ type: "SWIFT_PAYOUT", id: "x", status: "RETURNED", source_amount: "10", recipient: null });
    const row = payoutRow(p as Payout);
    expect(row.type).toBe("SWIFT_PAYOUT");
    expect(row.status).toBe("RETURNED");
    expect(row.sent).toBe("10");
    expect(row.received).toBe("—");
    expect(row.reference).toBe("—");
    expect(row.recipient).toBe("—");
    expect(payoutRecipient(payout.parse({ type: "NGN_PAYOUT", id: "y", status: "SETTLED", recipient: { type: "MOBILE_MONEY" } }))).toBe("MOBILE_MONEY");
  });
});

describe("onrampRow and offrampRow", () => {
  const names = { "c-1": "Amaka Obi" };
  it("shows an onramp's virtual account, its fixed or open amount and where it settles", () => {
    const o = onramp.parse({
      id: "on-1",
      type: "TEMPORARY",
      customer_id: "c-1",
      currency: "NGN",
      amount: "100000.00",
      status: "EXPIRED",
      virtual_account: { account_number: "1200000001", account_name: "Demo / Amaka Obi", bank_name: "Wema Bank", bank_code: "035" },
      settlement: { mode: "INTERNAL_BALANCE" },
      created_at: "2026-01-01T00:00:00Z",
    });
    expect(onrampRow(o, names)).toEqual({
      id: "on-1",
      customerId: "c-1",
      customer: "Amaka Obi",
      type: "Temporary",
      status: "EXPIRED",
      paysInto: "Wema Bank 1200000001",
      expects: "₦100,000.00",
      settlesTo: "Merchant balance (USD)",
      createdAt: "2026-01-01T00:00:00Z",
    });
    expect(onrampRow(onramp.parse({ ...o, type: "PERMANENT", amount: null, customer_id: "c-2" }), names)).toMatchObject({
      type: "Permanent",
      expects: "Any amount",
      customer: "c-2",
    });
  });

  it("shows an offramp's address on its chain, and unknown chains, statuses and modes raw", () => {
    const o = offramp.parse({
      id: "off-1",
      type: "PERMANENT",
      customer_id: "c-1",
      address: "TXyz1234567890abcdefghijklmnopqrs",
      chain: "TON",
      asset: "USDT",
      status: "PAUSED",
      settlement: { mode: "NGN_PAYOUT", destination_bank: { account_number: "0690000031", bank_code: "044" } },
    });
    expect(offrampRow(o, names)).toMatchObject({
      paysInto: "TXyz1234…pqrs",
      expects: "USDT on TON",
      status: "PAUSED",
      settlesTo: "NGN payout to a bank account",
    });
    expect(offrampRow(offramp.parse({ id: "off-2", type: "LEASED", status: "ACTIVE", settlement: { mode: "SWEEP" } }), {})).toMatchObject({
      type: "LEASED",
      customer: "—",
      paysInto: "—",
      expects: "—",
      settlesTo: "SWEEP",
    });
  });
});

describe("links and toolbar", () => {
  it("points an onramp at NGN funding accounts and an offramp at crypto ones, of the same customer", () => {
    expect(replacementHref("onramps", "ABC")).toBe("/funding-accounts?rail=NGN_VIRTUAL_ACCOUNT&customer=abc");
    expect(replacementHref("offramps", "abc")).toBe("/funding-accounts?rail=CRYPTO_ADDRESS&customer=abc");
  });

  it("offers the customers by name, sorted", () => {
    const [status, customer] = rampToolbar({ b: "Zainab", a: "Amaka" });
    expect(status!.options.map((o) => o.value)).toEqual(["ACTIVE", "INACTIVE", "EXPIRED"]);
    expect(customer!.options).toEqual([
      { value: "a", label: "Amaka" },
      { value: "b", label: "Zainab" },
    ]);
  });

  it("leaves short addresses whole", () => {
    expect(shortAddress("0xabc")).toBe("0xabc");
    expect(shortAddress(null)).toBe("—");
  });
});
