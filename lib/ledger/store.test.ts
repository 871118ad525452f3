import { describe, expect, it, beforeEach } from "vitest";
import { createTeam, testDb } from "@/test/factories";
import { searchTextOf, storeObjects, type LedgerScope } from "./store";

let scope: LedgerScope;
beforeEach(async () => {
  scope = { organizationId: (await createTeam()).org.id, environment: "sandbox" };
});

const deposit = (over: Record<string, unknown> = {}) => ({
  id: "dep_1",
  type: "NGN_DEPOSIT",
  amount: "5000.00",
  currency: "NGN",
  status: "PENDING",
  funding_account_id: "fa_9",
  created_at: "2026-11-26T10:00:00.000Z",
  updated_at: "2026-11-26T10:00:00.000Z",
  ...over,
});

const stored = (providerId = "dep_1") =>
  testDb().syncedObject.findUniqueOrThrow({
    where: { organizationId_environment_kind_providerId: { ...scope, kind: "deposit", providerId } },
  });

describe("the local copy's store", () => {
  it("keeps the provider's object whole, unknown fields too, with its columns read from it", async () => {
    const r = await storeObjects(scope, "deposit", [deposit({ surprise: { nested: true } })], "sweep");
    expect(r.changed).toEqual([{ providerId: "dep_1", status: "PENDING", inserted: true }]);
    const row = await stored();
    expect(row.data).toMatchObject({ id: "dep_1", surprise: { nested: true } });
    expect(row).toMatchObject({ status: "PENDING", currency: "NGN", source: "sweep" });
    expect(row.amount?.toString()).toBe("5000");
    expect(row.searchText).toBe("dep_1 fa_9");
  });

  it("an older answer arriving late does not move the object backwards", async () => {
    await storeObjects(scope, "deposit", [deposit({ status: "COMPLETED", updated_at: "2026-11-26T10:05:00.000Z" })], "webhook");
    const late = await storeObjects(scope, "deposit", [deposit({ status: "PROCESSING", updated_at: "2026-11-26T10:02:00.000Z" })], "sweep");
    expect(late.changed).toEqual([]);
    expect((await stored()).status).toBe("COMPLETED");
  });

  it("at the same time, a later status wins and an earlier one does not", async () => {
    await storeObjects(scope, "deposit", [deposit({ status: "RECEIVED" })], "webhook");
    await storeObjects(scope, "deposit", [deposit({ status: "COMPLETED" })], "webhook");
    await storeObjects(scope, "deposit", [deposit({ status: "RECEIVED" })], "sweep");
    expect((await stored()).status).toBe("COMPLETED");
  });

  it("a newer time wins even when its status ranks lower (a completed deposit later reversed is not a tie)", async () => {
    await storeObjects(scope, "deposit", [deposit({ status: "COMPLETED" })], "sweep");
    await storeObjects(scope, "deposit", [deposit({ status: "REQUIRES_REVIEW", updated_at: "2026-11-26T11:00:00.000Z" })], "sweep");
    expect((await stored()).status).toBe("REQUIRES_REVIEW");
  });

  it("an event's partial payload is laid over the stored object and reported for a fetch when the copy lacks it", async () => {
    await storeObjects(scope, "deposit", [deposit()], "sweep");
    const r = await storeObjects(scope, "deposit", [{ id: "dep_1", status: "COMPLETED" }], "webhook");
    expect(r.partial).toEqual(["dep_1"]);
    const row = await stored();
    expect(row.data).toMatchObject({ id: "dep_1", status: "COMPLETED", amount: "5000.00", currency: "NGN" });
    expect(row.amount?.toString()).toBe("5000");
    expect(row.searchText).toBe("dep_1 fa_9");
  });

  it("the same state again changes nothing and reports no change, but counts as confirmed", async () => {
    await storeObjects(scope, "deposit", [deposit()], "sweep");
    const before = await stored();
    const again = await storeObjects(scope, "deposit", [deposit()], "sweep");
    expect(again.changed).toEqual([]);
    const after = await stored();
    expect(after.changedAt).toEqual(before.changedAt);
    expect(after.syncedAt.getTime()).toBeGreaterThanOrEqual(before.syncedAt.getTime());
  });

  it("a whole object replaces the stored one: a field the provider dropped is dropped", async () => {
    await storeObjects(scope, "deposit", [deposit({ flag_message: "check the sender" })], "sweep");
    await storeObjects(scope, "deposit", [deposit({ updated_at: "2026-11-26T10:01:00.000Z" })], "sweep");
    expect((await stored()).data).not.toHaveProperty("flag_message");
  });

  it("keeps each organization's and environment's copy apart", async () => {
    const other: LedgerScope = { organizationId: (await createTeam()).org.id, environment: "sandbox" };
    await storeObjects(scope, "deposit", [deposit()], "sweep");
    await storeObjects(other, "deposit", [deposit({ status: "COMPLETED" })], "sweep");
    await storeObjects({ ...scope, environment: "production" }, "deposit", [deposit({ status: "FAILED" })], "sweep");
    expect((await stored()).status).toBe("PENDING");
  });

  it("refuses a kind it does not keep, and skips objects without an id", async () => {
    await expect(storeObjects(scope, "nonsense", [deposit()], "sweep")).rejects.toThrow(/no objects of kind "nonsense"/);
    expect(await storeObjects(scope, "deposit", [{ status: "PENDING" }, null, "x"], "sweep")).toMatchObject({ changed: [], partial: [] });
  });

  it("search text: lower-cased, trimmed, each value once", () => {
    expect(searchTextOf([" ABC ", "abc", null, undefined, "", "Ada Obi"])).toBe("abc ada obi");
  });
});
