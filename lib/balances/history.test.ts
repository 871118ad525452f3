import Decimal from "decimal.js";
import { describe, expect, it } from "vitest";
import { deltasFromEvents, deltasFromMoves, deriveSeries, type StoredEventLike } from "./history";

const at = (iso: string) => new Date(iso);
const ev = (name: string, data: Record<string, unknown>, when: string, body: "current" | "older" = "current"): StoredEventLike => ({
  name,
  resourceId: String(data.id),
  occurredAt: at(when),
  receivedAt: at(when),
  payload: body === "current" ? { event: name, timestamp: when, data } : { event: name, event_id: "e1", created_at: when, data },
});
const sum = (xs: { key: string; amount: Decimal }[], key: string) =>
  xs
    .filter((x) => x.key === key)
    .reduce((a, x) => a.plus(x.amount), new Decimal(0))
    .toFixed(2);

describe("deltasFromEvents", () => {
  it("credits completed deposits to the balance the provider credits", () => {
    const d = deltasFromEvents([
      ev(
        "deposit.completed",
        { id: "d1", type: "CRYPTO_DEPOSIT", customer_id: "c1", settlement_mode: "INTERNAL_BALANCE", settled_amount: "99.50", settled_currency: "USD" },
        "2026-11-20T10:00:00Z",
      ),
      ev(
        "deposit.completed",
        { id: "d2", type: "NGN_DEPOSIT", customer_id: null, settlement_mode: "INTERNAL_BALANCE", settled_amount: "31.20", settled_currency: "USD" },
        "2026-11-20T11:00:00Z",
      ),
      ev(
        "deposit.completed",
        { id: "d3", type: "NGN_DEPOSIT", customer_id: null, settlement_mode: "INTERNAL_BALANCE", settled_amount: "49750.00", settled_currency: "NGN" },
        "2026-11-20T12:00:00Z",
      ),
      ev(
        "deposit.completed",
        {
          id: "d4",
          type: "CRYPTO_DEPOSIT",
          customer_id: "c2",
          settlement_mode: "CUSTOMER_NGN_BALANCE",
          settled_amount: "150000.00",
          settled_currency: "NGN",
          developer_fee: { percentage: "1", amount: "1500.00", currency: "NGN" },
        },
        "2026-11-20T13:00:00Z",
      ),
      ev(
        "deposit.completed",
        {
          id: "d5",
          type: "NGN_DEPOSIT",
          customer_id: "c3",
          settlement_mode: "ONCHAIN",
          settled_amount: "30.00",
          settled_currency: "USDC",
          developer_fee: { percentage: "2", amount: "0.60", currency: "USDC" },
        },
        "2026-11-20T14:00:00Z",
      ),
      ev(
        "deposit.completed",
        { id: "d6", type: "NGN_DEPOSIT", customer_id: "c3", settlement_mode: "ONCHAIN", settled_amount: "30.00", settled_currency: "USDC" },
        "2026-11-20T15:00:00Z",
      ),
    ]);
    expect(sum(d, "collectionUsd")).toBe("100.10");
    expect(sum(d, "withdrawalUsd")).toBe("31.20");
    expect(sum(d, "withdrawalNgn")).toBe("51250.00");
    expect(d).toHaveLength(5);
  });

  it("debits transfers and withdrawals once at creation and refunds a failure once, whichever names arrived", () => {
    const t = { id: "t1", debit_amount: "65.33", debit_currency: "USD", created_at: "2026-11-20T09:00:00Z" };
    const w = { id: "w1", amount_usd: "10.00", fee_usd: "1.00", created_at: "2026-11-20T09:30:00Z" };
    const d = deltasFromEvents([
      ev("transfer.created", t, "2026-11-20T09:00:01Z"),
      ev("transfer.processing", t, "2026-11-20T09:00:01Z"),
      ev("transfer.failed", t, "2026-11-20T09:30:00Z"),
      ev("transfer.failed", t, "2026-11-20T09:30:00Z", "older"),
      ev("withdrawal.completed", w, "2026-11-20T10:40:00Z"),
      ev("withdrawal.created", w, "2026-11-20T09:30:00Z"),
    ]);
    expect(d.map((x) => [x.cause, x.amount.toFixed(2), x.at.toISOString()])).toEqual([
      ["transfer", "-65.33", "2026-11-20T09:00:00.000Z"],
      ["transfer refund", "65.33", "2026-11-20T09:30:00.000Z"],
      ["withdrawal", "-11.00", "2026-11-20T09:30:00.000Z"],
    ]);
  });

  it("ignores events it cannot read instead of guessing", () => {
    expect(
      deltasFromEvents([
        { name: "deposit.completed", resourceId: "x", occurredAt: null, receivedAt: at("2026-11-20T00:00:00Z"), payload: "not json" },
        ev("transfer.created", { id: "t2", debit_amount: "abc" }, "2026-11-20T00:00:00Z"),
        ev("deposit.completed", { id: "d9", settlement_mode: "INTERNAL_BALANCE", settled_amount: 5, settled_currency: "USD" }, "2026-11-20T00:00:00Z"),
      ]).map((x) => x.amount.toFixed(2)),
    ).toEqual(["5.00"]);
  });
});

