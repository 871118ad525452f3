/**
 * Snapshots (balances, the portfolio, the funding configuration, the Pro webhook list, the saved
 * addresses, reference data) read from the local copy, against
 * the emulator and PostgreSQL: a page view costs no provider call once the copy holds one, the
 * provider down leaves the last one on screen with its age, and a key change forgets them until the
 * new key's account has been checked.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GET as getBalances } from "@/app/api/balances/route";
import { GET as getCoinsBalances } from "@/app/api/coins/balances/route";
import { GET as getProBalances } from "@/app/api/pro/balances/route";
import { GET as getPortfolio } from "@/app/api/stocks/portfolio/route";
import { GET as getProWebhooks } from "@/app/api/pro/webhooks/route";
import { GET as getAddresses } from "@/app/api/coins/addresses/route";
import { randomUUID } from "node:crypto";
import { createCoinsAddress } from "@/lib/coins/create-address";
import { renameCoinsAddress } from "@/lib/coins/rename-address";
import type { AddressesView } from "@/lib/coins/views";
import { createProWebhook } from "@/lib/pro/create-webhook";
import { deleteProWebhook } from "@/lib/pro/delete-webhook";
import { pauseProWebhook } from "@/lib/pro/pause-webhook";
import { upstreamFor } from "@/lib/upstream";
import type { ProWebhooksView } from "@/lib/pro/views";
import { dueAt } from "./jobs";
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
import { REFERENCE_EVERY_MS, SNAPSHOT_ID } from "./kinds";
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

/** Requests the emulator has counted on one endpoint ("GET /pro/public/v1/webhooks"), over all keys. */
async function endpointRequests(endpoint: string): Promise<number> {
  const res = await emu.request("/__emulator/requests");
  const body = (await res.json()) as { keys: { endpoints?: Record<string, number> }[] };
  return body.keys.reduce((n, k) => n + (k.endpoints?.[endpoint] ?? 0), 0);
}

