/**
 * The core writes the app's pages do not use (legacy onramps and offramps, the balance-withdraw
 * alias), through the typed client against the sandbox emulator: each is reachable, parses with its
 * schema, is recorded in the idempotency ledger and is never re-sent by itself.
 */
import Decimal from "decimal.js";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SEED_KEYS } from "@/emulator/lib/seed-data";
import { withEmulator, type TestEmulator } from "@/emulator/testing";
import { testDb } from "@/test/factories";
import type { SurfaceCtx } from "./call";
import * as core from "./core";
import { UpstreamError } from "./errors";
import { countingFetch, emulatorClient, fixedKeys } from "./testing";

let emu: TestEmulator;
beforeAll(async () => {
  emu = await withEmulator({ rateLimitPerMinute: 0, logLevel: "silent" });
});
afterAll(async () => {
  await emu.close();
});
beforeEach(async () => {
  await emu.control.clearFaults();
});

function rig() {
  const net = countingFetch();
  const client = emulatorClient(testDb(), emu.url, fixedKeys({ core: SEED_KEYS.full }), { fetch: net.fetch, budgetLimit: 100_000, retry: { baseDelayMs: 20, maxDelayMs: 100 } });
  const ctx: SurfaceCtx = { client, organizationId: randomUUID(), environment: "sandbox" };
  return { ctx, net };
}

async function failure(p: Promise<unknown>): Promise<UpstreamError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  if (!(e instanceof UpstreamError)) throw new Error(`expected an UpstreamError, got ${String(e)}`);
  return e;
}

const customerId = async (ctx: SurfaceCtx) => (await core.listCustomers(ctx, {}, { cache: false })).data.data[0]!.id;
const ledgerRow = (attemptKey: string) => testDb().idempotencyRecord.findFirstOrThrow({ where: { attemptKey } });

describe("legacy onramps and offramps", () => {
  it("creates a temporary onramp with its virtual account, as the list and the detail then show it", async () => {
    const { ctx, net } = rig();
    const attempt = { attemptKey: randomUUID() };
    const r = await core.createOnramp(ctx, { type: "TEMPORARY", customer_id: await customerId(ctx), amount: "5000", settlement: { mode: "INTERNAL_BALANCE" } }, attempt);
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
      { type: "TEMPORARY", customer_id: await customerId(ctx), chain: "POLYGON", asset: "USDT", settlement: { mode: "NGN_PAYOUT", rate_id: rateId, destination_bank: { account_number: "0690000031", bank_code: "044" } } },
      { attemptKey: randomUUID() },
    );
    expect(r.data).toMatchObject({ type: "TEMPORARY", chain: "POLYGON", asset: "USDT", status: "ACTIVE", settlement: { mode: "NGN_PAYOUT", rate_id: rateId, destination_bank: { account_name: "Adaeze Okonkwo", bank_code: "044" } } });
    expect(r.data.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
  });

  it("puts the provider's refusals on the fields", async () => {
    const { ctx } = rig();
    const e = await failure(core.createOfframp(ctx, { type: "TEMPORARY", customer_id: randomUUID(), chain: "POLYGON", asset: "USDT", settlement: { mode: "INTERNAL_BALANCE" } }, { attemptKey: randomUUID() }));
    expect(e.status).toBe(400);
    expect(Object.keys(e.fieldErrors)).toEqual(expect.arrayContaining(["customer_id", "settlement.mode"]));
  });

  it("is never re-sent by itself", async () => {
    const { ctx, net } = rig();
    await emu.control.setFaults({ path_prefix: "/v1/onramps", method: "POST", error_status: 500, times: 1 });
    await failure(core.createOnramp(ctx, { type: "PERMANENT", customer_id: await customerId(ctx), settlement: { mode: "INTERNAL_BALANCE" } }, { attemptKey: randomUUID() }));
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
    expect(w.data).toMatchObject({ id: r.data.data.transaction_id, amount_usd: "25.00", fee_usd: "1.00", status: "PENDING", destination_address: body.destination_address });
    const after = (await core.getMerchantBalance(ctx, { cache: false })).data.data.withdrawal_balance_usd;
    expect(new Decimal(before).minus(after).toFixed(2)).toBe("26.00");
  });

  it("is never re-sent by itself", async () => {
    const { ctx, net } = rig();
    await emu.control.setFaults({ path_prefix: "/v1/merchant/balance/withdraw", error_status: 500, times: 1 });
    const e = await failure(core.withdrawFromBalance(ctx, { amount_usd: "25.00", token: "USDT", chain: "POLYGON", destination_address: "0x4444444444444444444444444444444444444444" }, { attemptKey: randomUUID() }));
    expect(net.count((c) => c.method === "POST")).toBe(1);
    expect(e.userMessage).toMatch(/outcome is unknown/);
  });
});
