/**
 * The client against a real emulator and a real PostgreSQL, with injected faults: timeouts, 500s,
 * 503s, 429 storms, malformed JSON, a write retried after a timeout, double submits, coalescing;
 * and the core writes the app's pages do not use (legacy onramps and offramps, the balance-withdraw
 * alias): reachable, parsed, in the ledger, never re-sent by themselves.
 */
import Decimal from "decimal.js";
import { randomUUID } from "node:crypto";
import { PrismaPg } from "@prisma/adapter-pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { SEED_KEYS, withEmulator, type TestEmulator } from "@/emulator/testing";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { testDb } from "@/test/factories";
import * as coins from "./coins";
import * as core from "./core";
import { PROVIDER_DOWN, UpstreamError } from "./errors";
import { withPriority } from "./priority";
import { ALWAYS_ASK, type UpstreamClient, type UpstreamClientOptions } from "./http";
import { LedgerError } from "./ledger";
import * as pro from "./pro";
import * as stocks from "./stocks";
import { countingFetch, emulatorClient, fixedKeys, type CountingFetch } from "./testing";
import type { UpstreamSurface } from "./types";
import type { SurfaceCtx } from "./call";

let emu: TestEmulator;
const DEMO_KEYS: Partial<Record<UpstreamSurface, string>> = {
  core: SEED_KEYS.full,
  coins: SEED_KEYS.full,
  stocks: SEED_KEYS.full,
  pro: "daya_sk_demo_pro_5c8e1f4a9b2d",
};

beforeAll(async () => {
  emu = await withEmulator({ rateLimitPerMinute: 0, logLevel: "silent" });
});
afterAll(async () => {
  await emu.close();
});
beforeEach(async () => {
  await emu.control.clearFaults();
});

interface Rig {
  client: UpstreamClient;
  net: CountingFetch;
  ctx: SurfaceCtx;
  logs: string[];
}

/** A client with a counting fetch, a log capture, fast retries and a fresh tenant (so no shared cache). */
function rig(opts: Partial<UpstreamClientOptions> = {}, keys = DEMO_KEYS): Rig {
  const net = countingFetch();
  const logs: string[] = [];
  const capture = (obj: object, msg?: string) => logs.push(`${msg ?? ""} ${JSON.stringify(obj)}`);
  const client = emulatorClient(testDb(), emu.url, fixedKeys(keys), {
    fetch: net.fetch,
    budgetLimit: 100_000, // the shared-budget tests below set their own
    retry: { baseDelayMs: 20, maxDelayMs: 100 },
    readTimeoutMs: 400,
    writeTimeoutMs: 600,
    logger: { debug: capture, info: capture, warn: capture, error: capture },
    ...opts,
  });
  return { client, net, logs, ctx: { client, organizationId: randomUUID(), environment: "sandbox" } };
}

/** A new demo-merchant key in the emulator, so a budget test's count starts at zero. */
async function keyOfItsOwn(label: string): Promise<string> {
  const key = `sk_sandbox_${label}_${randomUUID().replace(/-/g, "").slice(0, 12)}`;
  const res = await fetch(`${emu.url}/__emulator/keys`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ merchant_id: "7b1d5c1e-0000-4000-8000-000000000001", scopes: ["Read", "Write", "Trade"], key }),
  });
  expect(res.status).toBe(201);
  return key;
}

const isUpstreamError = (e: unknown): e is UpstreamError => e instanceof UpstreamError;
async function failure(p: Promise<unknown>): Promise<UpstreamError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  if (!isUpstreamError(e)) throw new Error(`expected an UpstreamError, got ${String(e)}`);
  return e;
}

