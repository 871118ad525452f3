/**
 * A list's export from the local copy against PostgreSQL: copy rows become CSV rows with the
 * list's filters, in the page's order, keyset-paged across many batches, within one organization
 * and environment; a formula-like value reaches the file as text, after the UTF-8 BOM.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { csvResponse } from "@/lib/export/csv";
import { depositFilters, loadDepositFilters, upstreamDepositQuery } from "@/lib/review/deposit-filters";
import { depositExport } from "@/lib/review/deposit-export";
import { createTeam } from "@/test/factories";
import { csvRowsOf } from "@/test/csv";
import { copyExport } from "./export";
import { LedgerReadError, readPage } from "./read";
import { storeObjects, type LedgerScope } from "./store";

let scope: LedgerScope;
let other: LedgerScope;
const CUSTOMER = randomUUID();
const SAME = "2026-11-10T09:00:00.000Z";

function deposit(id: string, created_at: string, over: Record<string, unknown> = {}) {
  return {
    id,
    type: "NGN_DEPOSIT",
    amount: "1500.25",
    currency: "NGN",
    status: "COMPLETED",
    settlement_status: "COMPLETED",
    customer_id: randomUUID(),
    created_at,
    updated_at: created_at,
    ...over,
  };
}

// A small batch so that paging passes many page boundaries, some inside a run of equal times.
const small = copyExport({
  list: "deposits",
  kind: "deposit",
  permission: "data:read",
  filters: depositFilters,
  query: upstreamDepositQuery,
  columns: { id: "id", status: "status", amount: "amount", currency: "currency", fee: "fees.total_fee_usd", flag: "flag_message" },
  take: 3,
});

const exportOf = async (source: typeof small, s: LedgerScope, query: Record<string, string> = {}, zone = "UTC") => {
  const res = await csvResponse({
    list: source.list,
    environment: s.environment,
    columns: source.columns,
    rows: source.rows({ ...s, zone }, loadDepositFilters(new URLSearchParams(query))),
  });
  return csvRowsOf(res);
};
const idsOf = async (query: Record<string, string> = {}, zone = "UTC") => (await exportOf(small, scope, query, zone)).slice(1).map((r) => r[0]);

beforeAll(async () => {
  const [a, b] = await Promise.all([createTeam(), createTeam()]);
  scope = { organizationId: a.org.id, environment: "sandbox" };
  other = { organizationId: b.org.id, environment: "sandbox" };
  await storeObjects(
    scope,
    "deposit",
    [
      // Seven at one instant: the order within them is by id, across batches of three.
      ...["g", "c", "a", "e", "b", "f", "d"].map((x) => deposit(`dep_same_${x}`, SAME)),
      deposit("dep_01", "2026-11-01T12:00:00.000Z", { status: "FAILED", customer_id: CUSTOMER }),
      deposit("dep_02", "2026-11-02T23:30:00.000Z", { type: "CRYPTO_DEPOSIT", currency: "USDC", amount: "10", fees: { total_fee_usd: "0.5" } }),
      deposit("dep_03", "2026-11-03T12:00:00.000Z", { status: "REQUIRES_REVIEW", flag_message: '=HYPERLINK("http://x")', customer_id: CUSTOMER }),
      deposit("dep_04", "2026-11-04T12:00:00.000Z", { status: "FLAGGED" }),
      deposit("dep_05", "2026-11-20T12:00:00.000Z"),
    ],
    "sweep",
  );
  // The copy has not learned this one's created time yet: it leads the list, as on the page.
  await storeObjects(scope, "deposit", [{ id: "dep_untimed", status: "RECEIVED" }], "webhook");
  await storeObjects(other, "deposit", [deposit("dep_theirs", SAME)], "sweep");
  await storeObjects({ ...scope, environment: "production" }, "deposit", [deposit("dep_production", SAME)], "sweep");
});

describe("a list's export from the local copy", () => {
  it("is every row of the list, in the page's order, keyset-paged across batches without a gap or a repeat", async () => {
    const ids = await idsOf();
    const page = await readPage(scope, "deposit", { limit: 100 });
    expect(ids).toEqual(page.data.map((d) => d.id));
    expect(ids[0]).toBe("dep_untimed");
    expect(ids.slice(2, 9)).toEqual(["a", "b", "c", "d", "e", "f", "g"].map((x) => `dep_same_${x}`));
    expect(ids).toHaveLength(13);
    expect(new Set(ids).size).toBe(13);
  });

  it("starts with the BOM and the header, and writes the object's values, nested ones by path", async () => {
    const [header, ...rows] = await exportOf(small, scope);
    expect(header).toEqual(["id", "status", "amount", "currency", "fee", "flag"]);
    expect(rows.find((r) => r[0] === "dep_02")).toEqual(["dep_02", "COMPLETED", "10", "USDC", "0.5", ""]);
    expect(rows.find((r) => r[0] === "dep_untimed")).toEqual(["dep_untimed", "RECEIVED", "", "", "", ""]);
  });

  it("neutralises a value that a spreadsheet would run as a formula", async () => {
    const rows = await exportOf(small, scope);
    expect(rows.find((r) => r[0] === "dep_03")![5]).toBe('\'=HYPERLINK("http://x")');
  });

  it("honours the list's filters with the page's where clause (the older status name included)", async () => {
    expect(await idsOf({ status: "FAILED" })).toEqual(["dep_01"]);
    expect(await idsOf({ status: "REQUIRES_REVIEW" })).toEqual(["dep_04", "dep_03"]);
    expect(await idsOf({ type: "CRYPTO_DEPOSIT" })).toEqual(["dep_02"]);
    expect(await idsOf({ customer: CUSTOMER })).toEqual(["dep_03", "dep_01"]);
    expect(await idsOf({ from: "2026-11-02", to: "2026-11-03" })).toEqual(["dep_03", "dep_02"]);
    // Days are the viewer's: in Lagos (UTC+1) 23:30 UTC on the 2nd is already the 3rd.
    expect(await idsOf({ from: "2026-11-03", to: "2026-11-03" }, "Africa/Lagos")).toEqual(["dep_03", "dep_02"]);
    // The screen's page is not the export's: every row.
    expect(await idsOf({ page: "2" })).toHaveLength(13);
    // A value the list's parser does not accept is dropped, as the page drops it.
    expect(await idsOf({ status: "NONSENSE", type: "CRYPTO_DEPOSIT" })).toEqual(["dep_02"]);
  });

  it("never exports another organization's or environment's rows", async () => {
    const ids = await idsOf();
    expect(ids).not.toContain("dep_theirs");
    expect(ids).not.toContain("dep_production");
    expect((await exportOf(small, other)).slice(1).map((r) => r[0])).toEqual(["dep_theirs"]);
    expect((await exportOf(small, { ...scope, environment: "production" })).slice(1).map((r) => r[0])).toEqual(["dep_production"]);
  });

  it("refuses a filter the copy refuses before any row, with a sentence", async () => {
    const rows = small.rows({ ...scope, zone: "UTC" }, loadDepositFilters(new URLSearchParams({ from: "2026-11-20", to: "2026-11-01" })));
    await expect(rows[Symbol.asyncIterator]().next()).rejects.toThrow(LedgerReadError);
  });

  it("the deposit list's own source: its columns, the same rows", async () => {
    const [header, ...rows] = await exportOf(depositExport, scope);
    expect(header.slice(0, 8)).toEqual(["id", "created_at", "updated_at", "type", "status", "settlement_status", "amount", "currency"]);
    expect(rows.map((r) => r[0])).toEqual(await idsOf());
    expect(rows.find((r) => r[0] === "dep_01")!.slice(0, 8)).toEqual([
      "dep_01",
      "2026-11-01T12:00:00.000Z",
      "2026-11-01T12:00:00.000Z",
      "NGN_DEPOSIT",
      "FAILED",
      "COMPLETED",
      "1500.25",
      "NGN",
    ]);
  });
});
