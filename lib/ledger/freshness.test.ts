import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestEmulator } from "@/emulator/testing";
import { SEED_KEYS } from "@/emulator/testing";
import { BUCKET_MS, keyHash } from "@/lib/upstream/budget";
import { surfaceBaseUrl } from "@/lib/upstream/config";
import { testDb } from "@/test/factories";
import { createTeamWithKey, startSandbox } from "@/test/fixtures";
import { startSyncOf } from "./job-names";
import { NO_KEY_SENTENCE, WATCH_MS, listFreshness, markWatched, requestRefresh } from "./freshness";
import type { LedgerScope } from "./store";
import { backfillStep, sweepKind } from "./sync";

let emu: TestEmulator;
beforeAll(async () => {
  emu = await startSandbox();
});
afterAll(async () => {
  await emu.close();
});

const scopeOf = async (): Promise<LedgerScope> => ({ organizationId: (await createTeamWithKey()).org.id, environment: "sandbox" });
const watchedUntil = async (scope: LedgerScope, kind: string) =>
  (await testDb().syncState.findUnique({ where: { organizationId_environment_kind: { ...scope, kind } } }))?.watchedUntil ?? null;

describe("freshness of the copy", () => {
  it("says when a list was synced and how far its history has loaded", async () => {
    const scope = await scopeOf();
    expect(await listFreshness(scope, "deposit")).toEqual({ syncedAt: null, backfill: { done: false, read: 0, total: null }, error: null, checkFrom: null });
    const before = Date.now();
    await sweepKind(scope, "deposit");
    await backfillStep(scope, "deposit", undefined, 5);
    const f = await listFreshness(scope, "deposit");
    expect(f.syncedAt!.getTime()).toBeGreaterThanOrEqual(before - 5);
    expect(f.backfill).toMatchObject({ done: false, read: 5 });
    expect(f.backfill.total).toBeGreaterThan(5);
  }, 90_000);

  it("says why a list stopped moving: a key the provider refuses, then no key at all; a key added again is read at once", async () => {
    const team = await createTeamWithKey({ key: "sk_sandbox_not_a_key_the_provider_knows" });
    const scope: LedgerScope = { organizationId: team.org.id, environment: "sandbox" };
    expect(await sweepKind(scope, "deposit")).toMatchObject({ kind: "refused" });
    expect((await listFreshness(scope, "deposit")).error).toMatch(/refused the API key .*Settings → API keys/);

    await testDb().vaultSecret.updateMany({ where: { organizationId: scope.organizationId }, data: { status: "revoked" } });
    // Another organization's key, and this one's production key, read none of this scope's lists.
    await createTeamWithKey();
    const production = await testDb().vaultSecret.findFirstOrThrow({ where: { organizationId: scope.organizationId } });
    await testDb().vaultSecret.update({ where: { id: production.id }, data: { environment: "production", status: "active" } });
    expect((await listFreshness(scope, "deposit")).error).toBe(NO_KEY_SENTENCE);
    await testDb().vaultSecret.update({ where: { id: production.id }, data: { environment: "sandbox", status: "revoked" } });

    // A replacement key: the old key's refusal must not hold its lists back for the refusal's wait.
    await testDb().vaultSecret.updateMany({ where: { organizationId: scope.organizationId }, data: { status: "active" } });
    await startSyncOf(scope);
    const state = await testDb().syncState.findUniqueOrThrow({ where: { organizationId_environment_kind: { ...scope, kind: "deposit" } } });
    expect(state).toMatchObject({ lastError: null, lastErrorAt: null });
    expect((await listFreshness(scope, "deposit")).error).toBeNull();
  }, 90_000);

  it("marks a watched list with at most one small write per 15 s", async () => {
    const scope = await scopeOf();
    const now = Date.now();
    await markWatched(scope, "transfer", now);
    expect((await watchedUntil(scope, "transfer"))?.getTime()).toBe(now + WATCH_MS);
    // Later views within 15 s change nothing, even from another instance (its own throttle passes).
    await markWatched(scope, "transfer", now + 5_000);
    expect((await watchedUntil(scope, "transfer"))?.getTime()).toBe(now + WATCH_MS);
    await markWatched(scope, "transfer", now + 16_000);
    expect((await watchedUntil(scope, "transfer"))?.getTime()).toBe(now + 16_000 + WATCH_MS);
  });

  it("refuses a refresh politely when the key's budget has no room for it", async () => {
    const scope = await scopeOf();
    expect(await requestRefresh(scope, "deposit")).toEqual({ ok: true });
    expect(await requestRefresh(scope, "pro_trade")).toMatchObject({ ok: false });
    // Spend the minute of this emulator's core key.
    const hash = keyHash(SEED_KEYS.full, new URL(surfaceBaseUrl("core", "sandbox")).origin);
    const bucket = new Date(Math.floor(Date.now() / BUCKET_MS) * BUCKET_MS);
    await testDb().rateBudget.upsert({
      where: { keyHash_windowStart: { keyHash: hash, windowStart: bucket } },
      create: { keyHash: hash, windowStart: bucket, count: 95 },
      update: { count: 95 },
    });
    const refused = await requestRefresh(scope, "deposit");
    expect(refused).toMatchObject({ ok: false });
    expect(refused.ok === false && refused.retryAfterSeconds).toBeGreaterThan(0);
  });
});
