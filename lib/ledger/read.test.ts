import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { createTeam } from "@/test/factories";
import { LedgerReadError, readOne, readPage, totalsByCurrency, whereOf } from "./read";
import { storeObjects, type LedgerScope } from "./store";

let scope: LedgerScope;
beforeEach(async () => {
  scope = { organizationId: (await createTeam()).org.id, environment: "sandbox" };
});

const CUSTOMER = randomUUID();
const FA = randomUUID();

function deposit(n: number, over: Record<string, unknown> = {}) {
  const at = new Date(Date.UTC(2026, 10, 1 + n, 12)).toISOString();
  return {
    id: `dep_${String(n).padStart(2, "0")}`,
    type: n % 2 ? "CRYPTO_DEPOSIT" : "NGN_DEPOSIT",
    amount: "100.50",
    currency: n % 2 ? "USDC" : "NGN",
    status: "COMPLETED",
    settlement_status: "COMPLETED",
    customer_id: n % 3 === 0 ? CUSTOMER : randomUUID(),
    funding_account_id: n === 4 ? FA : randomUUID(),
    created_at: at,
    updated_at: at,
    ...over,
  };
}

const ids = (p: { data: { id?: unknown }[] }) => p.data.map((d) => d.id);

describe("reading the copy: one page of a list", () => {
  it("answers in the provider's page shape, newest first, numbered with the filtered set's total", async () => {
    await storeObjects(
      scope,
      "deposit",
      Array.from({ length: 7 }, (_, i) => deposit(i + 1)),
      "sweep",
    );
    const first = await readPage(scope, "deposit", { limit: 3 });
    expect(first).toMatchObject({ page: 1, limit: 3, total: 7, total_pages: 3 });
    expect(ids(first)).toEqual(["dep_07", "dep_06", "dep_05"]);
    expect(ids(await readPage(scope, "deposit", { limit: 3, page: 3 }))).toEqual(["dep_01"]);
    const beyond = await readPage(scope, "deposit", { limit: 3, page: 4 });
    expect(beyond).toMatchObject({ data: [], total: 7, total_pages: 3 });
    // The whole object comes back, fields the schema does not know included.
    await storeObjects(scope, "deposit", [deposit(8, { surprise: { kept: true } })], "sweep");
    expect((await readPage(scope, "deposit", { limit: 1 })).data[0]).toMatchObject({ id: "dep_08", surprise: { kept: true } });
  });

  it("pages objects of the same created time stably, by id", async () => {
    const same = "2026-11-20T08:00:00.000Z";
    await storeObjects(
      scope,
      "deposit",
      ["c", "a", "d", "b"].map((x) => deposit(1, { id: `dep_${x}`, created_at: same, updated_at: same })),
      "sweep",
    );
    const pages = [1, 2].map((page) => readPage(scope, "deposit", { limit: 2, page }));
    expect([...ids(await pages[0]!), ...ids(await pages[1]!)]).toEqual(["dep_a", "dep_b", "dep_c", "dep_d"]);
  });

  it("applies each of the deposit list's filters, with the provider's equivalent values", async () => {
    await storeObjects(
      scope,
      "deposit",
      [
        deposit(1),
        deposit(2, { status: "REQUIRES_REVIEW", settlement_status: "REQUIRES_REVIEW" }),
        deposit(3, { status: "FLAGGED", settlement_status: "FLAGGED" }),
        deposit(4, { status: "RECEIVED", settlement_status: "PENDING" }),
        deposit(5),
        deposit(6),
      ],
      "sweep",
    );
    const q = async (filters: Record<string, string | null>) => ids(await readPage(scope, "deposit", { filters, limit: 100 }));
    expect(await q({ status: "REQUIRES_REVIEW" })).toEqual(["dep_03", "dep_02"]);
    expect(await q({ status: "FLAGGED" })).toEqual(["dep_03", "dep_02"]);
    // Only the documented older name is merged: PENDING and RECEIVED stay apart, as the docs list them.
    expect(await q({ status: "RECEIVED" })).toEqual(["dep_04"]);
    expect(await q({ status: "PENDING" })).toEqual([]);
    expect(await q({ settlement_status: "PENDING" })).toEqual(["dep_04"]);
    expect(await q({ settlement_status: "RECEIVED" })).toEqual([]);
    expect(await q({ settlement_status: "FLAGGED" })).toEqual(["dep_03", "dep_02"]);
    expect(await q({ type: "CRYPTO_DEPOSIT" })).toEqual(["dep_05", "dep_03", "dep_01"]);
    expect(await q({ customer_id: CUSTOMER })).toEqual(["dep_06", "dep_03"]);
    expect(await q({ funding_account_id: FA })).toEqual(["dep_04"]);
    // A day is the whole UTC day; a date-time is an exact bound.
    expect(await q({ from: "2026-11-04", to: "2026-11-05" })).toEqual(["dep_04", "dep_03"]);
    expect(await q({ from: "2026-11-05T12:00:00.001Z" })).toEqual(["dep_06", "dep_05"]);
    expect(await q({ status: "COMPLETED", type: "NGN_DEPOSIT" })).toEqual(["dep_06"]);
    // Empty values (a page's loader gives null for an unset filter) filter nothing.
    expect(await q({ status: null, type: "" })).toHaveLength(6);
  });

  it("filters on nested fields and on other kinds' lists", async () => {
    const rec = randomUUID();
    const transfer = (id: string, status: string, recipient: string) => ({
      id,
      status,
      currency: "NGN",
      amount: "10.00",
      recipient: { id: recipient, type: "BANK_ACCOUNT" },
      created_at: "2026-11-02T00:00:00.000Z",
    });
    await storeObjects(scope, "transfer", [transfer("t1", "COMPLETED", rec), transfer("t2", "FLAGGED", randomUUID())], "sweep");
    expect(ids(await readPage(scope, "transfer", { filters: { recipient_id: rec } }))).toEqual(["t1"]);
    expect(ids(await readPage(scope, "transfer", { filters: { status: "REQUIRES_REVIEW" } }))).toEqual(["t2"]);
    await storeObjects(
      scope,
      "recipient",
      [
        { id: "r1", type: "BANK_ACCOUNT", created_at: "2026-11-01T00:00:00.000Z" },
        { id: "r2", type: "CRYPTO_ADDRESS", created_at: "2026-11-02T00:00:00.000Z" },
      ],
      "sweep",
    );
    expect(ids(await readPage(scope, "recipient", { filters: { type: "CRYPTO_ADDRESS" } }))).toEqual(["r2"]);
  });

  it("refuses a filter the list does not take, a bad date and a page out of range, instead of listing more than asked", async () => {
    await expect(readPage(scope, "transfer", { filters: { customer: "x" } })).rejects.toThrow(/has no filter "customer"; it takes status/);
    await expect(readPage(scope, "recipient", { filters: { status: "ACTIVE" } })).rejects.toBeInstanceOf(LedgerReadError);
    await expect(readPage(scope, "deposit", { filters: { from: "yesterday" } })).rejects.toThrow(/date/);
    await expect(readPage(scope, "deposit", { filters: { from: "2026-11-20", to: "2026-11-01" } })).rejects.toThrow(/after/);
    await expect(readPage(scope, "deposit", { limit: 101 })).rejects.toThrow(/page size/);
    await expect(readPage(scope, "deposit", { page: 0 })).rejects.toThrow(/page/);
    await expect(readPage(scope, "pizza")).rejects.toThrow(/no objects of kind "pizza"/);
    // PostgreSQL text cannot hold NUL: refused in words, and an id with one is simply not in the copy.
    await expect(readPage(scope, "deposit", { filters: { customer_id: "a\u0000b" } })).rejects.toThrow(/NUL character/);
    expect(await readOne(scope, "deposit", "dep_\u0000\u202e")).toBeNull();
  });

  it("keeps filter values out of the SQL text", () => {
    const w = whereOf("deposit", { customer_id: "x' OR 1=1 --", status: "COMPLETED" });
    expect(w.sql).not.toContain("OR 1=1");
    expect(w.params).toEqual(["x' OR 1=1 --", "COMPLETED"]);
  });

  it("never shows another organization's or environment's objects", async () => {
    const other = { organizationId: (await createTeam()).org.id, environment: "sandbox" } as const;
    await storeObjects(scope, "deposit", [deposit(1)], "sweep");
    await storeObjects(other, "deposit", [deposit(2)], "sweep");
    await storeObjects({ ...scope, environment: "production" }, "deposit", [deposit(3)], "sweep");
    expect(ids(await readPage(scope, "deposit"))).toEqual(["dep_01"]);
    expect(ids(await readPage(other, "deposit"))).toEqual(["dep_02"]);
    expect(ids(await readPage({ ...scope, environment: "production" }, "deposit"))).toEqual(["dep_03"]);
    expect(await readOne(scope, "deposit", "dep_02")).toBeNull();
    expect(await readOne(other, "deposit", "dep_02")).toMatchObject({ data: { id: "dep_02" } });
    expect(await totalsByCurrency(other, "deposit")).toEqual([{ currency: "NGN", count: 1, amount: "100.5" }]);
  });
});

describe("reading the copy: totals per currency", () => {
  it("counts and sums exactly over the whole filtered set, per currency", async () => {
    await storeObjects(
      scope,
      "deposit",
      [deposit(1, { amount: "0.1" }), deposit(3, { amount: "0.2" }), deposit(2, { amount: "5000.25" }), deposit(4, { amount: "1", status: "FAILED" })],
      "sweep",
    );
    expect(await totalsByCurrency(scope, "deposit")).toEqual([
      { currency: "NGN", count: 2, amount: "5001.25" },
      { currency: "USDC", count: 2, amount: "0.3" },
    ]);
    expect(await totalsByCurrency(scope, "deposit", { status: "COMPLETED" })).toEqual([
      { currency: "NGN", count: 1, amount: "5000.25" },
      { currency: "USDC", count: 2, amount: "0.3" },
    ]);
    expect(await totalsByCurrency(scope, "deposit", { status: "REVERSED" })).toEqual([]);
  });
});
