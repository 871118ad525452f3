/**
 * Snapshots (balances, the portfolio, the funding configuration) read from the local copy, against
 * the emulator and PostgreSQL: a page view costs no provider call once the copy holds one, the
 * provider down leaves the last one on screen with its age, and a key change forgets them until the
 * new key's account has been checked.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GET as getBalances } from "@/app/api/balances/route";
import { GET as getCoinsBalances } from "@/app/api/coins/balances/route";
import { GET as getProBalances } from "@/app/api/pro/balances/route";
import { GET as getPortfolio } from "@/app/api/stocks/portfolio/route";
import { SEED_KEYS, type TestEmulator } from "@/emulator/testing";
import type { FreshBalances } from "@/components/page/balance-cards";
import type { BalancesView } from "@/lib/coins/views";
import { db } from "@/lib/db";
import type { ProBalancesView } from "@/lib/pro/views";
import type { PortfolioView } from "@/lib/stocks/views";
import { testDb } from "@/test/factories";
import { callRoute, createTeamWithKey, startSandbox, storeApiKey, type Team } from "@/test/fixtures";
import { signInAs } from "@/test/session";
import { noteKeyChanged } from "./account-check";
import { SNAPSHOT_ID } from "./kinds";
import { readOne } from "./read";
import { sweepKind } from "./sync";

let emu: TestEmulator;
let team: Team;

beforeAll(async () => {
  emu = await startSandbox();
});
afterAll(() => emu.close());

beforeEach(async () => {
  team = await createTeamWithKey();
  await storeApiKey(team, { surface: "coins", key: SEED_KEYS.full });
  await storeApiKey(team, { surface: "pro", key: SEED_KEYS.pro });
  await storeApiKey(team, { surface: "stocks", key: SEED_KEYS.full });
  await emu.control.clearFaults();
  signInAs(team.viewer);
});

const scope = () => ({ organizationId: team.org.id, environment: "sandbox" as const });

/** Every request the emulator has counted, over all keys. */
async function providerRequests(): Promise<number> {
  const res = await emu.request("/__emulator/requests");
  const body = (await res.json()) as { keys: { requests: number }[] };
  return body.keys.reduce((n, k) => n + k.requests, 0);
}

const ROUTES = [
  { kind: "merchant_balance", route: getBalances, path: "/api/balances" },
  { kind: "coins_balances", route: getCoinsBalances, path: "/api/coins/balances" },
  { kind: "pro_balances", route: getProBalances, path: "/api/pro/balances" },
  { kind: "stock_portfolio", route: getPortfolio, path: "/api/stocks/portfolio" },
] as const;

describe("snapshots read from the copy", () => {
  it("a first view reads the provider once and stores it; later views cost no provider call", async () => {
    for (const { kind, route, path } of ROUTES) {
      expect(await readOne(scope(), kind, SNAPSHOT_ID), kind).toBeNull();
      const first = await callRoute<{ synced: { syncedAt: string } }>(route, path);
      expect(first.status, kind).toBe(200);
      const kept = await readOne(scope(), kind, SNAPSHOT_ID);
      expect(kept, kind).not.toBeNull();
      expect(first.body.synced.syncedAt).toBe(kept!.syncedAt.toISOString());

      const before = await providerRequests();
      for (let i = 0; i < 5; i++) expect((await callRoute(route, path)).status).toBe(200);
      expect(await providerRequests(), `${kind}: provider calls for five views`).toBe(before);
    }
  });

  it("the provider down: every snapshot page shows the copy with its age", async () => {
    for (const kind of ["merchant_balance", "coins_balances", "coins_portfolio", "pro_balances", "stock_portfolio"])
      expect(await sweepKind(scope(), kind), kind).toMatchObject({ kind: "ok" });
    await emu.control.setFaults({ path_prefix: "/", error_status: 503 });
    const balances = await callRoute<FreshBalances>(getBalances, "/api/balances");
    const coins = await callRoute<BalancesView>(getCoinsBalances, "/api/coins/balances");
    const pro = await callRoute<ProBalancesView>(getProBalances, "/api/pro/balances");
    const stocks = await callRoute<PortfolioView>(getPortfolio, "/api/stocks/portfolio");
    for (const [kind, r] of [
      ["merchant_balance", balances],
      ["coins_balances", coins],
      ["pro_balances", pro],
      ["stock_portfolio", stocks],
    ] as const) {
      expect(r.status, kind).toBe(200);
      const kept = await readOne(scope(), kind, SNAPSHOT_ID);
      expect((r.body as { synced?: { syncedAt: string } }).synced?.syncedAt, kind).toBe(kept!.syncedAt.toISOString());
    }
    expect(balances.body.data.collectionUsd).toMatch(/^\d+\.\d{2}$/);
    expect(coins.body.portfolio).not.toBeNull();
    // A sweep meanwhile fails and leaves the copy as it was.
    const before = (await readOne(scope(), "merchant_balance", SNAPSHOT_ID))!.syncedAt;
    expect(await sweepKind(scope(), "merchant_balance")).toMatchObject({ kind: "later" });
    expect((await readOne(scope(), "merchant_balance", SNAPSHOT_ID))!.syncedAt).toEqual(before);
  });

  it("with nothing kept, the outage is the provider's sentence", async () => {
    await emu.control.setFaults({ path_prefix: "/stocks/v1/wallet", wallet_unavailable: true });
    const r = await callRoute<{ error: string }>(getPortfolio, "/api/stocks/portfolio");
    expect(r.status).toBe(503);
    expect(r.body.error).toBeTruthy();
  });

  it("a key change forgets the surface's snapshots, and no page reads one before the new key's account is checked", async () => {
    expect(await sweepKind(scope(), "merchant_balance")).toMatchObject({ kind: "ok" });
    expect(await sweepKind(scope(), "pro_balances")).toMatchObject({ kind: "ok" });
    await db.$transaction((tx) => noteKeyChanged(tx, scope(), "core"));
    expect(await readOne(scope(), "merchant_balance", SNAPSHOT_ID)).toBeNull();
    // Another surface's snapshot stays.
    expect(await readOne(scope(), "pro_balances", SNAPSHOT_ID)).not.toBeNull();
    const before = await providerRequests();
    const r = await callRoute<{ error: string }>(getBalances, "/api/balances");
    expect(r.status).toBe(503);
    expect(r.body.error).toMatch(/key was just changed/);
    expect(await providerRequests()).toBe(before);
    expect(await testDb().syncedObject.count({ where: { ...scope(), kind: "merchant_balance" } })).toBe(0);
  });
});
