/**
 * A key of another provider account: the copy of its surface is forgotten and read again, never
 * mixed with the first account's objects. Against the emulator's demo and Second Merchant, whose
 * seeded recipients carry the same names and addresses under other ids.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SEED_KEYS, type TestEmulator } from "@/emulator/testing";
import type { UpstreamSurface } from "@/lib/upstream/types";
import { upstreamFor } from "@/lib/upstream";
import { replaceApiKey } from "@/lib/vault";
import { countingFetch, emulatorClient } from "@/lib/upstream/testing";
import { forgetCachedKeys, vaultKeyProvider } from "@/lib/upstream/key-provider";
import { type Team, createTeamWithKey, startSandbox, storeApiKey } from "@/test/fixtures";
import { testDb } from "@/test/factories";
import { fillCopy, unspendSeedKeys } from "@/test/ledger";
import { ACCOUNT_CHECK_FETCHES, ACCOUNT_CHECK_RETRY_MS, checkCopyAccount, copyGate, dueAccountChecks, noteKeyChanged } from "./account-check";
import { runSweep } from "./jobs";
import { listFromCopy, readSyncedList, readSyncedOne } from "./page-read";
import { searchCopy } from "./search";
import { readInReview } from "@/lib/balances/overview";
import { statementExport } from "@/lib/statement/export";
import { CopyAccountChanged, type LedgerScope, storeObjects } from "./store";
import { sweepKind } from "./sync";

let emu: TestEmulator;
beforeAll(async () => {
  emu = await startSandbox();
});
afterAll(async () => {
  await emu.close();
});
beforeEach(() => unspendSeedKeys(emu.url));

const copied = (scope: LedgerScope, kind: string) => testDb().syncedObject.count({ where: { ...scope, kind } });
const idsOf = async (scope: LedgerScope, kind: string) =>
  (await testDb().syncedObject.findMany({ where: { ...scope, kind }, select: { providerId: true } })).map((r) => r.providerId).sort();

/**
 * Replaces the organization's key of a surface as the key-change approval does: the swap and the
 * copy's note in one transaction, then this instance's key cache forgotten. The check is due at once.
 */
async function changeKey(team: Team, key: string, surface: UpstreamSurface = "core", scopes = ["Read", "Write"]): Promise<LedgerScope> {
  const scope: LedgerScope = { organizationId: team.org.id, environment: "sandbox" };
  const old = await testDb().vaultSecret.findFirstOrThrow({ where: { organizationId: team.org.id, kind: "api_key", surface, status: "active" } });
  await testDb().$transaction(async (tx) => {
    await replaceApiKey(tx as never, { organizationId: team.org.id, id: old.id, key, scopes: scopes as never, actorId: team.admin.id });
    await noteKeyChanged(tx as never, scope, surface, 0);
  });
  forgetCachedKeys(team.org.id);
  return scope;
}

/** A client of the emulator whose calls wait for `release` once `held` is set, and say when one waits. */
function holdingClient() {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let waiting!: () => void;
  const aCallWaits = new Promise<void>((r) => (waiting = r));
  const hold = { on: false };
  const client = emulatorClient(testDb(), emu.url, vaultKeyProvider, {
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (hold.on) {
        waiting();
        await released;
      }
      return fetch(input, init);
    }) as typeof fetch,
  });
  return { client, hold, release, aCallWaits };
}

