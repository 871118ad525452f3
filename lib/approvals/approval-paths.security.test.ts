/**
 * Security: one approval check for every path that moves money or changes where it goes. Each
 * test is an attack by one person inside the team, against a real PostgreSQL and emulator: they
 * must end with a request waiting in the Approvals inbox and nothing changed at the provider,
 * until a second person approves.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SEED_KEYS, type TestEmulator } from "@/emulator/testing";
import { GET as getAccount } from "@/app/api/funding-accounts/[id]/route";
import { GET as getCustomers } from "@/app/api/customers/route";
import { fillCopy } from "@/test/ledger";
import { GET as getRates } from "@/app/api/rates/route";
import { approveRequest } from "@/lib/approvals/approve-request";
import { createFundingAccount } from "@/lib/funding-accounts/create-funding-account";
import { placeCoinsOrder } from "@/lib/coins/place-order";
import { placeProOrder } from "@/lib/pro/place-order";
import { quoteProOrder } from "@/lib/pro/quote-order";
import { replaceProOrder } from "@/lib/pro/replace-order";
import { setSettlementDestination } from "@/lib/settlement/set-destination";
import { setAccountSettlementDestination } from "@/lib/funding-accounts/set-settlement-destination";
import { testDb } from "@/test/factories";
import { signOutTest } from "@/test/session";
import { createTeamWithKey, signInAsMember, startSandbox, storeApiKey, type Team } from "@/test/fixtures";

let emu: TestEmulator;
let team: Team;
const as = (who: "viewer" | "operator" | "approver" | "admin") => signInAsMember(team, who);

async function call<T>(
  handler: (r: Request, c?: { params?: Promise<Record<string, string>> }) => Promise<Response>,
  path: string,
  params?: Record<string, string>,
): Promise<T> {
  const res = await handler(new Request(`http://app.test${path}`), params ? { params: Promise.resolve(params) } : undefined);
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}
const pending = () => testDb().approvalRequest.findMany({ where: { organizationId: team.org.id, status: "pending" } });

/** A second person approves; answers what the provider said. */
async function approve(approvalId: string): Promise<{ resourceId: string }> {
  await as("approver");
  const a = await approveRequest({ requestId: approvalId });
  if (!a.ok || a.data.status !== "sent") throw new Error(JSON.stringify(a));
  const row = await testDb().approvalRequest.findUniqueOrThrow({ where: { id: approvalId } });
  return (row.result as { response: { resourceId: string } }).response;
}

beforeAll(async () => {
  emu = await startSandbox();
});
afterAll(() => emu.close());

beforeEach(async () => {
  team = await createTeamWithKey();
  await storeApiKey(team, { surface: "pro", key: SEED_KEYS.pro });
  await storeApiKey(team, { surface: "coins" });
  signOutTest();
});

describe("replacing a Pro order is judged on its new size like a new order", () => {
  const providerOrder = async (id: string) =>
    ((await (await emu.request(`/pro/public/v1/orders/${id}`, { apiKey: SEED_KEYS.pro })).json()) as { data: { requested_quantity: string } }).data;

  it("a small order replaced with a large one waits for approval; the provider keeps the small one until then", async () => {
    await testDb().approvalThreshold.create({ data: { organizationId: team.org.id, kind: "pro_order", currency: "USD", amount: "5" } });
    await as("operator");
    const ticket = { symbol: "USDT-NGN", side: "buy", type: "limit", price: "1000.00", quantity: "2" } as const;
    const q = await quoteProOrder(ticket);
    if (!q.ok) throw new Error(JSON.stringify(q));
    const placed = await placeProOrder({ ...ticket, attemptKey: randomUUID(), client_order_id: q.data.client_order_id!, max_taker_fee: q.data.estimated_fee! });
    if (!placed.ok || placed.data.outcome !== "placed") throw new Error(JSON.stringify(placed));
    const orderId = placed.data.orderId;
    await emu.control.advance(10_000);

    const attemptKey = randomUUID();
    const r = await replaceProOrder({ orderId, attemptKey, quantity: "20" });
    if (!r.ok) throw new Error(JSON.stringify(r));
    expect(r.data).toMatchObject({
      outcome: "pending_approval",
      summary: `Replace order ${orderId.slice(0, 8)}: buy USD 20.00 on USD-NGN, limit at ₦1,000.00`,
    });
    expect((await providerOrder(orderId)).requested_quantity).toBe("2.00000000");
    expect(await pending()).toMatchObject([{ kind: "pro_order_replace", amount: expect.anything(), currency: "USD", requestedById: team.operator.id }]);
    // The same form again is the same request, not a second one.
    expect(await replaceProOrder({ orderId, attemptKey, quantity: "20" })).toMatchObject({ ok: true, data: { outcome: "pending_approval" } });
    expect(await pending()).toHaveLength(1);

    const [request] = await pending();
    await approve(request!.id);
    expect((await providerOrder(orderId)).requested_quantity).toBe("20.00000000");
  });
});