describe("settings the app writes, kept as snapshots", () => {
  it("the Pro webhook list: views read the copy; the app's own create and delete show on the next view", async () => {
    signInAs(team.admin);
    const first = await callRoute<ProWebhooksView>(getProWebhooks, "/api/pro/webhooks");
    expect(first.status).toBe(200);
    expect(first.body.synced?.kind).toBe("pro_webhooks");
    const before = await endpointRequests("GET /pro/public/v1/webhooks");
    for (let i = 0; i < 3; i++) expect((await callRoute(getProWebhooks, "/api/pro/webhooks")).status).toBe(200);
    expect(await endpointRequests("GET /pro/public/v1/webhooks"), "three views").toBe(before);

    const url = `https://ops.example.com/hooks/${randomUUID().slice(0, 8)}`;
    const created = await createProWebhook({ url, events: ["order.filled"], description: "snapshot test", attemptKey: randomUUID() } as never);
    if (!created.ok) throw new Error(JSON.stringify(created));
    // The write read the list again once; the view after it reads only the copy.
    expect(await endpointRequests("GET /pro/public/v1/webhooks")).toBe(before + 1);
    const after = await callRoute<ProWebhooksView>(getProWebhooks, "/api/pro/webhooks");
    expect(after.body.webhooks.map((w) => w.url)).toContain(url);
    // The copy never holds a webhook's secret (the list does not carry one).
    expect(JSON.stringify((await readOne(scope(), "pro_webhooks", SNAPSHOT_ID))!.data)).not.toContain(created.data.secret);
    expect(await endpointRequests("GET /pro/public/v1/webhooks")).toBe(before + 1);

    const id = after.body.webhooks.find((w) => w.url === url)!.id;
    expect(await deleteProWebhook({ id, attemptKey: randomUUID() } as never)).toMatchObject({ ok: true });
    expect((await callRoute<ProWebhooksView>(getProWebhooks, "/api/pro/webhooks")).body.webhooks.map((w) => w.id)).not.toContain(id);
  });

  it("a sweep that read the list before the app's own pause, and stores after it, does not put the webhook back to active", async () => {
    signInAs(team.admin);
    const first = await callRoute<ProWebhooksView>(getProWebhooks, "/api/pro/webhooks");
    const target = first.body.webhooks.find((w) => w.status === "active")!;
    // A sweep whose answer comes back from the provider, then is held before it is stored.
    const real = upstreamFor(scope());
    let answered!: () => void;
    const read = new Promise<void>((r) => (answered = r));
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const slow = {
      ...real,
      pro: {
        ...real.pro,
        listWebhooks: async (o: Parameters<typeof real.pro.listWebhooks>[0]) => {
          const r = await real.pro.listWebhooks(o);
          answered();
          await held;
          return r;
        },
      },
    };
    const sweeping = sweepKind(scope(), "pro_webhooks", slow);
    await read;
    expect(await pauseProWebhook({ id: target.id, attemptKey: randomUUID() } as never)).toMatchObject({ ok: true });
    const status = async () => (await callRoute<ProWebhooksView>(getProWebhooks, "/api/pro/webhooks")).body.webhooks.find((w) => w.id === target.id)?.status;
    expect(await status()).toBe("paused");
    release();
    expect(await sweeping).toMatchObject({ kind: "ok" });
    expect(await status(), "after the older sweep is stored").toBe("paused");
  });

  it("saved addresses: one saved elsewhere shows after the next sweep; the app's own save and rename at once", async () => {
    signInAs(team.operator);
    const view = () => callRoute<AddressesView>(getAddresses, "/api/coins/addresses");
    expect((await view()).status).toBe(200);
    // Saved at the provider by someone else: not in the copy until a sweep reads the list.
    const elsewhere = `0x${randomUUID().replace(/-/g, "").padEnd(40, "0").slice(0, 40)}`;
    const res = await emu.request("/coins/v1/crypto-withdrawals/addresses", {
      method: "POST",
      apiKey: SEED_KEYS.full,
      json: { address: elsewhere, asset: "USDC", chain: "base", label: "Saved elsewhere" },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    expect((await view()).body.rows.map((a) => a.address)).not.toContain(elsewhere);
    expect(await sweepKind(scope(), "coins_addresses")).toMatchObject({ kind: "ok" });
    expect((await view()).body.rows.map((a) => a.address)).toContain(elsewhere);

    const mine = `0x${randomUUID().replace(/-/g, "").padEnd(40, "1").slice(0, 40)}`;
    const saved = await createCoinsAddress({ address: mine, asset: "USDC", chain: "base", label: "Saved here", attemptKey: randomUUID() } as never);
    if (!saved.ok) throw new Error(JSON.stringify(saved));
    const row = (await view()).body.rows.find((a) => a.address === mine);
    expect(row?.label).toBe("Saved here");
    expect(await renameCoinsAddress({ id: row!.id, label: "Renamed here", attemptKey: randomUUID() } as never)).toMatchObject({ ok: true });
    expect((await view()).body.rows.find((a) => a.id === row!.id)?.label).toBe("Renamed here");
  });

  it("reference data is read every few minutes, whether or not someone is looking at it", () => {
    const now = Date.now();
    const state = (kind: string) => ({
      kind,
      lastSweptAt: new Date(now - 60_000),
      lastError: null,
      lastErrorAt: null,
      watchedUntil: new Date(now + 60_000),
      backfillFinishedAt: null,
    });
    // A watched list swept a minute ago is due; watched reference data is not, until its own pace.
    expect(dueAt(state("coins_addresses"), now)).toBeLessThanOrEqual(now);
    for (const kind of ["pro_withdrawal_options", "coins_withdrawal_assets", "coins_deposit_options"])
      expect(dueAt(state(kind), now), kind).toBe(now - 60_000 + REFERENCE_EVERY_MS);
  });
});