describe("the copy's account check after a key change", () => {
  it("keeps the copy when the new key reads the same account, in at most three fetches, and opens the sync again", async () => {
    const team = await createTeamWithKey();
    const scope: LedgerScope = { organizationId: team.org.id, environment: "sandbox" };
    await fillCopy(scope, ["recipient", "deposit", "transfer", "funding_account"]);
    const before = await copied(scope, "recipient");
    expect(before).toBeGreaterThan(0);
    await changeKey(team, SEED_KEYS.readonly, "core", ["Read"]); // the demo merchant's read-only key
    expect(await copyGate(scope, "core")).toMatchObject({ open: false });

    const counter = countingFetch();
    const up = upstreamFor(scope, emulatorClient(testDb(), emu.url, vaultKeyProvider, { fetch: counter.fetch }));
    expect(await checkCopyAccount(scope, "core", up)).toEqual({ kind: "same" });
    expect(counter.calls.length).toBeGreaterThan(0);
    expect(counter.calls.length).toBeLessThanOrEqual(ACCOUNT_CHECK_FETCHES);
    expect(await copied(scope, "recipient")).toBe(before);
    expect(await copyGate(scope, "core")).toEqual({ open: true, surface: "core", generation: 1 });
    // Decided: running it again changes nothing and asks the provider nothing.
    expect(await checkCopyAccount(scope, "core", up)).toEqual({ kind: "done" });
    expect(counter.calls.length).toBeLessThanOrEqual(ACCOUNT_CHECK_FETCHES);
  });

  it("forgets the surface's objects and sync states when the new key is another merchant's, and leaves other surfaces alone", async () => {
    const team = await createTeamWithKey();
    await storeApiKey(team, { surface: "coins", key: SEED_KEYS.full });
    const scope: LedgerScope = { organizationId: team.org.id, environment: "sandbox" };
    await fillCopy(scope, ["recipient", "deposit", "coins_order"]);
    const coinsBefore = await copied(scope, "coins_order");
    const demoRecipients = await idsOf(scope, "recipient");
    expect(demoRecipients.length).toBeGreaterThan(0);

    // The organization's core key is replaced with the Second Merchant's.
    await changeKey(team, SEED_KEYS.second);
    const check = await checkCopyAccount(scope, "core");
    expect(check.kind).toBe("forgotten");
    expect(await copied(scope, "recipient")).toBe(0);
    expect(await copied(scope, "deposit")).toBe(0);
    expect(await testDb().syncState.count({ where: { ...scope, kind: { in: ["recipient", "deposit"] } } })).toBe(0);
    expect(await copied(scope, "coins_order")).toBe(coinsBefore);

    // Read again, the copy holds the Second Merchant's recipients only.
    await fillCopy(scope, ["recipient"]);
    const ids = await idsOf(scope, "recipient");
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.filter((id) => demoRecipients.includes(id))).toEqual([]);

    // And back to the demo merchant's key: the Second Merchant's objects go in turn.
    await changeKey(team, SEED_KEYS.full);
    expect((await checkCopyAccount(scope, "core")).kind).toBe("forgotten");
    await fillCopy(scope, ["recipient"]);
    expect(await idsOf(scope, "recipient")).toEqual(demoRecipients);
  });

  it("a webhook stored meanwhile does not decide: it names no account, and the old account's webhooks may still arrive", async () => {
    const team = await createTeamWithKey();
    const scope: LedgerScope = { organizationId: team.org.id, environment: "sandbox" };
    await fillCopy(scope, ["withdrawal"]);
    const demoWithdrawal = (await testDb().syncedObject.findFirstOrThrow({ where: { ...scope, kind: "withdrawal" }, select: { data: true } })).data as Record<
      string,
      unknown
    >;
    await changeKey(team, SEED_KEYS.second);
    expect((await checkCopyAccount(scope, "core")).kind).toBe("forgotten");
    await fillCopy(scope, ["recipient"]);
    // While the Second Merchant's key is current, a webhook of the demo merchant's withdrawal
    // arrives (its secret is still held) and is stored, the newest object of the copy.
    await storeObjects(scope, "withdrawal", [{ ...demoWithdrawal, created_at: new Date().toISOString() }], "webhook");
    const second = await idsOf(scope, "recipient");

    // Back to the demo key: the webhook's object is the demo merchant's, found with the demo key,
    // but the copy holds the Second Merchant's recipients: it must be forgotten, not kept.
    await changeKey(team, SEED_KEYS.full);
    expect((await checkCopyAccount(scope, "core")).kind).toBe("forgotten");
    await fillCopy(scope, ["recipient"]);
    expect((await idsOf(scope, "recipient")).filter((id) => second.includes(id))).toEqual([]);
  });

  it("refuses what a sync read begun with the old key stores after the change, so the old account never comes back", async () => {
    const team = await createTeamWithKey();
    const scope: LedgerScope = { organizationId: team.org.id, environment: "sandbox" };
    await fillCopy(scope, ["recipient"]);
    const demoRecipients = await idsOf(scope, "recipient");

    // A sweep reads the recipients with the demo key; its answer is held on the way back.
    const held = holdingClient();
    held.hold.on = true;
    const sweep = sweepKind(scope, "recipient", upstreamFor(scope, held.client));
    await held.aCallWaits;
    // Meanwhile the key becomes the Second Merchant's and the check forgets the demo copy.
    await changeKey(team, SEED_KEYS.second);
    expect((await checkCopyAccount(scope, "core")).kind).toBe("forgotten");
    held.release();
    // The late answer (the demo merchant's recipients) is not stored.
    expect(await sweep).toMatchObject({ kind: "waiting" });
    expect(await copied(scope, "recipient")).toBe(0);

    await fillCopy(scope, ["recipient"]);
    const now = await idsOf(scope, "recipient");
    expect(now.length).toBeGreaterThan(0);
    expect(now.filter((id) => demoRecipients.includes(id))).toEqual([]);
  });

  it("a write begun before the change is refused by the store itself, in one statement", async () => {
    const team = await createTeamWithKey();
    const scope: LedgerScope = { organizationId: team.org.id, environment: "sandbox" };
    const gate = await copyGate(scope, "core");
    if (!gate.open) throw new Error("a new team's copy is open");
    await changeKey(team, SEED_KEYS.readonly, "core", ["Read"]);
    const recipient = { id: randomUUID(), type: "BANK_ACCOUNT", created_at: new Date().toISOString() };
    await expect(storeObjects(scope, "recipient", [recipient], "sweep", { guard: gate })).rejects.toBeInstanceOf(CopyAccountChanged);
    expect(await copied(scope, "recipient")).toBe(0);
    // Webhooks and the app's own writes are not sync reads: they go on.
    expect((await storeObjects(scope, "recipient", [recipient], "webhook")).changed).toHaveLength(1);
  });

  it("until the check has run, the surface's sync waits and reads nothing; another surface's sync goes on", async () => {
    const team = await createTeamWithKey();
    await storeApiKey(team, { surface: "coins", key: SEED_KEYS.full });
    const scope: LedgerScope = { organizationId: team.org.id, environment: "sandbox" };
    await fillCopy(scope, ["deposit"]);
    const due = new Date(Date.now() + 60_000);
    await testDb().$transaction((tx) => noteKeyChanged(tx as never, scope, "core", 60_000));

    const counter = countingFetch();
    const up = upstreamFor(scope, emulatorClient(testDb(), emu.url, vaultKeyProvider, { fetch: counter.fetch }));
    const waiting = await sweepKind(scope, "recipient", up);
    expect(waiting.kind).toBe("waiting");
    expect(counter.calls).toEqual([]);
    expect(await checkCopyAccount(scope, "core", up)).toMatchObject({ kind: "undecided" });
    expect(counter.calls).toEqual([]);

    // A run of the sweep chain: the Coins lists are read. The core lists stay due, yet the chain does
    // not run every second for them: next when a Coins list is due again (25 s) or the check (60 s).
    const next = await runSweep({ ...scope, reason: "schedule" }, () => up);
    expect(await copied(scope, "coins_order")).toBeGreaterThan(0);
    expect(await copied(scope, "recipient")).toBe(0);
    expect(counter.calls.some((c) => c.url.includes("/recipients"))).toBe(false);
    expect(next).not.toBeNull();
    expect(next!).toBeGreaterThan(20_000);
    expect(Date.now() + next!).toBeLessThanOrEqual(due.getTime() + 1_000);
    expect(await dueAccountChecks()).not.toContainEqual({ ...scope, surface: "core" });
  });

  it("until the check has run, no page shows the surface's copy: lists, details, search, figures and the statement say the key is being checked", async () => {
    const team = await createTeamWithKey();
    await storeApiKey(team, { surface: "coins", key: SEED_KEYS.full });
    const scope: LedgerScope = { organizationId: team.org.id, environment: "sandbox" };
    await fillCopy(scope, ["recipient", "coins_order"]);
    const recipient = (await listFromCopy<{ id: string }>(scope, "recipient", {})).rows[0]!;
    const notFound = () => {
      throw new Error("not a 404");
    };
    await testDb().$transaction((tx) => noteKeyChanged(tx as never, scope, "core", 0));

    // The copy may still be the old account's: a list, a detail and search show none of it.
    const list = await readSyncedList(scope, "recipient");
    expect(list).toMatchObject({ ok: false, kind: "unavailable", retryable: true });
    expect(!list.ok && list.message).toMatch(/^The Core key was just changed\. The recipients are read with the new key in about \d+ s\.$/);
    await expect(listFromCopy(scope, "recipient", {})).rejects.toMatchObject({ code: "KEY_BEING_CHECKED" });
    const one = await readSyncedOne(scope, "recipient", recipient.id, { notFound });
    expect(!one.ok && one.message).toMatch(/This recipient is read with the new key/);
    expect((await searchCopy(scope, recipient.id)).map((g) => g.kind)).not.toContain("recipient");
    // Nor do the figures and the statement worked out from it.
    await expect(readInReview(scope)).rejects.toMatchObject({ code: "KEY_BEING_CHECKED" });
    const statementRows = statementExport.rows({ ...scope, zone: "UTC" } as never, {} as never)[Symbol.asyncIterator]();
    await expect(statementRows.next()).rejects.toMatchObject({
      code: "KEY_BEING_CHECKED",
      userMessage: expect.stringMatching(/^The Core key was just changed\. The statement is read/),
    });
    // Another surface's copy is shown as usual.
    expect(await readSyncedList(scope, "coins_order")).toMatchObject({ ok: true });

    // The same account: the copy is kept and shown again.
    expect(await checkCopyAccount(scope, "core")).toMatchObject({ kind: "same" });
    expect(await readSyncedList(scope, "recipient")).toMatchObject({ ok: true });
    expect(await readSyncedOne(scope, "recipient", recipient.id, { notFound })).toMatchObject({ ok: true, data: { id: recipient.id } });
    expect((await searchCopy(scope, recipient.id)).map((g) => g.kind)).toContain("recipient");
  });

  it("a check the provider cannot answer decides nothing: the copy stays out of sync and the check is tried again", async () => {
    const team = await createTeamWithKey();
    const scope: LedgerScope = { organizationId: team.org.id, environment: "sandbox" };
    await fillCopy(scope, ["recipient", "deposit"]);
    const before = await testDb().syncedObject.count({ where: scope });
    await changeKey(team, SEED_KEYS.second);

    const down = upstreamFor(
      scope,
      emulatorClient(testDb(), emu.url, vaultKeyProvider, {
        fetch: (async () => new Response("", { status: 503 })) as typeof fetch,
        retry: { maxAttempts: 1 },
      }),
    );
    const r = await checkCopyAccount(scope, "core", down);
    expect(r).toEqual({ kind: "undecided", retryAfterMs: ACCOUNT_CHECK_RETRY_MS });
    expect(await testDb().syncedObject.count({ where: scope })).toBe(before);
    expect(await copyGate(scope, "core")).toMatchObject({ open: false });
    // Lost with its instance, the check is found by the every-minute schedule once due.
    expect(await dueAccountChecks()).not.toContainEqual({ ...scope, surface: "core" });
    await testDb().copyAccount.update({ where: { organizationId_environment_surface: { ...scope, surface: "core" } }, data: { checkFrom: new Date() } });
    expect(await dueAccountChecks()).toContainEqual({ ...scope, surface: "core" });

    expect((await checkCopyAccount(scope, "core")).kind).toBe("forgotten");
    expect(await testDb().syncedObject.count({ where: scope })).toBe(0);
    expect(await copyGate(scope, "core")).toMatchObject({ open: true });
  });

  it("keeps the copy when only the newest object is gone at the provider (a deleted recipient), since the others are known", async () => {
    const team = await createTeamWithKey();
    const scope: LedgerScope = { organizationId: team.org.id, environment: "sandbox" };
    await fillCopy(scope, ["recipient", "deposit"]);
    const some = await testDb().syncedObject.findFirstOrThrow({ where: { ...scope, kind: "recipient" } });
    const gone = { ...(some.data as Record<string, unknown>), id: randomUUID(), created_at: new Date().toISOString() };
    await storeObjects(scope, "recipient", [gone], "sweep");
    const before = await testDb().syncedObject.count({ where: scope });

    await changeKey(team, SEED_KEYS.readonly, "core", ["Read"]);
    expect(await checkCopyAccount(scope, "core")).toEqual({ kind: "same" });
    expect(await testDb().syncedObject.count({ where: scope })).toBe(before);
  });

  it("an empty copy (a first key) has nothing to check: its sync is open at once, under the new generation", async () => {
    const team = await createTeamWithKey();
    const scope = await changeKey(team, SEED_KEYS.second);
    expect(await copyGate(scope, "core")).toEqual({ open: true, surface: "core", generation: 1 });
    expect(await checkCopyAccount(scope, "core")).toEqual({ kind: "done" });
  });

  it("a copy emptied meanwhile decides nothing to forget, and opens its sync", async () => {
    const team = await createTeamWithKey();
    const scope: LedgerScope = { organizationId: team.org.id, environment: "sandbox" };
    await fillCopy(scope, ["recipient"]);
    await changeKey(team, SEED_KEYS.second);
    await testDb().syncedObject.deleteMany({ where: scope });
    expect(await checkCopyAccount(scope, "core")).toEqual({ kind: "empty" });
    expect(await copyGate(scope, "core")).toMatchObject({ open: true });
  });

  it("a copy holding only what webhooks stored is not kept on a guess: forgotten, and read again with the new key", async () => {
    const team = await createTeamWithKey();
    const scope: LedgerScope = { organizationId: team.org.id, environment: "sandbox" };
    await fillCopy(scope, ["withdrawal"]);
    const demoWithdrawal = (await testDb().syncedObject.findFirstOrThrow({ where: { ...scope, kind: "withdrawal" }, select: { data: true } })).data;
    await testDb().syncedObject.deleteMany({ where: scope });
    // The demo merchant's withdrawal arrived by webhook; then the key becomes the Second Merchant's.
    await storeObjects(scope, "withdrawal", [demoWithdrawal], "webhook");
    await changeKey(team, SEED_KEYS.second);
    expect(await checkCopyAccount(scope, "core")).toEqual({ kind: "forgotten", objects: 1, unknownId: null });
    expect(await copied(scope, "withdrawal")).toBe(0);
    expect(await copyGate(scope, "core")).toMatchObject({ open: true });
  });
});
