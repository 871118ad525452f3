/**
 * The sync against the emulator and a real PostgreSQL: every kind's newest page lands in the copy,
 * a change no webhook told about is found by the next sweep and announced like a webhook, the
 * backfill resumes from the page it stopped at, and replay hands a reconnecting browser the
 * changes a sweep found.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestEmulator } from "@/emulator/testing";
import { SEED_KEYS } from "@/emulator/testing";
import { LiveListener, type LiveSignal } from "@/lib/live/listener";
import { storeObjects } from "./store";
import type { LiveNotification } from "@/lib/live/notify";
import { replaySince } from "@/lib/live/replay";
import { waitUntil } from "@/lib/live/test-helpers";
import { upstreamFor } from "@/lib/upstream";
import { countingFetch, emulatorClient } from "@/lib/upstream/testing";
import { vaultKeyProvider } from "@/lib/upstream/key-provider";
import { createTeamWithKey, startSandbox, storeApiKey } from "@/test/fixtures";
import { testDb } from "@/test/factories";
import { changeEventId, changeIdTime } from "./announce";
import { KIND_NAMES, kindDef } from "./kinds";
import type { LedgerScope } from "./store";
import { STALE_OPEN_MS, backfillStep, fetchObject, refreshOpen, sweepKind } from "./sync";

let emu: TestEmulator;
let listener: LiveListener;
const heard: LiveNotification[] = [];

beforeAll(async () => {
  emu = await startSandbox();
  listener = new LiveListener({ connectionString: process.env.DATABASE_URL!, minBackoffMs: 50 });
  listener.subscribe((s: LiveSignal) => {
    if (s.kind === "event") heard.push(s.event);
  });
  await listener.ready();
});
afterAll(async () => {
  await listener.stop();
  await emu.close();
});

async function teamScope(): Promise<LedgerScope> {
  const team = await createTeamWithKey();
  await storeApiKey(team, { surface: "pro", key: SEED_KEYS.pro });
  await storeApiKey(team, { surface: "coins", key: SEED_KEYS.full });
  await storeApiKey(team, { surface: "stocks", key: SEED_KEYS.full });
  return { organizationId: team.org.id, environment: "sandbox" };
}

const copied = (scope: LedgerScope, kind: string) => testDb().syncedObject.count({ where: { ...scope, kind } });

describe("the ledger sync", () => {
  it("reads the newest page of every listed kind into the copy", async () => {
    const scope = await teamScope();
    for (const kind of KIND_NAMES) {
      const o = await sweepKind(scope, kind);
      if (!kindDef(kind)!.list) {
        expect(o.kind).toBe("skip");
        continue;
      }
      expect(o, kind).toMatchObject({ kind: "ok" });
    }
    // The demo merchant has history in the core lists; the emulator seeds them.
    expect(await copied(scope, "deposit")).toBeGreaterThan(0);
    // Each snapshot is its one current object.
    for (const kind of ["merchant_balance", "merchant_funding", "coins_balances", "coins_portfolio", "pro_balances", "stock_portfolio"])
      expect(await copied(scope, kind), kind).toBe(1);
    const state = await testDb().syncState.findUniqueOrThrow({ where: { organizationId_environment_kind: { ...scope, kind: "deposit" } } });
    expect(state.lastSweptAt).not.toBeNull();
    // A second sweep right after finds nothing new and announces nothing.
    const before = heard.length;
    expect(await sweepKind(scope, "deposit")).toMatchObject({ kind: "ok", changed: 0, pages: 1 });
    await new Promise((r) => setTimeout(r, 200));
    expect(heard.filter((e) => e.organizationId === scope.organizationId).length).toBeLessThanOrEqual(before);
  }, 90_000);

  it("repairs a lost webhook: the next sweep finds the new deposit and announces it like a webhook", async () => {
    const scope = await teamScope();
    await sweepKind(scope, "deposit");
    const up = upstreamFor(scope);
    const accounts = await up.core.listFundingAccounts({ page: 1, limit: 100 }, { cache: false });
    const active = accounts.data.data.find((f) => f.status === "ACTIVE");
    expect(active).toBeDefined();
    // No webhook target is set: the provider's event about this deposit is lost.
    const res = await emu.request("/v1/sandbox/deposits", { method: "POST", json: { funding_account_id: active!.id, scenario: "COMPLETED" } });
    expect(res.status).toBeLessThan(300);
    // The simulator answers with a sentence naming the new deposit.
    const id = /deposit ([0-9a-f-]{36})/.exec(((await res.json()) as { message: string }).message)![1]!;
    expect(await testDb().syncedObject.findFirst({ where: { ...scope, kind: "deposit", providerId: id } })).toBeNull();

    const o = await sweepKind(scope, "deposit");
    expect(o).toMatchObject({ kind: "ok" });
    const row = await testDb().syncedObject.findFirstOrThrow({ where: { ...scope, kind: "deposit", providerId: id } });
    expect(row.source).toBe("sweep");
    await waitUntil(() => heard.some((e) => e.resourceId === id), 5_000, "the change announced");
    const event = heard.find((e) => e.resourceId === id)!;
    expect(event).toMatchObject({ organizationId: scope.organizationId, environment: "sandbox", resourceType: "deposit", resourceStatus: row.status });
    expect(event.name).toBe(`deposit.${row.status!.toLowerCase()}`);
    expect(event.eventId).toBe(changeEventId(scope, "deposit", id, row.changedAt));

    // A browser that handled that change and reconnects gets what came after it, not a full refresh.
    const replay = await replaySince(testDb(), scope, { lastEventId: event.eventId });
    expect(replay?.complete).toBe(true);
    expect(replay!.events.map((e) => e.id)).not.toContain(event.eventId);
    // One that handled an earlier change gets this one replayed, under the same id.
    const earlier = await replaySince(testDb(), scope, { since: new Date(row.changedAt.getTime() - 1_000) });
    expect(earlier!.events.find((e) => e.resourceId === id)?.id).toBe(event.eventId);
  }, 90_000);

  it("re-reads by id an open object not confirmed for a while, and leaves one confirmed just now", async () => {
    const scope = await teamScope();
    await sweepKind(scope, "deposit");
    const done = await testDb().syncedObject.findMany({ where: { ...scope, kind: "deposit", status: "COMPLETED" }, take: 2 });
    expect(done).toHaveLength(2);
    const [lost, recent] = done as [(typeof done)[0], (typeof done)[0]];
    // The copy still holds an older PENDING state of both (their completion's webhooks were lost,
    // and they sit below the newest page): one last confirmed long ago, one a moment ago.
    const pendingAgain = (o: (typeof done)[0], syncedAt: Date) =>
      testDb().syncedObject.update({
        where: { organizationId_environment_kind_providerId: { ...scope, kind: "deposit", providerId: o.providerId } },
        data: {
          status: "PENDING",
          statusRank: 0,
          providerUpdatedAt: new Date(0),
          data: { ...(o.data as object), status: "PENDING", updated_at: new Date(0).toISOString() },
          syncedAt,
        },
      });
    await pendingAgain(lost, new Date(Date.now() - STALE_OPEN_MS - 60_000));
    await pendingAgain(recent, new Date());

    const net = countingFetch();
    const o = await refreshOpen(scope, "deposit", upstreamFor(scope, emulatorClient(testDb(), emu.url, vaultKeyProvider, { fetch: net.fetch })));
    expect(o).toMatchObject({ kind: "ok", changed: 1 });
    expect(net.calls.map((c) => new URL(c.url).pathname)).toEqual([`/v1/deposits/${lost.providerId}`]);
    const status = async (id: string) => (await testDb().syncedObject.findFirstOrThrow({ where: { ...scope, kind: "deposit", providerId: id } })).status;
    expect(await status(lost.providerId)).toBe("COMPLETED");
    expect(await status(recent.providerId)).toBe("PENDING");
  }, 90_000);

  it("resumes the backfill from the page it stopped at", async () => {
    const scope = await teamScope();
    const net = countingFetch();
    const up = () => upstreamFor(scope, emulatorClient(testDb(), emu.url, vaultKeyProvider, { fetch: net.fetch }));
    const first = await backfillStep(scope, "deposit", up(), 2);
    expect(first).toMatchObject({ kind: "ok", progress: { done: false, read: 2 } });
    // A restart: a new client, nothing in memory; the position comes from sync_states.
    const second = await backfillStep(scope, "deposit", up(), 2);
    expect(second).toMatchObject({ kind: "ok", progress: { read: 4 } });
    expect(net.calls.map((c) => new URL(c.url).searchParams.get("page"))).toEqual(["1", "2"]);
    let last = second;
    for (let i = 0; i < 500 && !last.progress?.done; i++) last = await backfillStep(scope, "deposit", up(), 2);
    const state = await testDb().syncState.findUniqueOrThrow({ where: { organizationId_environment_kind: { ...scope, kind: "deposit" } } });
    expect(state.backfillFinishedAt).not.toBeNull();
    expect(state.backfillRead).toBe(await copied(scope, "deposit"));
    expect(state.backfillTotal).toBe(state.backfillRead);
  }, 90_000);

  it("fetches an object by id over a partial payload, and records a key without the Read scope instead of looping", async () => {
    const scope = await teamScope();
    await sweepKind(scope, "deposit");
    const full = await testDb().syncedObject.findFirstOrThrow({ where: { ...scope, kind: "deposit" } });
    // Another scope holds only what a partial webhook payload said about the same deposit.
    const other = await teamScope();
    const partial = await storeObjects(other, "deposit", [{ id: full.providerId, status: full.status }], "webhook");
    expect(partial.partial).toEqual([full.providerId]);
    expect(await fetchObject(other, "deposit", full.providerId)).toMatchObject({ kind: "ok" });
    const fetched = await testDb().syncedObject.findFirstOrThrow({ where: { ...other, kind: "deposit", providerId: full.providerId } });
    expect(fetched.data).toEqual(full.data);
    expect(fetched.source).toBe("fetch");
    expect(await fetchObject(other, "deposit", "00000000-0000-4000-8000-00000000dead")).toEqual({ kind: "skip" });

    const noRead = { organizationId: (await createTeamWithKey({ key: SEED_KEYS.noread, scopes: ["Write"] })).org.id, environment: "sandbox" as const };
    const o = await sweepKind(noRead, "deposit");
    expect(o.kind).toBe("refused");
    const state = await testDb().syncState.findUniqueOrThrow({ where: { organizationId_environment_kind: { ...noRead, kind: "deposit" } } });
    expect(state.lastError).toMatch(/Read scope/);
    expect(state.lastSweptAt).toBeNull();
  }, 90_000);

  it("names a sweep's change with a time-ordered id that replay can resume from", () => {
    const scope = { organizationId: "00000000-0000-4000-8000-000000000001", environment: "sandbox" as const };
    const at = new Date("2026-11-26T12:00:00.123Z");
    const id = changeEventId(scope, "deposit", "dep_1", at);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(changeIdTime(id)).toEqual(at);
    expect(changeEventId(scope, "deposit", "dep_1", at)).toBe(id);
    expect(changeEventId(scope, "deposit", "dep_2", at)).not.toBe(id);
    expect(changeIdTime("6f1c2a4e-1b2c-4d3e-8f40-123456789abc")).toBeNull();
  });
});
