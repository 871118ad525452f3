/**
 * The balances GET routes against a real PostgreSQL and a real emulator, called as each role:
 * every role reads, a signed-out browser gets 401, the provider's failures become sentences, the
 * balances come from the local copy (a move made here shows at once, one made elsewhere after the
 * next sweep), and a provider outage leaves the copy's figure on screen with its age.
 */
import { randomUUID } from "node:crypto";
import Decimal from "decimal.js";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { TestEmulator } from "@/emulator/testing";
import { createTeam, testDb } from "@/test/factories";
import { signInAs, signOutTest } from "@/test/session";
import { GET as getBalances } from "./route";
import { GET as getHistory } from "./history/route";
import { GET as getMoves } from "./moves/route";
import { GET as getOverview } from "./overview/route";
import { startSandbox, storeApiKey, type Team } from "@/test/fixtures";
import { fillCopy } from "@/test/ledger";
import { sweepKind } from "@/lib/ledger/sync";
import { upstreamFor } from "@/lib/upstream";

let emu: TestEmulator;
let team: Team;
const ROLES = ["viewer", "operator", "approver", "admin"] as const;

const as = async (who: (typeof ROLES)[number]) => {
  signInAs(await testDb().user.findUniqueOrThrow({ where: { id: team[who].id } }));
};
const call = async (handler: (r: Request) => Promise<Response>, path: string) => {
  const res = await handler(new Request(`http://app.test${path}`));
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

async function giveKey() {
  await storeApiKey(team);
}

beforeAll(async () => {
  emu = await startSandbox();
});
afterAll(() => emu.close());
beforeEach(async () => {
  team = await createTeam();
  signOutTest();
  await emu.control.clearFaults();
});

describe("GET /api/balances", () => {
  it("answers 401 with a sentence when signed out", async () => {
    expect(await call(getBalances, "/api/balances")).toEqual({ status: 401, body: { error: "Your session has ended. Sign in again." } });
  });

  it.each(ROLES)("gives a %s the three balances as decimal strings", async (role) => {
    await giveKey();
    await as(role);
    const { status, body } = await call(getBalances, "/api/balances");
    expect(status).toBe(200);
    expect(body).toMatchObject({
      stale: false,
      data: {
        collectionUsd: expect.stringMatching(/^\d+\.\d{2}$/),
        withdrawalUsd: expect.stringMatching(/^\d+\.\d{2}$/),
        withdrawalNgn: expect.stringMatching(/^\d+\.\d{2}$/),
      },
    });
  });

  it("says what to do when the organization has no API key for this environment", async () => {
    await as("viewer");
    const { status, body } = await call(getBalances, "/api/balances");
    expect(status).toBe(424);
    expect(String(body.error)).toMatch(/key/i);
  });

  it("shows a move made here on the next read, and one made elsewhere after the next sweep", async () => {
    await giveKey();
    await as("viewer");
    const scope = { organizationId: team.org.id, environment: "sandbox" as const };
    const collection = async () => ((await call(getBalances, "/api/balances")).body.data as { collectionUsd: string }).collectionUsd;
    const first = await collection();
    await upstreamFor(scope).core.transferBalance({ amount_usd: "1.00" }, { attemptKey: randomUUID() });
    expect(await collection()).toBe(new Decimal(first).minus(1).toFixed(2));
    // Moved at the provider by someone else: the copy shows it once a sweep has read it.
    const moved = await emu.request("/v1/merchant/balance/transfer", { method: "POST", json: { amount_usd: "1.00" } });
    expect(moved.status).toBe(201);
    expect(await collection()).toBe(new Decimal(first).minus(1).toFixed(2));
    expect(await sweepKind(scope, "merchant_balance")).toMatchObject({ kind: "ok", changed: 1 });
    expect(await collection()).toBe(new Decimal(first).minus(2).toFixed(2));
  });

  it("shows the copy's figure with its age while the provider is down", async () => {
    await giveKey();
    await as("viewer");
    const fresh = await call(getBalances, "/api/balances");
    const synced = (fresh.body.synced as { syncedAt: string }).syncedAt;
    await emu.control.setFaults({ path_prefix: "/v1/merchant/balance", error_status: 503 });
    const down = await call(getBalances, "/api/balances");
    expect(down.status).toBe(200);
    expect(down.body).toMatchObject({ data: fresh.body.data, synced: { kind: "merchant_balance", syncedAt: synced } });
  });
});

describe("GET /api/balances/moves", () => {
  it.each(ROLES)("gives a %s one page of moves from the local copy, newest first", async (role) => {
    await giveKey();
    await fillCopy({ organizationId: team.org.id, environment: "sandbox" }, ["balance_move"]);
    await as(role);
    const { status, body } = await call(getMoves, "/api/balances/moves?page=1");
    expect(status).toBe(200);
    const data = body.data as { rows: { amountUsd: string; createdAt: string }[]; page: number; total: number };
    expect(data.page).toBe(1);
    expect(data.rows.length).toBeGreaterThan(0);
    expect(data.rows.length).toBeLessThanOrEqual(20);
    const times = data.rows.map((r) => r.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(body).toMatchObject({ stale: false, synced: { kind: "balance_move", syncedAt: expect.any(String) } });
  });

  it("refuses a page that is not a positive number", async () => {
    await as("viewer");
    const { status, body } = await call(getMoves, "/api/balances/moves?page=0");
    expect(status).toBe(400);
    expect(body).toMatchObject({ error: "Some filters need attention.", fieldErrors: { page: "Page must be 1 or more." } });
  });
});

describe("GET /api/balances/history", () => {
  it("derives the series from the provider's moves and the stored events, ending at the current balances", async () => {
    await giveKey();
    await as("viewer");
    const now = new Date();
    // A deposit the intake stored two days ago credited the collection balance.
    await testDb().webhookEvent.create({
      data: {
        organizationId: team.org.id,
        environment: "sandbox",
        surface: "core",
        name: "deposit.completed",
        receivedName: "deposit.completed",
        dedupeKey: randomUUID(),
        resourceType: "deposit",
        resourceId: "dep-1",
        resourceStatus: "COMPLETED",
        payload: {
          event: "deposit.completed",
          data: {
            id: "dep-1",
            type: "CRYPTO_DEPOSIT",
            customer_id: "c1",
            settlement_mode: "INTERNAL_BALANCE",
            settled_amount: "250.00",
            settled_currency: "USD",
          },
        },
        headers: {},
        signature: "current",
        occurredAt: new Date(now.getTime() - 2 * 86_400_000),
      },
    });
    const current = (await call(getBalances, "/api/balances")).body.data as { collectionUsd: string; withdrawalUsd: string };
    const { status, body } = await call(getHistory, "/api/balances/history?range=7d");
    expect(status).toBe(200);
    const series = body.data as { points: { at: string; collectionUsd: string; withdrawalUsd: string }[]; changes: number };
    const last = series.points.at(-1)!;
    expect(last).toMatchObject({ collectionUsd: current.collectionUsd, withdrawalUsd: current.withdrawalUsd });
    expect(series.changes).toBeGreaterThanOrEqual(1);
    const before = series.points.findLast((p) => new Date(p.at) < new Date(now.getTime() - 2 * 86_400_000));
    const after = series.points.find((p) => new Date(p.at).getTime() === now.getTime() - 2 * 86_400_000);
    expect(before && after).toBeTruthy();
    expect(new Decimal(after!.collectionUsd).minus(before!.collectionUsd).toFixed(2)).toBe("250.00");
  });

  it("refuses an unknown range with a sentence", async () => {
    await as("viewer");
    const { status, body } = await call(getHistory, "/api/balances/history?range=1y");
    expect(status).toBe(400);
    expect(body).toMatchObject({ fieldErrors: { range: "Choose a range of 7d, 30d or 90d." } });
  });
});

describe("GET /api/balances/overview", () => {
  it.each(ROLES)("gives a %s every figure; deposits today are counted per status", async (role) => {
    await giveKey();
    await fillCopy({ organizationId: team.org.id, environment: "sandbox" }, ["deposit"]);
    await as(role);
    const { status, body } = await call(getOverview, "/api/balances/overview");
    expect(status).toBe(200);
    expect(body).toMatchObject({
      balances: { ok: true },
      depositsToday: { ok: true },
      inReview: { ok: true },
      pendingApprovals: { ok: true, data: { count: 0, scope: role === "approver" || role === "admin" ? "for_you" : "yours" } },
    });
    const today = body.depositsToday as { data: { counts: { status: string; count: number }[]; total: number; date: string } };
    expect(today.data.date).toBe(new Date().toISOString().slice(0, 10));
    expect(today.data.counts.map((c) => c.status).slice(0, 5)).toEqual(["RECEIVED", "PROCESSING", "REQUIRES_REVIEW", "COMPLETED", "FAILED"]);
    expect(today.data.counts.reduce((a, c) => a + c.count, 0)).toBe(today.data.total);
    const review = await emu.request("/v1/deposits?status=REQUIRES_REVIEW&limit=1");
    expect((body.inReview as { data: { count: number } }).data.count).toBe(((await review.json()) as { total: number }).total);
  });

  it("says so while the copy has not read the deposits yet, then shows their figures from it with its age while the provider is down", async () => {
    await giveKey();
    await as("viewer");
    // The copy has never read the deposits yet: those figures say so, the balances still show.
    const first = await call(getOverview, "/api/balances/overview");
    expect(first.body).toMatchObject({
      balances: { ok: true },
      depositsToday: { ok: false, error: expect.stringMatching(/still being read from the provider/) },
      inReview: { ok: false },
    });
    // The provider down for deposits: their figures come from the copy, with its age.
    await fillCopy({ organizationId: team.org.id, environment: "sandbox" }, ["deposit"]);
    await emu.control.setFaults({ path_prefix: "/v1/deposits", error_status: 503 });
    const { status, body } = await call(getOverview, "/api/balances/overview");
    expect(status).toBe(200);
    expect(body).toMatchObject({ balances: { ok: true }, depositsToday: { ok: true, stale: false }, inReview: { ok: true } });
    expect(new Date((body.depositsToday as { fetchedAt: string }).fetchedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it("counts approvals waiting for an approver (never their own), and for others their own waiting requests", async () => {
    await giveKey();
    const base = {
      organizationId: team.org.id,
      environment: "sandbox" as const,
      kind: "balance_move",
      payload: { amount_usd: "5.00" },
      summary: "Move",
      amount: "5",
      currency: "USD",
      expiresAt: new Date(Date.now() + 3_600_000),
    };
    await testDb().approvalRequest.createMany({
      data: [
        { ...base, attemptKey: randomUUID(), requestedById: team.operator.id },
        { ...base, attemptKey: randomUUID(), requestedById: team.approver.id },
        { ...base, attemptKey: randomUUID(), requestedById: team.operator.id, status: "sent" },
        { ...base, attemptKey: randomUUID(), requestedById: team.operator.id, expiresAt: new Date(Date.now() - 1000) },
      ],
    });
    await as("approver");
    expect(((await call(getOverview, "/api/balances/overview")).body.pendingApprovals as { data: { count: number } }).data.count).toBe(1);
    await as("operator");
    expect((await call(getOverview, "/api/balances/overview")).body.pendingApprovals).toMatchObject({ ok: true, data: { count: 1, scope: "yours" } });
    await as("viewer");
    expect((await call(getOverview, "/api/balances/overview")).body.pendingApprovals).toMatchObject({ ok: true, data: { count: 0, scope: "yours" } });
  });
});
