import { describe, expect, it } from "vitest";
import { currentName, statusRank } from "@/lib/webhooks/names";
import { canonicalJson, normalizeEvent, storableHeaders } from "@/lib/webhooks/normalize";
import { digestMatches, hmacDigest, parseSignature, signBody } from "@/lib/webhooks/verify";

const none = new Headers();

describe("normalizeEvent on the emulator's payload shapes", () => {
  it("reads a core transfer, withdrawal and funding account", () => {
    const t = normalizeEvent(
      "core",
      {
        event: "transfer.settled",
        event_id: "e1",
        created_at: "2026-11-01T10:00:00Z",
        data: { id: "t1", status: "COMPLETED", updated_at: "2026-11-01T09:59:00Z" },
      },
      none,
    );
    expect(t).toMatchObject({
      name: "transfer.completed",
      receivedName: "transfer.settled",
      providerEventId: "e1",
      resourceType: "transfer",
      resourceId: "t1",
      resourceStatus: "COMPLETED",
    });
    expect(t.occurredAt?.toISOString()).toBe("2026-11-01T09:59:00.000Z");
    expect(normalizeEvent("core", { event: "withdrawal.submitted", timestamp: "x", data: { id: "w1", status: "SUBMITTED" } }, none)).toMatchObject({
      resourceType: "withdrawal",
      resourceId: "w1",
      occurredAt: null,
    });
    expect(normalizeEvent("core", { event: "funding_account.created", data: { object: "funding_account", id: "f1", status: "PENDING" } }, none)).toMatchObject({
      resourceType: "funding_account",
      resourceStatus: "PENDING",
    });
  });

  it("files a completed balance move where the balances page lists moves", () => {
    const move = {
      id: "m1",
      amount_usd: "250.00",
      from: "collection_balance_usd",
      to: "withdrawal_balance_usd",
      status: "COMPLETED",
      created_at: "2026-11-01T10:00:00Z",
    };
    const e = normalizeEvent("core", { event: "balance.transfer.completed", timestamp: "2026-11-01T10:00:01Z", data: move }, none);
    expect(e).toMatchObject({ name: "balance.transfer.completed", resourceType: "balance_move", resourceId: "m1", resourceStatus: "COMPLETED" });
    expect(e.occurredAt?.toISOString()).toBe("2026-11-01T10:00:00.000Z");
    expect(e.dedupeKey).toMatch(/^change:/);
    expect(statusRank("balance_move", "COMPLETED")).toBeGreaterThan(statusRank("balance_move", "PENDING"));
  });

  it("reads Pro orders, trades (filed under their order) and deposits", () => {
    const h = new Headers({ "x-webhook-id": "evt-1", "x-webhook-event": "trade.executed" });
    expect(
      normalizeEvent("pro", { event_id: "evt-1", type: "trade.executed", data: { trade_id: "tr", order_id: "o1", executed_at: "2026-11-01T10:00:00Z" } }, h),
    ).toMatchObject({
      name: "trade.executed",
      resourceType: "pro_order",
      resourceId: "o1",
      resourceStatus: null,
      dedupeKey: "id:evt-1",
    });
    expect(
      normalizeEvent(
        "pro",
        { event_id: "e2", type: "crypto.deposit.completed", data: { deposit_id: "d1", status: "completed", created_at: "2026-11-01T10:00:00Z" } },
        none,
      ),
    ).toMatchObject({
      resourceType: "pro_deposit",
      resourceId: "d1",
      resourceStatus: "completed",
      dedupeKey: "id:e2",
    });
    // The header names the event when the body does not.
    expect(normalizeEvent("pro", { data: {} }, new Headers({ "x-webhook-event": "order.created" })).name).toBe("order.created");
  });

  it("gives one change one key across older and current names, and different changes different keys", () => {
    const data = { id: "d1", status: "COMPLETED", updated_at: "2026-11-01T10:00:00Z" };
    const current = normalizeEvent("core", { event: "deposit.completed", timestamp: "2026-11-01T10:00:00Z", data }, none);
    const older = normalizeEvent("core", { event: "deposit.settled", event_id: "abc", created_at: "2026-11-01T10:00:00Z", data }, none);
    expect(older.dedupeKey).toBe(current.dedupeKey);
    const later = normalizeEvent("core", { event: "deposit.completed", data: { ...data, updated_at: "2026-11-01T10:00:01Z" } }, none);
    expect(later.dedupeKey).not.toBe(current.dedupeKey);
    // No resource id: the content decides, independent of key order.
    const a = normalizeEvent("core", { event: "x.y", data: { a: 1, b: 2 } }, none);
    const b = normalizeEvent("core", { event: "x.y", data: { b: 2, a: 1 } }, none);
    expect(a.dedupeKey).toBe(b.dedupeKey);
    expect(canonicalJson({ b: [1, { d: 1, c: 2 }], a: null })).toBe('{"a":null,"b":[1,{"c":2,"d":1}]}');
  });
});

describe("names, ranks, headers and signatures", () => {
  it("maps older names and keeps unknown ones", () => {
    expect(currentName("deposit.flagged")).toBe("deposit.requires_review");
    expect(currentName("deposit.reversed")).toBe("deposit.reversed");
    expect(statusRank("deposit", "RECEIVED")).toBeLessThan(statusRank("deposit", "COMPLETED"));
    expect(statusRank("pro_order", "open")).toBeLessThan(statusRank("pro_order", "filled"));
    expect(statusRank("deposit", "SOMETHING_NEW")).toBe(0);
  });

  it("drops credentials from stored headers but keeps the signature headers", () => {
    const h = storableHeaders(new Headers({ Cookie: "a=b", Authorization: "Bearer x", "X-Daya-Signature": "ab", "User-Agent": "Daya-Webhook/1.0" }));
    expect(h).toEqual({ "x-daya-signature": "ab", "user-agent": "Daya-Webhook/1.0" });
  });

  it("parses and checks signatures the way the provider signs", () => {
    const body = Buffer.from('{"event":"x"}');
    const core = parseSignature("core", signBody("core", "s3cret-value", body));
    const pro = parseSignature("pro", signBody("pro", "s3cret-value", body));
    if (!core.ok || !pro.ok) throw new Error("expected valid signatures");
    expect(digestMatches(hmacDigest("s3cret-value", body), core.digest)).toBe(true);
    expect(digestMatches(hmacDigest("s3cret-value", body), pro.digest)).toBe(true);
    expect(digestMatches(hmacDigest("other", body), core.digest)).toBe(false);
    expect(parseSignature("core", null)).toEqual({ ok: false, reason: "missing signature" });
    expect(parseSignature("pro", "abc")).toEqual({ ok: false, reason: "malformed signature" });
    expect(parseSignature("core", "ab".repeat(31))).toEqual({ ok: false, reason: "malformed signature" });
  });
});