describe("every endpoint's answer from the sandbox parses with its schema", () => {
  it("core, Coins, Stocks and Pro reads", async () => {
    const { ctx } = rig();
    const nc = { cache: false } as const;
    const banks = await core.listBanks(ctx, nc);
    expect(banks.data.data.length).toBeGreaterThan(0);
    const customers = await core.listCustomers(ctx, {}, nc);
    const customerId = customers.data.data[0]!.id;
    await core.getCustomer(ctx, customerId, nc);
    await core.getRate(ctx, { from: "NGN", to: "USDC", side: "BUY" }, nc);
    const fas = await core.listFundingAccounts(ctx, {}, nc);
    if (fas.data.data[0]) await core.getFundingAccount(ctx, fas.data.data[0].id, nc);
    const deposits = await core.listDeposits(ctx, { limit: 100 }, nc);
    if (deposits.data.data[0]) await core.getDeposit(ctx, deposits.data.data[0].id, nc);
    const recipients = await core.listRecipients(ctx, {}, nc);
    if (recipients.data.data[0]) await core.getRecipient(ctx, recipients.data.data[0].id, nc);
    const transfers = await core.listTransfers(ctx, {}, nc);
    if (transfers.data.data[0]) await core.getTransfer(ctx, transfers.data.data[0].id, nc);
    await core.getMerchantBalance(ctx, nc);
    await core.listBalanceTransfers(ctx, {}, nc);
    const wds = await core.listMerchantWithdrawals(ctx, {}, nc);
    if (wds.data.data[0]) await core.getMerchantWithdrawal(ctx, wds.data.data[0].id, nc);
    await core.getMerchantFunding(ctx, nc);
    const payouts = await core.listPayouts(ctx, {}, nc);
    if (payouts.data.data[0]) await core.getPayout(ctx, payouts.data.data[0].id, nc);
    const onramps = await core.listOnramps(ctx, {}, nc);
    if (onramps.data.data[0]) await core.getOnramp(ctx, onramps.data.data[0].id, nc);
    const offramps = await core.listOfframps(ctx, {}, nc);
    if (offramps.data.data[0]) await core.getOfframp(ctx, offramps.data.data[0].id, nc);

    const markets = await coins.listMarkets(ctx, {}, nc);
    expect(markets.data.markets.length).toBeGreaterThan(0);
    const orders = await coins.listOrders(ctx, {}, nc);
    if (orders.data.orders[0]) await coins.getOrder(ctx, orders.data.orders[0].id, nc);
    await coins.listBalances(ctx, nc);
    await coins.listTransactions(ctx, {}, nc);
    await coins.getPortfolio(ctx, nc);
    await coins.listWithdrawalAssets(ctx, nc);
    await coins.listWithdrawalAddresses(ctx, {}, nc);
    await coins.listCryptoWithdrawals(ctx, {}, nc);
    await coins.listFiatWithdrawals(ctx, {}, nc);
    await coins.listFiatDepositOptions(ctx, nc);

    const assets = await stocks.listAssets(ctx, {}, nc);
    await stocks.getAsset(ctx, assets.data.assets[0]!.symbol, nc);
    await stocks.getPrices(ctx, {}, nc);
    await stocks.getPortfolio(ctx, nc);

    await pro.getBalances(ctx, nc);
    const open = await pro.listOpenOrders(ctx, {}, nc);
    const history = await pro.listOrderHistory(ctx, { limit: 5 }, nc);
    const anyOrder = open.data.orders[0] ?? history.data.orders[0];
    if (anyOrder) {
      await pro.getOrder(ctx, anyOrder.order_id, nc);
      await pro.listOrderTrades(ctx, anyOrder.order_id, nc);
    }
    await pro.listWebhooks(ctx, nc);
    await pro.getWithdrawalOptions(ctx, nc);
    await pro.quoteOrder(ctx, { symbol: "USDT-NGN", side: "buy", type: "market", quantity: "1" });
  });
});