describe("where deposits settle is a second person's decision", () => {
  async function customerId(): Promise<string> {
    await fillCopy({ organizationId: team.org.id, environment: "sandbox" }, ["customer"]);
    const { customers } = await call<{ customers: { id: string; email: string }[] }>(getCustomers, "/api/customers");
    return customers.find((c) => c.email !== "provisioning.fail@sandbox.test")!.id;
  }
  const sellRate = async () => (await call<{ rateId: string }>(getRates, "/api/rates?to=USDC&side=SELL")).rateId;
  const settlement = async (id: string) =>
    (await call<{ account: { settlement_destination: { type: string } } }>(getAccount, `/api/funding-accounts/${id}`, { id })).account.settlement_destination;

  /** Asks for a permanent USDC crypto-address account for a seeded customer, settling as `fields` say. */
  const newUsdcAccount = async (
    fields: Omit<Exclude<Parameters<typeof createFundingAccount>[0], FormData>, "attemptKey" | "customer_id" | "rail" | "type" | "asset">,
  ) => createFundingAccount({ attemptKey: randomUUID(), customer_id: await customerId(), rail: "CRYPTO_ADDRESS", type: "PERMANENT", asset: "USDC", ...fields });

  async function internalAccount(): Promise<string> {
    const r = await newUsdcAccount({ chain: "BASE", settlement_type: "INTERNAL_BALANCE" });
    if (!r.ok || r.data.status !== "created") throw new Error(JSON.stringify(r));
    await emu.control.advance(3_000);
    return r.data.id;
  }
  /** Asks for the account's deposits to be paid out to the seeded NGN bank account, at a current sell rate. */
  async function toNgnPayout(id: string) {
    return setAccountSettlementDestination({
      attemptKey: randomUUID(),
      funding_account_id: id,
      settlement_type: "NGN_PAYOUT",
      rate_id: await sellRate(),
      bank_code: "044",
      account_number: "0690000033",
      account_name: "Chinedu Eze",
    });
  }
  /** The change waits for a second person with this summary, the account still settling to the balance; once approved, it applies. */
  async function expectHeldUntilApproved(id: string, r: Awaited<ReturnType<typeof setAccountSettlementDestination>>, summary: string, applied: string) {
    if (!r.ok) throw new Error(JSON.stringify(r));
    expect(r.data.pendingApproval?.summary).toContain(summary);
    expect((await settlement(id)).type).toBe("INTERNAL_BALANCE");
    await approve(r.data.pendingApproval!.approvalId);
    await as("operator");
    expect((await settlement(id)).type).toBe(applied);
  }

  it("an account's deposits redirected to an NGN payout account wait for approval, shown with the holder the bank resolved", async () => {
    await as("operator");
    const id = await internalAccount();
    await expectHeldUntilApproved(id, await toNgnPayout(id), "the NGN payout account 0690000033 at bank 044, held by Chinedu Eze", "NGN_PAYOUT");
  });

  it("an account's deposits redirected to an on-chain address wait for approval, shown with the address and chain", async () => {
    await as("operator");
    const r0 = await createFundingAccount({
      attemptKey: randomUUID(),
      customer_id: await customerId(),
      rail: "NGN_VIRTUAL_ACCOUNT",
      type: "PERMANENT",
      settlement_type: "INTERNAL_BALANCE",
    });
    if (!r0.ok || r0.data.status !== "created") throw new Error(JSON.stringify(r0));
    const id = r0.data.id;
    await emu.control.advance(3_000);
    const address = "0x52908400098527886E0F7030069857D2E4169EE7";
    const buy = (await call<{ rateId: string }>(getRates, "/api/rates?to=USDT&side=BUY")).rateId;
    const r = await setAccountSettlementDestination({
      attemptKey: randomUUID(),
      funding_account_id: id,
      settlement_type: "ONCHAIN",
      rate_id: buy,
      destination_asset: "USDT",
      destination_chain: "BASE",
      destination_address: address,
    });
    await expectHeldUntilApproved(id, r, `the USDT address ${address} on BASE`, "ONCHAIN");
  });

  it("moving back to the internal balance tightens and applies at once", async () => {
    await as("operator");
    const id = await internalAccount();
    const r = await toNgnPayout(id);
    if (!r.ok) throw new Error(JSON.stringify(r));
    await approve(r.data.pendingApproval!.approvalId);
    await as("operator");
    const back = await setAccountSettlementDestination({ attemptKey: randomUUID(), funding_account_id: id, settlement_type: "INTERNAL_BALANCE" });
    expect(back).toEqual({ ok: true, data: { id, replayed: false } });
    expect((await settlement(id)).type).toBe("INTERNAL_BALANCE");
  });

  it("a new funding account settling to an NGN payout account waits for approval; one settling internally opens at once", async () => {
    await as("operator");
    const before = await testDb().approvalRequest.count({ where: { organizationId: team.org.id } });
    const r = await newUsdcAccount({
      chain: "POLYGON",
      settlement_type: "NGN_PAYOUT",
      rate_id: await sellRate(),
      bank_code: "044",
      account_number: "0690000031",
      account_name: "Adaeze Okonkwo",
    });
    if (!r.ok || r.data.status !== "pending_approval") throw new Error(JSON.stringify(r));
    expect(r.data.summary).toContain("held by Adaeze Okonkwo");
    const { resourceId } = await approve(r.data.approvalId);
    await as("operator");
    expect((await settlement(resourceId)).type).toBe("NGN_PAYOUT");
    await internalAccount();
    expect(await testDb().approvalRequest.count({ where: { organizationId: team.org.id } })).toBe(before + 1);
  });

  it("the merchant's NGN deposits kept in naira wait for approval; back to the default applies at once", async () => {
    const setting = async () =>
      ((await (await emu.request("/v1/merchant/funding")).json()) as { data: { ngn_settlement_destination: string } }).data.ngn_settlement_destination;
    await emu.request("/v1/merchant/funding/settlement-destination", { method: "PATCH", json: { ngn_settlement_destination: "USD_BALANCE" } });
    await as("admin");
    const r = await setSettlementDestination({ attemptKey: randomUUID(), destination: "NGN_BALANCE", confirmation: "NGN_BALANCE" });
    if (!r.ok) throw new Error(JSON.stringify(r));
    expect(r.data).toMatchObject({
      changed: false,
      pendingApproval: { summary: "Settle future NGN deposits to the NGN withdrawal balance (now: USD withdrawal balance)" },
    });
    expect(await setting()).toBe("USD_BALANCE");
    await approve(r.data.pendingApproval!.approvalId);
    expect(await setting()).toBe("NGN_BALANCE");
    await as("admin");
    expect(await setSettlementDestination({ attemptKey: randomUUID(), destination: "USD_BALANCE", confirmation: "USD_BALANCE" })).toEqual({
      ok: true,
      data: { destination: "USD_BALANCE", changed: true },
    });
    expect(await setting()).toBe("USD_BALANCE");
  });
});

describe("a Coins order goes through the approval check", () => {
  it("an order with no limit for its currency waits for approval (deny by default) and is placed on approval", async () => {
    await as("operator");
    const r = await placeCoinsOrder({ side: "buy", market: "BTC-NGN", amount: "2500.00", attemptKey: randomUUID() });
    if (!r.ok) throw new Error(JSON.stringify(r));
    expect(r.data).toMatchObject({ outcome: "pending_approval", summary: "Buy BTC with ₦2,500.00 on BTC-NGN" });
    const { resourceId } = await approve((r.data as { approvalId: string }).approvalId);
    expect(resourceId).toMatch(/^[0-9a-f-]{36}$/);
  });
});
