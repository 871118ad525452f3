/**
 * Pages read the local copy (lib/ledger/page-read.ts), against a real PostgreSQL and a real
 * emulator, counting every request that reaches the emulator: a page view costs no provider call,
 * a write's answer shows on the next view without a sweep, the provider down still shows the copy
 * with its age, and an object the copy has not seen is fetched once.
 */
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { TestEmulator } from "@/emulator/testing";
import type { CurrentUser } from "@/lib/auth/session";
import { readRecipients } from "@/lib/recipients/read";
import { readTransfer, readTransfers } from "@/lib/transfers/read";
import { upstreamFor } from "@/lib/upstream";
import { readOrProblem } from "@/lib/upstream/read-or-problem";
import { createTeam, testDb } from "@/test/factories";
import { startSandbox, storeApiKey, type Team } from "@/test/fixtures";
import { fillCopy } from "@/test/ledger";
import { listFromCopy, objectFromCopy, readSyncedList, readSyncedOne } from "./page-read";
import { storeObjects } from "./store";

let emu: TestEmulator;
let team: Team;
let user: CurrentUser;
/** Every request this process sent to the emulator, as "METHOD /path". */
let calls: string[] = [];

const scope = () => ({ organizationId: team.org.id, environment: "sandbox" as const });
const providerCalls = () => calls.filter((c) => !c.includes("/__emulator/"));
const notFound = (): never => {
  throw new Error("NOT_FOUND");
};

beforeAll(async () => {
  emu = await startSandbox();
});
afterAll(() => emu.close());

beforeEach(async () => {
  team = await createTeam();
  await storeApiKey(team);
  const v = team.viewer;
  user = { id: v.id, name: v.name, email: v.email, role: "viewer", organizationId: team.org.id, environment: "sandbox" };
  await fillCopy(scope(), ["transfer", "recipient"]);
  calls = [];
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.startsWith(emu.url)) calls.push(`${init?.method ?? "GET"} ${new URL(url).pathname}`);
    return realFetch(input, init);
  });
});
afterEach(async () => {
  vi.restoreAllMocks();
  await emu.control.clearFaults();
});

describe("a page view", () => {
  it("costs no provider call: lists, filters, pages and details come from the copy", async () => {
    const list = await readTransfers(user, { status: null, page: 1 });
    expect(list.rows.length).toBeGreaterThan(0);
    expect(list.synced).toMatchObject({ kind: "transfer", syncedAt: expect.any(String), error: null });
    const completed = await readTransfers(user, { status: "COMPLETED", page: 1 });
    expect(completed.rows.every((r) => r.transfer.status === "COMPLETED")).toBe(true);
    await readTransfer(user, list.rows[0]!.transfer.id);
    await readRecipients(user, { type: null, q: null, page: 1 });
    await readRecipients(user, { type: null, q: "adaeze", page: 1 });
    // Twenty people opening the same list cost the provider nothing either.
    await Promise.all(Array.from({ length: 20 }, () => readTransfers(user, { status: null, page: 1 })));
    expect(providerCalls()).toEqual([]);
  });

  it("shows the copy with its age while the provider is down, not an error", async () => {
    await testDb().$executeRaw`UPDATE sync_states SET last_swept_at = now() - interval '3 minutes' WHERE organization_id = ${team.org.id}::uuid`;
    await emu.control.setFaults({ path_prefix: "/v1", error_status: 503 });
    const list = await readSyncedList(user, "transfer", { page: 1, limit: 20 });
    if (!list.ok) throw new Error(list.message);
    expect(list.data.data.length).toBeGreaterThan(0);
    const age = Date.now() - Date.parse(list.freshness.syncedAt!);
    expect(age).toBeGreaterThanOrEqual(170_000);
    expect(age).toBeLessThan(240_000);
    const id = String(list.data.data[0]!.id);
    const one = await readSyncedOne(user, "transfer", id, { notFound });
    expect(one).toMatchObject({ ok: true, data: { id } });
    const view = await readOrProblem(readTransfers(user, { status: null, page: 1 }));
    expect(view).toMatchObject({ ok: true, data: { stale: false, synced: { syncedAt: list.freshness.syncedAt } } });
  });
});

