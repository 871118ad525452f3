/**
 * A key of another provider account: the copy of its surface is forgotten and read again, never
 * mixed with the first account's objects. Against the emulator's demo and Second Merchant, whose
 * seeded recipients carry the same names and addresses under other ids.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEED_KEYS, type TestEmulator } from "@/emulator/testing";
import { upstreamFor } from "@/lib/upstream";
import { replaceApiKey } from "@/lib/vault";
import { countingFetch, emulatorClient } from "@/lib/upstream/testing";
import { forgetCachedKeys, vaultKeyProvider } from "@/lib/upstream/key-provider";
import { createTeamWithKey, startSandbox, storeApiKey } from "@/test/fixtures";
import { testDb } from "@/test/factories";
import { fillCopy } from "@/test/ledger";
import { ACCOUNT_CHECK_FETCHES, checkCopyAccount } from "./account-check";
import { type LedgerScope, storeObjects } from "./store";

let emu: TestEmulator;
beforeAll(async () => {
  emu = await startSandbox();
});
afterAll(async () => {
  await emu.close();
});

const copied = (scope: LedgerScope, kind: string) => testDb().syncedObject.count({ where: { ...scope, kind } });

describe("the copy's account check after a key change", () => {
  it("keeps the copy when the new key reads the same account, in at most three fetches", async () => {
    const team = await createTeamWithKey();
    const scope: LedgerScope = { organizationId: team.org.id, environment: "sandbox" };
    await fillCopy(scope, ["recipient", "deposit", "transfer", "funding_account"]);
    const before = await copied(scope, "recipient");
    expect(before).toBeGreaterThan(0);

    const counter = countingFetch();
    const up = upstreamFor(scope, emulatorClient(testDb(), emu.url, vaultKeyProvider, { fetch: counter.fetch }));
    expect(await checkCopyAccount(scope, "core", up)).toEqual({ kind: "same" });
    expect(counter.calls.length).toBeGreaterThan(0);
    expect(counter.calls.length).toBeLessThanOrEqual(ACCOUNT_CHECK_FETCHES);
    expect(await copied(scope, "recipient")).toBe(before);
  });

  it("forgets the surface's objects and sync states when the new key is another merchant's, and leaves other surfaces alone", async () => {
    const team = await createTeamWithKey();
    await storeApiKey(team, { surface: "coins", key: SEED_KEYS.full });
    const scope: LedgerScope = { organizationId: team.org.id, environment: "sandbox" };
    await fillCopy(scope, ["recipient", "deposit", "coins_order"]);
    const coinsBefore = await copied(scope, "coins_order");
    expect(await copied(scope, "recipient")).toBeGreaterThan(0);

    // The organization's core key is replaced with the Second Merchant's.
    const core = await testDb().vaultSecret.findFirstOrThrow({ where: { organizationId: team.org.id, kind: "api_key", surface: "core", status: "active" } });
    await testDb().$transaction((tx) =>
      replaceApiKey(tx as never, { organizationId: team.org.id, id: core.id, key: SEED_KEYS.second, scopes: ["Read", "Write"], actorId: team.admin.id }),
    );
    forgetCachedKeys(team.org.id); // as the key-change approval does
    const check = await checkCopyAccount(scope, "core");
    expect(check.kind).toBe("forgotten");
    expect(await copied(scope, "recipient")).toBe(0);
    expect(await copied(scope, "deposit")).toBe(0);
    expect(await testDb().syncState.count({ where: { ...scope, kind: { in: ["recipient", "deposit"] } } })).toBe(0);
    expect(await copied(scope, "coins_order")).toBe(coinsBefore);

    // Read again, the copy holds the Second Merchant's recipients only: each one the provider knows.
    await fillCopy(scope, ["recipient"]);
    const ids = (await testDb().syncedObject.findMany({ where: { ...scope, kind: "recipient" }, select: { providerId: true } })).map((r) => r.providerId);
    expect(ids.length).toBeGreaterThan(0);
    expect(await checkCopyAccount(scope, "core")).toEqual({ kind: "same" });
  });

  it("keeps the copy when only the newest object is gone at the provider (a deleted recipient), since the others are known", async () => {
    const team = await createTeamWithKey();
    const scope: LedgerScope = { organizationId: team.org.id, environment: "sandbox" };
    await fillCopy(scope, ["recipient", "deposit"]);
    const some = await testDb().syncedObject.findFirstOrThrow({ where: { ...scope, kind: "recipient" } });
    const gone = { ...(some.data as Record<string, unknown>), id: randomUUID(), created_at: new Date().toISOString() };
    await storeObjects(scope, "recipient", [gone], "sweep");
    const before = await testDb().syncedObject.count({ where: scope });

    expect(await checkCopyAccount(scope, "core")).toEqual({ kind: "same" });
    expect(await testDb().syncedObject.count({ where: scope })).toBe(before);
  });

  it("decides nothing on an empty copy", async () => {
    const team = await createTeamWithKey();
    expect(await checkCopyAccount({ organizationId: team.org.id, environment: "sandbox" }, "core")).toEqual({ kind: "empty" });
  });
});