describe("deriveSeries", () => {
  it("walks back from the current balances, one point per change, from the window start to now", () => {
    const deltas = [
      ...deltasFromMoves([
        { id: "m1", amount_usd: "2500.00", status: "COMPLETED", created_at: "2026-11-21T10:00:00Z" },
        { id: "m0", amount_usd: "999.00", status: "FAILED", created_at: "2026-11-21T09:00:00Z" },
        { id: "old", amount_usd: "1.00", status: "COMPLETED", created_at: "2026-10-01T00:00:00Z" },
      ]),
      ...deltasFromEvents([
        ev(
          "deposit.completed",
          { id: "d1", type: "CRYPTO_DEPOSIT", customer_id: "c", settlement_mode: "INTERNAL_BALANCE", settled_amount: "100.00", settled_currency: "USD" },
          "2026-11-20T10:00:00Z",
        ),
      ]),
    ];
    const s = deriveSeries({ collectionUsd: "10000.00", withdrawalUsd: "27500.00", withdrawalNgn: "1500000.00" }, deltas, {
      from: at("2026-11-15T00:00:00Z"),
      to: at("2026-11-22T00:00:00Z"),
    });
    expect(s.changes).toBe(3);
    expect(s.points.map((p) => [p.at, p.collectionUsd, p.withdrawalUsd, p.withdrawalNgn])).toEqual([
      ["2026-11-15T00:00:00.000Z", "12400.00", "25000.00", "1500000.00"],
      ["2026-11-20T10:00:00.000Z", "12500.00", "25000.00", "1500000.00"],
      ["2026-11-21T10:00:00.000Z", "10000.00", "27500.00", "1500000.00"],
      ["2026-11-22T00:00:00.000Z", "10000.00", "27500.00", "1500000.00"],
    ]);
  });

  it("undoes changes after the window end first, and keeps NGN absent when the provider shows none", () => {
    const deltas = deltasFromMoves([{ id: "late", amount_usd: "5.00", status: "COMPLETED", created_at: "2026-11-22T00:00:05Z" }]);
    const s = deriveSeries({ collectionUsd: "95.00", withdrawalUsd: "5.00", withdrawalNgn: null }, deltas, {
      from: at("2026-11-21T00:00:00Z"),
      to: at("2026-11-22T00:00:00Z"),
    });
    expect(s.changes).toBe(0);
    expect(s.points).toEqual([
      { at: "2026-11-21T00:00:00.000Z", collectionUsd: "100.00", withdrawalUsd: "0.00", withdrawalNgn: null },
      { at: "2026-11-22T00:00:00.000Z", collectionUsd: "100.00", withdrawalUsd: "0.00", withdrawalNgn: null },
    ]);
  });
});

describe("deriveSeries with many changes", () => {
  it("keeps the closing balances of equal periods, never more than the limit, ending at the current balances", () => {
    const from = at("2026-11-01T00:00:00Z");
    const to = at("2026-11-11T00:00:00Z");
    // 1,000 moves of 1.00, one every 10 minutes from the window start.
    const moves = Array.from({ length: 1000 }, (_, i) => ({
      id: `m${i}`,
      amount_usd: "1.00",
      status: "COMPLETED",
      created_at: new Date(from.getTime() + (i + 1) * 600_000).toISOString(),
    }));
    const s = deriveSeries({ collectionUsd: "0.00", withdrawalUsd: "1000.00", withdrawalNgn: null }, deltasFromMoves(moves), { from, to }, 100);
    expect(s.changes).toBe(2000);
    expect(s.bucketMs).toBe(8_640_000);
    expect(s.points.length).toBeLessThanOrEqual(102);
    expect(s.points[0]).toMatchObject({ at: from.toISOString(), collectionUsd: "1000.00", withdrawalUsd: "0.00" });
    expect(s.points.at(-1)).toMatchObject({ at: to.toISOString(), collectionUsd: "0.00", withdrawalUsd: "1000.00" });
    // Every kept point is exact: collection plus withdrawal stays 1,000.00, and balances only fall.
    for (const p of s.points) expect(new Decimal(p.collectionUsd).plus(p.withdrawalUsd).toFixed(2)).toBe("1000.00");
    const collection = s.points.map((p) => new Decimal(p.collectionUsd));
    for (let i = 1; i < collection.length; i++) expect(collection[i]!.lte(collection[i - 1]!)).toBe(true);
    // A period's point is its last change: the move at 02:20 on day 1 closes the first 2.4-hour period.
    expect(s.points[1]).toMatchObject({ at: "2026-11-01T02:20:00.000Z", collectionUsd: "986.00" });
  });

  it("keeps every point when there are few changes", () => {
    const s = deriveSeries({ collectionUsd: "1.00", withdrawalUsd: "0.00", withdrawalNgn: null }, [], {
      from: at("2026-11-01T00:00:00Z"),
      to: at("2026-11-02T00:00:00Z"),
    });
    expect(s.bucketMs).toBeNull();
    expect(s.points).toHaveLength(2);
  });
});