describe("a write's result", () => {
  it("shows on the next page view without waiting for a sweep", async () => {
    const created = await upstreamFor(scope()).core.createRecipient(
      { type: "BANK_ACCOUNT", bank_account: { bank_code: "044", account_number: "0690000031", account_name: "Ngozi Write-Through" } },
      { attemptKey: randomUUID(), userId: team.operator.id },
    );
    calls = [];
    const after = await listFromCopy<{ id: string }>(user, "recipient", { page: 1, limit: 100 });
    expect(after.rows.map((r) => r.id)).toContain(created.data.id);
    const row = await testDb().syncedObject.findFirstOrThrow({ where: { organizationId: team.org.id, kind: "recipient", providerId: created.data.id } });
    expect(row.source).toBe("write");
    const found = await readRecipients(user, { type: "BANK_ACCOUNT", q: created.data.bank_account!.account_name!, page: 1 });
    expect(found.rows.map((r) => r.id)).toContain(created.data.id);
    expect(providerCalls()).toEqual([]);
  });
});

describe("an object the copy has not seen", () => {
  it("is fetched from the provider once, stored, and read from the copy after that", async () => {
    const list = await listFromCopy<{ id: string }>(user, "transfer", { page: 1, limit: 1 });
    const id = list.rows[0]!.id;
    await testDb().syncedObject.deleteMany({ where: { organizationId: team.org.id, kind: "transfer", providerId: id } });
    calls = [];
    // Three people open the link at once: one call.
    const seen = await Promise.all([objectFromCopy(user, "transfer", id), objectFromCopy(user, "transfer", id), readTransfer(user, id)]);
    expect(seen.map((s) => ("transfer" in s ? s.transfer.id : (s.data as { id: string }).id))).toEqual([id, id, id]);
    expect(providerCalls()).toEqual([`GET /v1/transfers/${id}`]);
    const row = await testDb().syncedObject.findFirstOrThrow({ where: { organizationId: team.org.id, kind: "transfer", providerId: id } });
    expect(row.source).toBe("fetch");
    await readTransfer(user, id);
    expect(providerCalls()).toHaveLength(1);
  });

  it("is a 404 only when the provider says it does not exist; the provider down is a problem to show", async () => {
    const missing = randomUUID();
    await expect(readSyncedOne(user, "transfer", missing, { notFound })).rejects.toThrow("NOT_FOUND");
    expect(providerCalls()).toEqual([`GET /v1/transfers/${missing}`]);
    await emu.control.setFaults({ path_prefix: "/v1/transfers", error_status: 503 });
    const down = await readSyncedOne(user, "transfer", randomUUID(), { notFound });
    expect(down).toMatchObject({ ok: false, retryable: true, message: expect.stringMatching(/\w/) });
  });

  it("of an object still moving has its list swept every few seconds; a settled one does not", async () => {
    const watched = async (kind: string) =>
      (await testDb().syncState.findUnique({ where: { organizationId_environment_kind: { ...scope(), kind } } }))?.watchedUntil ?? null;
    const settled = await testDb().syncedObject.findFirstOrThrow({ where: { ...scope(), kind: "transfer", status: { in: ["COMPLETED", "FAILED"] } } });
    const moving = { ...(settled.data as Record<string, unknown>), id: randomUUID(), status: "PROCESSING" };
    await storeObjects(scope(), "transfer", [moving], "sweep");
    await testDb().syncState.updateMany({ where: { ...scope(), kind: "transfer" }, data: { watchedUntil: null } });
    await objectFromCopy(user, "transfer", settled!.providerId);
    expect(await watched("transfer")).toBeNull();
    await objectFromCopy(user, "transfer", moving.id);
    expect((await watched("transfer"))!.getTime()).toBeGreaterThan(Date.now());
    expect(providerCalls().filter((c) => c.startsWith("GET /v1/transfers/"))).toEqual([]);
  });
});