describe("requests", () => {
  it("send the key, a fresh request id per call and JSON headers, and never log the key", async () => {
    const { ctx, net, logs } = rig();
    await core.getMerchantBalance(ctx, { cache: false });
    await core.getMerchantBalance(ctx, { cache: false });
    const [a, b] = net.calls;
    expect(a!.headers.get("x-api-key")).toBe(SEED_KEYS.full);
    expect(a!.headers.get("accept")).toBe("application/json");
    expect(a!.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(a!.headers.get("x-request-id")).not.toBe(b!.headers.get("x-request-id"));
    expect(a!.headers.get("x-idempotency-key")).toBeNull();
    expect(a!.url).toBe(`${emu.url}/v1/merchant/balance`);
    expect(logs.join("\n")).not.toContain(SEED_KEYS.full);
  });

  it("refuse with a sentence when no key is set, without calling out", async () => {
    const { ctx, net } = rig({}, { core: SEED_KEYS.full });
    const e = await failure(pro.getBalances(ctx));
    expect(e.userMessage).toBe("No API key is set for Pro in sandbox. An admin can add one under Settings → API keys.");
    expect(net.count()).toBe(0);
  });

  it("map the provider's real refusals: revoked key, missing scope, frozen merchant", async () => {
    const revoked = rig({}, { core: "sk_sandbox_not_a_real_key_123" });
    expect((await failure(core.getMerchantBalance(revoked.ctx))).kind).toBe("unauthorized");

    const readOnly = rig({}, { core: SEED_KEYS.readonly });
    const scope = await failure(core.transferBalance(readOnly.ctx, { amount_usd: "1.00" }, { attemptKey: randomUUID() }));
    expect(scope.missingScope).toBe("Write");
    expect(scope.userMessage).toContain("lacks the Write scope");

    const frozen = rig({}, { core: SEED_KEYS.frozen });
    const recipients = await core.listRecipients(frozen.ctx, {}, { cache: false });
    const r = recipients.data.data.find((x) => x.type === "BANK_ACCOUNT")!;
    const f = await failure(core.createTransfer(frozen.ctx, { recipient_id: r.id, currency: "NGN", amount: "1000.00" }, { attemptKey: randomUUID() }));
    expect(f.kind).toBe("frozen");
    expect(f.userMessage).toMatch(/frozen this merchant account/);
  });

  it("put the provider's field errors on the fields", async () => {
    const { ctx } = rig();
    const e = await failure(core.createTransfer(ctx, { currency: "NGN", amount: "abc" }, { attemptKey: randomUUID() }));
    expect(e.kind).toBe("validation");
    expect(Object.keys(e.fieldErrors)).toEqual(expect.arrayContaining(["amount", "recipient_id"]));
  });
});

describe("faults on reads", () => {
  it("a timeout is retried and the read succeeds", async () => {
    const { ctx, net } = rig();
    await emu.control.setFaults({ path_prefix: "/v1/banks", timeout: true, times: 1 });
    const r = await core.listBanks(ctx, { cache: false });
    expect(r.data.data.length).toBeGreaterThan(0);
    expect(net.count()).toBe(2);
  });

  it("500s are retried with backoff up to three attempts", async () => {
    const { ctx, net } = rig();
    await emu.control.setFaults({ path_prefix: "/v1/merchant/balance", error_status: 500, times: 2 });
    const r = await core.getMerchantBalance(ctx, { cache: false });
    expect(r.source).toBe("upstream");
    expect(net.count()).toBe(3);
  });

  it("a 503 that persists becomes the provider-down sentence (no cache to fall back on)", async () => {
    const { ctx, net } = rig();
    await emu.control.setFaults({ path_prefix: "/pro/public/v1/withdrawals", wallet_unavailable: true });
    const e = await failure(pro.getWithdrawalOptions(ctx));
    expect(e).toMatchObject({ kind: "unavailable", status: 503, userMessage: PROVIDER_DOWN });
    expect(net.count()).toBe(3);
  });

  it("when the provider is down, a cached answer is served stale with its fetch time", async () => {
    const { ctx } = rig();
    const fresh = await core.getMerchantBalance(ctx, { cache: { ttlMs: 1 } });
    expect(fresh).toMatchObject({ source: "upstream", stale: false });
    await new Promise((r) => setTimeout(r, 5));
    await emu.control.setFaults({ path_prefix: "/v1/merchant/balance", error_status: 503 });
    const stale = await core.getMerchantBalance(ctx, { cache: { ttlMs: 1 } });
    expect(stale).toMatchObject({ source: "cache", stale: true, data: fresh.data });
    expect(stale.fetchedAt.getTime()).toBe(fresh.fetchedAt.getTime());
  });

  it("a ALWAYS_ASK read always asks the provider, and shows its last answer, marked stale, when the provider fails", async () => {
    const { ctx, net } = rig();
    const first = await core.getMerchantBalance(ctx, { cache: ALWAYS_ASK });
    const second = await core.getMerchantBalance(ctx, { cache: ALWAYS_ASK });
    expect([first.source, second.source]).toEqual(["upstream", "upstream"]);
    expect(net.count()).toBe(2);
    await emu.control.setFaults({ path_prefix: "/v1/merchant/balance", error_status: 503 });
    const served = await core.getMerchantBalance(ctx, { cache: ALWAYS_ASK });
    expect(served).toMatchObject({ source: "cache", stale: true, data: second.data, fetchedAt: second.fetchedAt });
  });

  it("malformed JSON is retried and then parses", async () => {
    const { ctx, net } = rig();
    await emu.control.setFaults({ path_prefix: "/v1/banks", malformed_json: true, times: 1 });
    const r = await core.listBanks(ctx, { cache: false });
    expect(r.data.data.length).toBeGreaterThan(0);
    expect(net.count()).toBe(2);
  });

  it("a 429 storm: reads serve the cache with its age, uncached reads say when to retry, never a raw 429", async () => {
    const { ctx } = rig();
    const cached = await stocks.getPrices(ctx, {}, { cache: { ttlMs: 1 } });
    await new Promise((r) => setTimeout(r, 5));
    await emu.control.setFaults({ path_prefix: "/", rate_limit_storm: true, retry_after_seconds: 60 });
    const served = await stocks.getPrices(ctx, {}, { cache: { ttlMs: 1 } });
    expect(served).toMatchObject({ source: "cache", stale: true });
    expect(served.fetchedAt).toEqual(cached.fetchedAt);
    const e = await failure(stocks.getPortfolio(ctx, { cache: false }));
    expect(e.userMessage).toBe("The provider's request limit for this key is reached. Try again in 60 seconds.");
  });
});

describe("faults on writes", () => {
  async function bankRecipient(ctx: SurfaceCtx): Promise<string> {
    const list = await core.listRecipients(ctx, { limit: 100 }, { cache: false });
    return list.data.data.find((r) => r.type === "BANK_ACCOUNT")!.id;
  }
  const balance = async (ctx: SurfaceCtx) => (await core.getMerchantBalance(ctx, { cache: false })).data.data.withdrawal_balance_usd;

  it("a transfer whose first answer times out is retried with the same key and moves money once", async () => {
    const { ctx, net } = rig({ writeTimeoutMs: 300 });
    const recipientId = await bankRecipient(ctx);
    const before = await balance(ctx);
    const countBefore = (await core.listTransfers(ctx, { limit: 100 }, { cache: false })).data.total!;
    // The request reaches the handler after 800 ms, long after the client gave up on it.
    await emu.control.setFaults({ path_prefix: "/v1/transfers", method: "POST", latency_ms: 800, times: 1 });
    const attempt = { attemptKey: randomUUID() };
    const r = await core.createTransfer(
      ctx,
      { recipient_id: recipientId, currency: "NGN", amount: "1500.00", reference: `t-${attempt.attemptKey.slice(0, 8)}` },
      attempt,
    );
    expect(r.data.status).toBe("PROCESSING");

    const posts = net.calls.filter((c) => c.method === "POST");
    expect(posts.length).toBeGreaterThanOrEqual(2);
    expect(new Set(posts.map((c) => c.headers.get("x-idempotency-key"))).size).toBe(1);
    await new Promise((res) => setTimeout(res, 900)); // let the slow first request finish upstream
    const countAfter = (await core.listTransfers(ctx, { limit: 100 }, { cache: false })).data.total!;
    expect(countAfter).toBe(countBefore + 1);
    const after = await balance(ctx);
    expect(Number(before) - Number(after)).toBeCloseTo(Number(r.data.debit_amount), 2);
  });

  it("a double submit with the same attempt key creates one upstream transfer", async () => {
    const { ctx } = rig();
    const recipientId = await bankRecipient(ctx);
    const countBefore = (await core.listTransfers(ctx, { limit: 100 }, { cache: false })).data.total!;
    const attempt = { attemptKey: randomUUID() };
    const body = { recipient_id: recipientId, currency: "NGN", amount: "1200.00" };
    const [a, b] = await Promise.all([core.createTransfer(ctx, body, attempt), core.createTransfer(ctx, body, attempt)]);
    expect(a.data.id).toBe(b.data.id);
    // A later reload that submits again is answered from the ledger, without a call.
    const again = await core.createTransfer(ctx, body, attempt);
    expect(again).toMatchObject({ replayed: true, data: { id: a.data.id } });
    const countAfter = (await core.listTransfers(ctx, { limit: 100 }, { cache: false })).data.total!;
    expect(countAfter).toBe(countBefore + 1);
  });

  it("a malformed success answer is re-sent with the same key and replayed, not repeated", async () => {
    const { ctx, net } = rig();
    const recipientId = await bankRecipient(ctx);
    const countBefore = (await core.listTransfers(ctx, { limit: 100 }, { cache: false })).data.total!;
    await emu.control.setFaults({ path_prefix: "/v1/transfers", method: "POST", malformed_json: true, times: 1 });
    const r = await core.createTransfer(ctx, { recipient_id: recipientId, currency: "NGN", amount: "1100.00" }, { attemptKey: randomUUID() });
    expect(r.data.id).toBeTruthy();
    expect(net.count((c) => c.method === "POST")).toBe(2);
    expect((await core.listTransfers(ctx, { limit: 100 }, { cache: false })).data.total).toBe(countBefore + 1);
  });

  it("500s on a write with a key are retried; the ledger keeps the outcome", async () => {
    const { ctx, net } = rig();
    const recipientId = await bankRecipient(ctx);
    await emu.control.setFaults({ path_prefix: "/v1/transfers", method: "POST", error_status: 500, times: 1 });
    const attempt = { attemptKey: randomUUID() };
    const r = await core.createTransfer(ctx, { recipient_id: recipientId, currency: "NGN", amount: "1300.00" }, attempt);
    expect(net.count((c) => c.method === "POST")).toBe(2);
    const row = await testDb().idempotencyRecord.findFirstOrThrow({ where: { attemptKey: attempt.attemptKey } });
    expect(row.status).toBe("succeeded");
    expect((row.responseBody as { v: { id: string } }).v.id).toBe(r.data.id);
  });

  it("a write that gets only 503s says its outcome is unknown; resubmitting reuses the key", async () => {
    const { ctx, net } = rig();
    const recipientId = await bankRecipient(ctx);
    await emu.control.setFaults({ path_prefix: "/v1/transfers", method: "POST", error_status: 503 });
    const attempt = { attemptKey: randomUUID() };
    const body = { recipient_id: recipientId, currency: "NGN", amount: "1400.00" };
    const e = await failure(core.createTransfer(ctx, body, attempt));
    expect(e.outcome).toBe("unknown");
    expect(e.userMessage).toMatch(/outcome is unknown/);
    await emu.control.clearFaults();
    const r = await core.createTransfer(ctx, body, attempt);
    expect(r.data.id).toBeTruthy();
    expect(new Set(net.calls.filter((c) => c.method === "POST").map((c) => c.headers.get("x-idempotency-key"))).size).toBe(1);
  });

  it("a 429 storm on a write fails with the sentence, never a raw 429", async () => {
    const { ctx } = rig();
    const recipientId = await bankRecipient(ctx);
    await emu.control.setFaults({ path_prefix: "/v1/transfers", rate_limit_storm: true, retry_after_seconds: 120 });
    const e = await failure(core.createTransfer(ctx, { recipient_id: recipientId, currency: "NGN", amount: "1000.00" }, { attemptKey: randomUUID() }));
    expect(e.userMessage).toBe("The provider's request limit for this key is reached. Try again in 120 seconds.");
  });

  it("a write without a key the provider honours is never re-sent by itself", async () => {
    const { ctx, net } = rig();
    await emu.control.setFaults({ path_prefix: "/v1/merchant/balance/transfer", error_status: 500, times: 1 });
    const e = await failure(core.transferBalance(ctx, { amount_usd: "1.00" }, { attemptKey: randomUUID() }));
    expect(net.count((c) => c.method === "POST")).toBe(1);
    expect(e.userMessage).toBe("The provider did not confirm this request, so its outcome is unknown. Check the list for it before submitting again.");
  });

  it("the same attempt key with other values is refused with a sentence", async () => {
    const { ctx } = rig();
    const recipientId = await bankRecipient(ctx);
    await emu.control.setFaults({ path_prefix: "/v1/transfers", method: "POST", error_status: 503 });
    const attempt = { attemptKey: randomUUID() };
    await failure(core.createTransfer(ctx, { recipient_id: recipientId, currency: "NGN", amount: "1000.00" }, attempt));
    const e = await core.createTransfer(ctx, { recipient_id: recipientId, currency: "NGN", amount: "9000.00" }, attempt).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(LedgerError);
  });

  it("Pro orders carry the ledger key as client_order_id, so a retried placement is one order", async () => {
    const { ctx, net } = rig({ writeTimeoutMs: 300 });
    await emu.control.setFaults({ path_prefix: "/pro/public/v1/orders", method: "POST", latency_ms: 700, times: 1 });
    const before = (await pro.listOrderHistory(ctx, { limit: 1 }, { cache: false })).data.total_count!;
    const r = await pro.placeOrder(ctx, { symbol: "USDT-NGN", side: "buy", type: "market", quantity: "1" }, { attemptKey: randomUUID() });
    const posts = net.calls.filter((c) => c.method === "POST");
    expect(posts.length).toBeGreaterThanOrEqual(2);
    const ids = posts.map((c) => (JSON.parse(c.body!) as { client_order_id: string }).client_order_id);
    expect(new Set(ids).size).toBe(1);
    expect(r.data.client_order_id).toBe(ids[0]);
    await new Promise((res) => setTimeout(res, 800));
    expect((await pro.listOrderHistory(ctx, { limit: 1 }, { cache: false })).data.total_count).toBe(before + 1);
  });
});

describe("answers the app cannot read", () => {
  it("are refused with a sentence and a reference, and never cached", async () => {
    const { client, ctx, net } = rig();
    const strict = z.looseObject({ data: z.looseObject({ a_field_the_provider_dropped: z.string() }) });
    const base = {
      surface: "core" as const,
      environment: ctx.environment,
      organizationId: ctx.organizationId,
      method: "GET" as const,
      path: "/merchant/balance",
    };
    const e = await failure(client.request({ ...base, schema: strict }));
    expect(e).toMatchObject({ kind: "bad_response", code: "UNEXPECTED_SHAPE" });
    expect(e.userMessage).toMatch(/^The provider's answer was not in the form this app expects/);
    const ok = await core.getMerchantBalance(ctx);
    expect(ok.source).toBe("upstream");
    expect(net.count()).toBe(2);
  });
});

describe("coalescing, cache and the shared budget", () => {
  it("50 concurrent identical reads reach the provider once", async () => {
    const { ctx, net } = rig();
    const results = await Promise.all(Array.from({ length: 50 }, () => coins.listMarkets(ctx)));
    expect(net.count()).toBe(1);
    expect(new Set(results.map((r) => r.fetchedAt.getTime())).size).toBe(1);
  });

  it("a write makes the tenant's reads cached before it ask again, on every instance, and see the move", async () => {
    const { ctx, net } = rig();
    const before = await core.getMerchantBalance(ctx, { cache: { ttlMs: 60_000 } });
    // Another instance: its own client and memory, the same database and tenant.
    const other = rig();
    const otherCtx = { ...other.ctx, organizationId: ctx.organizationId };
    expect(await core.getMerchantBalance(otherCtx, { cache: { ttlMs: 60_000 } })).toMatchObject({ source: "cache", fetchedAt: before.fetchedAt });

    await core.transferBalance(ctx, { amount_usd: "1.00" }, { attemptKey: randomUUID() });
    const after = await core.getMerchantBalance(otherCtx, { cache: { ttlMs: 60_000 } });
    expect(after.source).toBe("upstream");
    expect(new Decimal(after.data.data.collection_balance_usd).toFixed(2)).toBe(new Decimal(before.data.data.collection_balance_usd).minus(1).toFixed(2));
    // That answer is fresh for everyone again: the first instance reads it from the cache.
    const reads = net.count();
    expect(await core.getMerchantBalance(ctx, { cache: { ttlMs: 60_000 } })).toMatchObject({ source: "cache", fetchedAt: after.fetchedAt });
    expect(net.count()).toBe(reads);
  });

  it("ALWAYS_ASK reads share a call in flight, unless it left before the tenant's last write", async () => {
    const { ctx, net } = rig();
    await Promise.all([core.listBanks(ctx, { cache: ALWAYS_ASK }), core.listBanks(ctx, { cache: ALWAYS_ASK }), core.listBanks(ctx, { cache: ALWAYS_ASK })]);
    expect(net.count()).toBe(1);

    // A slow read is out; a move completes meanwhile; a read asked after the move gets a call of its own.
    const before = await core.getMerchantBalance(ctx, { cache: false });
    await emu.control.setFaults({ path_prefix: "/v1/merchant/balance", method: "GET", latency_ms: 150, times: 1 });
    const early = core.getMerchantBalance(ctx, { cache: ALWAYS_ASK });
    await new Promise((r) => setTimeout(r, 20));
    await core.transferBalance(ctx, { amount_usd: "1.00" }, { attemptKey: randomUUID() });
    const [first, after] = await Promise.all([early, core.getMerchantBalance(ctx, { cache: ALWAYS_ASK })]);
    expect(after.fetchedAt.getTime()).toBeGreaterThan(first.fetchedAt.getTime());
    expect(new Decimal(after.data.data.collection_balance_usd).toFixed(2)).toBe(new Decimal(before.data.data.collection_balance_usd).minus(1).toFixed(2));
    expect(net.count((c) => c.method === "GET")).toBe(4);
  });

  it("a read never gets, as current, an answer that only a longer-lived read of the same path counts as fresh", async () => {
    let clock = Date.now();
    const { ctx, net } = rig({ now: () => clock });
    const first = await core.getMerchantBalance(ctx, { cache: { ttlMs: 30_000 } });
    clock += 15_000;
    // Both at once: the 30 s read answers from the 15 s old entry; the 10 s read must not share that.
    const [long, short] = await Promise.all([
      core.getMerchantBalance(ctx, { cache: { ttlMs: 30_000 } }),
      core.getMerchantBalance(ctx, { cache: { ttlMs: 10_000 } }),
    ]);
    expect(long).toMatchObject({ source: "cache", stale: false, fetchedAt: first.fetchedAt });
    expect(short).toMatchObject({ source: "upstream", stale: false });
    expect(clock - short.fetchedAt.getTime()).toBeLessThan(10_000);
    expect(net.count()).toBe(2);
  });

  it("another instance reads the shared cache instead of the provider while it is fresh", async () => {
    const a = rig();
    await core.listBanks(a.ctx, { cache: { ttlMs: 60_000 } });
    const otherDb = new PrismaClient({ adapter: new PrismaPg({ connectionString: process.env.DATABASE_URL! }) });
    try {
      const net = countingFetch();
      const b = emulatorClient(otherDb, emu.url, fixedKeys(DEMO_KEYS), { fetch: net.fetch, budgetLimit: 100_000 });
      const r = await core.listBanks({ ...a.ctx, client: b }, { cache: { ttlMs: 60_000 } });
      expect(r).toMatchObject({ source: "cache", stale: false });
      expect(net.count()).toBe(0);
    } finally {
      await otherDb.$disconnect();
    }
  });

  it("two instances share one budget: when it is spent, reads serve the cache and writes fail with a sentence", async () => {
    const key = await keyOfItsOwn("budget");
    const otherDb = new PrismaClient({ adapter: new PrismaPg({ connectionString: process.env.DATABASE_URL! }) });
    try {
      const keys = { core: key };
      const a = rig({ budgetLimit: 3, maxBudgetWaitMs: 0 }, keys);
      const netB = countingFetch();
      const b = emulatorClient(otherDb, emu.url, fixedKeys(keys), { fetch: netB.fetch, budgetLimit: 3, maxBudgetWaitMs: 0 });
      const ctxB: SurfaceCtx = { client: b, organizationId: a.ctx.organizationId, environment: "sandbox" };

      const cached = await core.getMerchantBalance(a.ctx, { cache: { ttlMs: 1 } }); // 1
      await core.listBanks(ctxB, { cache: false }); // 2 (other instance)
      await core.listBanks(a.ctx, { cache: false }); // 3
      await new Promise((r) => setTimeout(r, 5));
      const served = await core.getMerchantBalance(ctxB, { cache: { ttlMs: 1 } });
      expect(served).toMatchObject({ source: "cache", stale: true, fetchedAt: cached.fetchedAt });
      const e = await failure(core.transferBalance(a.ctx, { amount_usd: "1.00" }, { attemptKey: randomUUID() }));
      expect(e.userMessage).toMatch(/^The provider's request limit for this key is reached\. Try again in \d+ seconds?\.$/);
      expect(e.outcome).toBe("not_sent");
      expect(a.net.count() + netB.count()).toBe(3);
    } finally {
      await otherDb.$disconnect();
    }
  });

  it("refreshing aged reads leaves the last third of the minute to ALWAYS_ASK reads, reads with nothing to show and writes", async () => {
    const key = await keyOfItsOwn("reserve");
    // The shares alone, all in one instant: no pacing (budget.test.ts covers it).
    const { ctx, net } = rig({ budgetLimit: 10, maxBudgetWaitMs: 0, budgetPaceWindowMs: 60_000 }, { core: key });
    const aged = { cache: { ttlMs: 1 } };
    const tick = () => new Promise((r) => setTimeout(r, 3));
    await core.getMerchantBalance(ctx, aged); // 1: nothing cached yet
    // Refreshes of an aged answer take the budget up to 7 of 10 (35% is kept back), then show it.
    const refreshes = [];
    for (let i = 0; i < 9; i++) {
      await tick();
      refreshes.push(await core.getMerchantBalance(ctx, aged));
    }
    expect(refreshes.filter((r) => r.source === "upstream")).toHaveLength(6);
    expect(refreshes.at(-1)).toMatchObject({ source: "cache", stale: true });
    // The kept-back three: a ALWAYS_ASK read (the balance changed) and reads with no answer yet.
    expect((await core.getMerchantBalance(ctx, { cache: ALWAYS_ASK })).source).toBe("upstream");
    expect((await core.listBanks(ctx)).source).toBe("upstream");
    expect((await core.listBanks(ctx, { cache: false })).source).toBe("upstream");
    // Spent: a ALWAYS_ASK read falls back to its last answer, a read with none says when to retry.
    expect(await core.getMerchantBalance(ctx, { cache: ALWAYS_ASK })).toMatchObject({ source: "cache", stale: true });
    const e = await failure(core.listBanks(ctx, { cache: false }));
    expect(e.code).toBe("RATE_BUDGET_SPENT");
    expect(net.count()).toBe(10);
  });

  it("each call's log line names the class and the pace it took the budget under", async () => {
    const { ctx, logs } = rig();
    await withPriority("sweep", () => core.getMerchantBalance(ctx, { cache: false }));
    await core.getMerchantBalance(ctx, { cache: false });
    const calls = logs.filter((l) => l.startsWith("upstream call ")).map((l) => JSON.parse(l.slice("upstream call ".length)) as Record<string, unknown>);
    expect(calls.map((c) => [c.priority, c.paced])).toEqual([
      ["sweep", true],
      [null, false],
    ]);
  });

  it("a refused refresh is not asked of the budget again before its retry time: its cached answer is shown meanwhile", async () => {
    const key = await keyOfItsOwn("refused");
    let t = Date.now();
    const { ctx, net } = rig({ budgetLimit: 10, maxBudgetWaitMs: 0, budgetPaceWindowMs: 60_000, now: () => t }, { core: key });
    const aged = { cache: { ttlMs: 1 } };
    await core.getMerchantBalance(ctx, aged);
    for (let i = 0; i < 6; i++) {
      t += 5;
      expect((await core.getMerchantBalance(ctx, aged)).source).toBe("upstream");
    }
    const take = vi.spyOn(ctx.client.budget, "take");
    // The 7 of 10 refreshes may take are spent: the next is refused by the budget, the ones after
    // it are refused here, each showing the cached answer, until the minute has room again.
    for (let i = 0; i < 5; i++) {
      t += 5;
      expect(await core.getMerchantBalance(ctx, aged)).toMatchObject({ source: "cache", stale: true });
    }
    expect(take).toHaveBeenCalledTimes(1);
    // A read with nothing to show still asks the budget at once (and gets the kept-back third).
    expect((await core.listBanks(ctx)).source).toBe("upstream");
    expect(take).toHaveBeenCalledTimes(2);
    // Once the oldest second has left the window, a refresh asks again and reaches the provider.
    t += 61_000;
    expect((await core.getMerchantBalance(ctx, aged)).source).toBe("upstream");
    expect(take).toHaveBeenCalledTimes(3);
    expect(net.count()).toBe(9);
  });
});

const customerId = async (ctx: SurfaceCtx) => (await core.listCustomers(ctx, {}, { cache: false })).data.data[0]!.id;
const ledgerRow = (attemptKey: string) => testDb().idempotencyRecord.findFirstOrThrow({ where: { attemptKey } });

describe("legacy onramps and offramps", () => {
  it("creates a temporary onramp with its virtual account, as the list and the detail then show it", async () => {
    const { ctx, net } = rig();
    const attempt = { attemptKey: randomUUID() };
    const r = await core.createOnramp(
      ctx,
      { type: "TEMPORARY", customer_id: await customerId(ctx), amount: "5000", settlement: { mode: "INTERNAL_BALANCE" } },
      attempt,
    );
    expect(r.data).toMatchObject({ type: "TEMPORARY", currency: "NGN", amount: "5000.00", status: "ACTIVE", settlement: { mode: "INTERNAL_BALANCE" } });
    expect(r.data.virtual_account?.account_number).toMatch(/^\d{10}$/);
    expect(r.data.expires_at).toEqual(expect.any(String));
    expect((await core.getOnramp(ctx, r.data.id, { cache: false })).data.id).toBe(r.data.id);
    const post = net.calls.find((c) => c.method === "POST")!;
    expect(post.headers.get("x-idempotency-key")).toBe((await ledgerRow(attempt.attemptKey)).idempotencyKey);
    expect((await ledgerRow(attempt.attemptKey)).status).toBe("succeeded");
  });

  it("creates a temporary offramp paying out to a resolved bank account at a SELL rate", async () => {
    const { ctx } = rig();
    const rate = await core.getRate(ctx, { from: "NGN", to: "USDT", side: "SELL" }, { cache: false });
    const rateId = rate.data.rate_id;
    const r = await core.createOfframp(
      ctx,
      {
        type: "TEMPORARY",
        customer_id: await customerId(ctx),
        chain: "POLYGON",
        asset: "USDT",
        settlement: { mode: "NGN_PAYOUT", rate_id: rateId, destination_bank: { account_number: "0690000031", bank_code: "044" } },
      },
      { attemptKey: randomUUID() },
    );
    expect(r.data).toMatchObject({
      type: "TEMPORARY",
      chain: "POLYGON",
      asset: "USDT",
      status: "ACTIVE",
      settlement: { mode: "NGN_PAYOUT", rate_id: rateId, destination_bank: { account_name: "Adaeze Okonkwo", bank_code: "044" } },
    });
    expect(r.data.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
  });

  it("puts the provider's refusals on the fields", async () => {
    const { ctx } = rig();
    const e = await failure(
      core.createOfframp(
        ctx,
        { type: "TEMPORARY", customer_id: randomUUID(), chain: "POLYGON", asset: "USDT", settlement: { mode: "INTERNAL_BALANCE" } },
        { attemptKey: randomUUID() },
      ),
    );
    expect(e.status).toBe(400);
    expect(Object.keys(e.fieldErrors)).toEqual(expect.arrayContaining(["customer_id", "settlement.mode"]));
  });

  it("is never re-sent by itself", async () => {
    const { ctx, net } = rig();
    await emu.control.setFaults({ path_prefix: "/v1/onramps", method: "POST", error_status: 500, times: 1 });
    await failure(
      core.createOnramp(ctx, { type: "PERMANENT", customer_id: await customerId(ctx), settlement: { mode: "INTERNAL_BALANCE" } }, { attemptKey: randomUUID() }),
    );
    expect(net.count((c) => c.method === "POST")).toBe(1);
  });
});

describe("withdraw from the balance (the spec's alias of a merchant withdrawal)", () => {
  it("creates a withdrawal that draws amount plus fee, readable as a merchant withdrawal", async () => {
    const { ctx } = rig();
    const before = (await core.getMerchantBalance(ctx, { cache: false })).data.data.withdrawal_balance_usd;
    const body = { amount_usd: "25.00", token: "USDT", chain: "POLYGON", destination_address: "0x4444444444444444444444444444444444444444" };
    const r = await core.withdrawFromBalance(ctx, body, { attemptKey: randomUUID() });
    const w = await core.getMerchantWithdrawal(ctx, r.data.data.transaction_id, { cache: false });
    expect(w.data).toMatchObject({
      id: r.data.data.transaction_id,
      amount_usd: "25.00",
      fee_usd: "1.00",
      status: "PENDING",
      destination_address: body.destination_address,
    });
    const after = (await core.getMerchantBalance(ctx, { cache: false })).data.data.withdrawal_balance_usd;
    expect(new Decimal(before).minus(after).toFixed(2)).toBe("26.00");
  });

  it("is never re-sent by itself", async () => {
    const { ctx, net } = rig();
    await emu.control.setFaults({ path_prefix: "/v1/merchant/balance/withdraw", error_status: 500, times: 1 });
    const e = await failure(
      core.withdrawFromBalance(
        ctx,
        { amount_usd: "25.00", token: "USDT", chain: "POLYGON", destination_address: "0x4444444444444444444444444444444444444444" },
        { attemptKey: randomUUID() },
      ),
    );
    expect(net.count((c) => c.method === "POST")).toBe(1);
    expect(e.userMessage).toMatch(/outcome is unknown/);
  });
});
