/**
 * The funding-account actions and read routes against a real PostgreSQL and real emulators (a
 * sandbox one, and a live-mode one standing in for production), called directly as each role.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { SEED_KEYS, withEmulator, type TestEmulator } from "@/emulator/testing";
import { GET as getRates } from "@/app/api/rates/route";
import { GET as getCustomers } from "@/app/api/customers/route";
import { GET as getBanks } from "@/app/api/banks/route";
import { GET as listAccounts } from "@/app/api/funding-accounts/route";
import { GET as getAccount } from "@/app/api/funding-accounts/[id]/route";
import { GET as getDeposits } from "@/app/api/funding-accounts/[id]/deposits/route";
import { approveRequest } from "@/lib/approvals/approve-request";
import { createFundingAccount } from "@/lib/funding-accounts/create-funding-account";
import { resolveBankAccount } from "@/lib/recipients/resolve-bank-account";
import { simulateDeposit } from "@/lib/funding-accounts/simulate-deposit";
import { setAccountSettlementDestination } from "@/lib/funding-accounts/set-settlement-destination";
import { FROZEN } from "@/lib/upstream/errors";
import * as vault from "@/lib/vault";
import { createTeam, testDb } from "@/test/factories";
import { signInAs, signOutTest } from "@/test/session";
import { MESSAGES, SIMULATE_PRODUCTION_REFUSAL } from "./schema";
import type { CustomerOption, RateView } from "./views";
import type { Environment } from "@/lib/generated/prisma/enums";
import { callRoute, type Team } from "@/test/fixtures";
import { fillCopy, unspendSeedKeys } from "@/test/ledger";

let sandbox: TestEmulator;
let live: TestEmulator;
let team: Team;
/** What the sync would have read by now (a sweep, or the webhook the emulator does not send here): pages read the local copy. */
const sync = (kinds: string[], environment: Environment = "sandbox") => fillCopy({ organizationId: team.org.id, environment }, kinds);
const REFUSED = { ok: false, error: "Your role does not allow this. Ask an admin if you need it." };
const LIVE_KEY = "sk_live_demo_live_6d2a8c4e";

async function storeKey(organizationId: string, actorId: string, environment: Environment, key: string) {
  await testDb().$transaction((tx) =>
    vault.addApiKey(tx as never, { organizationId, environment, surface: "core", key, scopes: ["Read", "Write", "Trade"], actorId }),
  );
}

const as = async (who: "viewer" | "operator" | "approver" | "admin", t = team) => {
  signInAs(await testDb().user.findUniqueOrThrow({ where: { id: t[who].id } }));
};

async function customers(): Promise<CustomerOption[]> {
  await sync(["customer"]);
  const r = await callRoute<{ customers: CustomerOption[] }>(getCustomers, "/api/customers");
  expect(r.status).toBe(200);
  return r.body.customers;
}

/** A customer that provisions normally (the seed has one whose accounts always fail). */
async function customerId(): Promise<string> {
  return (await customers()).find((c) => c.email !== "provisioning.fail@sandbox.test")!.id;
}

async function rate(to: string, side: "BUY" | "SELL"): Promise<RateView> {
  const r = await callRoute<RateView>(getRates, `/api/rates?to=${to}&side=${side}`);
  expect(r.status).toBe(200);
  return r.body;
}

beforeAll(async () => {
  [sandbox, live] = await Promise.all([
    withEmulator({ rateLimitPerMinute: 0, logLevel: "silent" }),
    withEmulator({ mode: "live", rateLimitPerMinute: 0, logLevel: "silent" }),
  ]);
  // env() is read lazily on first use, so pointing the app's upstream addresses here is enough.
  process.env.UPSTREAM_SANDBOX_CORE_URL = sandbox.url;
  process.env.UPSTREAM_SANDBOX_PRO_URL = `${sandbox.url}/pro`;
  process.env.UPSTREAM_PRODUCTION_CORE_URL = live.url;
  process.env.UPSTREAM_PRODUCTION_PRO_URL = `${live.url}/pro`;
  // The sandbox is the local emulator, as in development: a chosen simulated amount goes through its control API.
  process.env.EMULATOR_URL = sandbox.url;
});

afterAll(async () => {
  await Promise.all([sandbox?.close(), live?.close()]);
});

beforeEach(async () => {
  // Each test stands for its own moment: the whole file in one minute would spend the demo key's.
  await unspendSeedKeys(sandbox.url);
  team = await createTeam();
  await storeKey(team.org.id, team.admin.id, "sandbox", SEED_KEYS.full);
  await storeKey(team.org.id, team.admin.id, "production", LIVE_KEY);
  signOutTest();
});

describe("who may create funding accounts and simulate deposits", () => {
  it.each(["viewer", "approver"] as const)("refuses the %s role, and sends nothing", async (role) => {
    await as(role);
    const input = {
      attemptKey: randomUUID(),
      customer_id: randomUUID(),
      rail: "NGN_VIRTUAL_ACCOUNT" as const,
      type: "TEMPORARY" as const,
      amount: "5000",
      settlement_type: "INTERNAL_BALANCE" as const,
    };
    expect(await createFundingAccount(input)).toEqual(REFUSED);
    expect(await simulateDeposit({ attemptKey: randomUUID(), funding_account_id: randomUUID(), scenario: "COMPLETED" })).toEqual(REFUSED);
    expect(await resolveBankAccount({ bank_code: "044", account_number: "0690000031" })).toEqual(REFUSED);
    expect(await testDb().auditLog.count({ where: { organizationId: team.org.id } })).toBe(0);
  });

  it("lets a viewer read the lists the pages use", async () => {
    await sync(["funding_account"]);
    await as("viewer");
    expect((await customers()).length).toBeGreaterThan(0);
    const banks = await callRoute<{ banks: { code: string; name: string }[] }>(getBanks, "/api/banks");
    expect(banks.body.banks).toContainEqual(expect.objectContaining({ code: "044" }));
    const list = await callRoute<{ rows: { rail: string }[] }>(listAccounts, "/api/funding-accounts?rail=CRYPTO_ADDRESS");
    expect(list.status).toBe(200);
    expect(list.body.rows.length).toBeGreaterThan(0);
    expect(new Set(list.body.rows.map((r) => r.rail))).toEqual(new Set(["CRYPTO_ADDRESS"]));
  });

  it("answers a route without a session with 401 and a sentence", async () => {
    const r = await callRoute<{ error: string }>(getBanks, "/api/banks");
    expect(r).toEqual({ status: 401, body: { error: "Your session has ended. Sign in again." } });
  });
});

/** A second person approves a request filed by the current user; answers the sent resource's id. */
async function approvedByApprover(approvalId: string, back: "operator" | "admin" = "operator"): Promise<string> {
  await as("approver");
  const a = await approveRequest({ requestId: approvalId });
  if (!a.ok || a.data.status !== "sent") throw new Error(JSON.stringify(a));
  const row = await testDb().approvalRequest.findUniqueOrThrow({ where: { id: approvalId } });
  await as(back);
  return String((row.result as { response: { resourceId: string } }).response.resourceId);
}

/** A permanent USDC address paying out to the emulator's account 044/0690000031 (Adaeze Okonkwo), named as the form confirmed it. */
async function usdcPayoutToAdaeze(rateId: string, accountName: string) {
  return {
    attemptKey: randomUUID(),
    customer_id: await customerId(),
    rail: "CRYPTO_ADDRESS" as const,
    type: "PERMANENT" as const,
    asset: "USDC",
    chain: "POLYGON",
    settlement_type: "NGN_PAYOUT" as const,
    rate_id: rateId,
    bank_code: "044",
    account_number: "0690000031",
    account_name: accountName,
  };
}

describe("an operator creates funding accounts", () => {
  it("opens a temporary NGN account once, however often the form is submitted, with one audit row", async () => {
    await as("operator");
    const input = {
      attemptKey: randomUUID(),
      customer_id: await customerId(),
      rail: "NGN_VIRTUAL_ACCOUNT" as const,
      type: "TEMPORARY" as const,
      amount: "25000",
      settlement_type: "INTERNAL_BALANCE" as const,
    };
    const first = await createFundingAccount(input);
    if (!first.ok) throw new Error(first.error);
    expect(first.data).toMatchObject({ status: "created", replayed: false });
    const again = await createFundingAccount(input);
    expect(again).toEqual({ ok: true, data: { status: "created", id: (first.data as { id: string }).id, replayed: true } });
    const id = (first.data as { id: string }).id;

    const audit = await testDb().auditLog.findMany({ where: { organizationId: team.org.id, action: "funding_account.created" } });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ targetId: id, environment: "sandbox", actorId: team.operator.id });

    const detail = await callRoute<{ account: { amount: string; instructions: { type: string; account_number: string }[] } }>(
      getAccount,
      `/api/funding-accounts/${id}`,
      { id },
    );
    expect(detail.status).toBe(200);
    expect(detail.body.account.amount).toBe("25000.00");
    expect(detail.body.account.instructions[0]).toMatchObject({ type: "BANK_TRANSFER", account_number: expect.stringMatching(/^\d{10}$/) });
  });

  it("opens a permanent crypto account paying out NGN, with the bank looked up and a SELL rate", async () => {
    await as("operator");
    const resolved = await resolveBankAccount({ bank_code: "044", account_number: "0690000031" });
    expect(resolved).toEqual({ ok: true, data: { accountName: "Adaeze Okonkwo", accountNumber: "0690000031", bankCode: "044", bankName: expect.any(String) } });
    const sell = await rate("USDC", "SELL");
    expect(sell).toMatchObject({ side: "SELL", to: "USDC", expiresAt: expect.any(String), rate: expect.stringMatching(/^\d+(\.\d+)?$/) });
    const r = await createFundingAccount(await usdcPayoutToAdaeze(sell.rateId, "Adaeze Okonkwo"));
    if (!r.ok || r.data.status !== "pending_approval") throw new Error(JSON.stringify(r));
    // Deposits leave the merchant: a second person approves, seeing the holder the bank resolved.
    expect(r.data.summary).toContain("held by Adaeze Okonkwo");
    const id = await approvedByApprover(r.data.approvalId);
    const detail = await callRoute<{
      account: { rail: string; instructions: { address: string }[]; settlement_destination: { destination_bank: { account_name: string } } };
    }>(getAccount, `/api/funding-accounts/${id}`, { id });
    expect(detail.body.account.rail).toBe("CRYPTO_ADDRESS");
    expect(detail.body.account.instructions[0]!.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(detail.body.account.settlement_destination.destination_bank.account_name).toBe("Adaeze Okonkwo");
  });

  it("resolves the payout bank account again and refuses a name other than the bank's, creating nothing", async () => {
    await as("operator");
    const r = await createFundingAccount(await usdcPayoutToAdaeze((await rate("USDC", "SELL")).rateId, "Someone Else"));
    expect(r).toEqual({ ok: false, error: "Some fields need attention.", fieldErrors: { account_name: expect.stringContaining('"Adaeze Okonkwo"') } });
    expect(await testDb().auditLog.count({ where: { organizationId: team.org.id, action: "funding_account.created" } })).toBe(0);
  });

  it("keeps the provider's refusal of a rate as the outcome of the approved request", async () => {
    await as("operator");
    const sell = await rate("USDT", "SELL"); // ONCHAIN needs a BUY rate
    const r = await createFundingAccount({
      attemptKey: randomUUID(),
      customer_id: await customerId(),
      rail: "NGN_VIRTUAL_ACCOUNT",
      type: "PERMANENT",
      settlement_type: "ONCHAIN",
      rate_id: sell.rateId,
      destination_asset: "USDT",
      destination_chain: "BASE",
      destination_address: "0x52908400098527886E0F7030069857D2E4169EE7",
    });
    // Deposits settle on-chain, so it waits for a second person; the provider's refusal of the
    // rate is then the request's outcome, which the approver and the requester read in Approvals.
    if (!r.ok || r.data.status !== "pending_approval") throw new Error(JSON.stringify(r));
    await as("approver");
    const sent = await approveRequest({ requestId: r.data.approvalId });
    expect(sent).toMatchObject({
      ok: true,
      data: { status: "failed", retryable: false, error: "The provider refused some fields. Correct them and submit again." },
    });
  });

  it("says when a bank account cannot be found", async () => {
    await as("operator");
    const r = await resolveBankAccount({ bank_code: "044", account_number: "1234567890" });
    expect(r.ok).toBe(false);
    expect(r.ok ? "" : r.error).toMatch(/\.$/);
  });

  it("answers a frozen merchant with the provider's sentence, as a result the page turns into a banner", async () => {
    const frozen = await createTeam();
    await storeKey(frozen.org.id, frozen.admin.id, "sandbox", SEED_KEYS.frozen);
    await as("operator", frozen);
    await fillCopy({ organizationId: frozen.org.id, environment: "sandbox" }, ["customer"]);
    const list = await callRoute<{ customers: CustomerOption[] }>(getCustomers, "/api/customers");
    const r = await createFundingAccount({
      attemptKey: randomUUID(),
      customer_id: list.body.customers[0]!.id,
      rail: "NGN_VIRTUAL_ACCOUNT",
      type: "PERMANENT",
      settlement_type: "INTERNAL_BALANCE",
    });
    expect(r).toEqual({ ok: true, data: { status: "frozen", message: FROZEN } });
    expect(await testDb().auditLog.count({ where: { organizationId: frozen.org.id } })).toBe(0);
  });
});

describe("simulated deposits", () => {
  async function activeNgnAccount(): Promise<string> {
    const r = await createFundingAccount({
      attemptKey: randomUUID(),
      customer_id: await customerId(),
      rail: "NGN_VIRTUAL_ACCOUNT",
      type: "PERMANENT",
      settlement_type: "INTERNAL_BALANCE",
    });
    if (!r.ok || r.data.status !== "created") throw new Error(JSON.stringify(r));
    await sandbox.control.advance(3_000); // PENDING -> ACTIVE after 2 s of emulated time
    await sync(["funding_account"]);
    return r.data.id;
  }

  it.each([
    ["COMPLETED", "COMPLETED"],
    ["PROCESSING", "PROCESSING"],
    ["REQUIRES_REVIEW", "REQUIRES_REVIEW"],
    ["FAILED", "FAILED"],
    ["default", "RECEIVED"],
  ] as const)("runs the %s scenario and the account's deposits show it", async (scenario, status) => {
    await as("operator");
    const id = await activeNgnAccount();
    // Record what leaves the app: the provider's simulator gets only its documented fields.
    const sent: { method: string; url: string; body: unknown }[] = [];
    const realFetch = globalThis.fetch;
    const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      sent.push({ method: init?.method ?? "GET", url: String(input), body: typeof init?.body === "string" ? JSON.parse(init.body) : null });
      return realFetch(input, init);
    });
    let r;
    try {
      r = await simulateDeposit({ attemptKey: randomUUID(), funding_account_id: id, scenario, amount: "75000" });
    } finally {
      spy.mockRestore();
    }
    if (!r.ok) throw new Error(r.error);
    const toSimulator = sent.filter((c) => c.url.endsWith("/v1/sandbox/deposits"));
    expect(toSimulator).toEqual([
      {
        method: "POST",
        url: `${sandbox.url}/v1/sandbox/deposits`,
        body: scenario === "default" ? { funding_account_id: id } : { funding_account_id: id, scenario },
      },
    ]);
    expect(sent.filter((c) => c.url.includes("/__emulator/"))).toEqual([
      { method: "PUT", url: `${sandbox.url}/__emulator/sandbox-deposits/next-amount`, body: { funding_account_id: id, amount: "75000" } },
      { method: "PUT", url: `${sandbox.url}/__emulator/sandbox-deposits/next-amount`, body: { funding_account_id: id, amount: null } },
    ]);
    expect(r.data.depositId).toMatch(/^[0-9a-f-]{36}$/);
    await sync(["deposit"]);
    const deposits = await callRoute<{ rows: { id: string; status: string; amount: string }[] }>(getDeposits, `/api/funding-accounts/${id}/deposits`, { id });
    expect(deposits.body.rows).toContainEqual(expect.objectContaining({ id: r.data.depositId, status, amount: expect.stringMatching(/^75000(\.0+)?$/) }));
    const audit = await testDb().auditLog.findFirstOrThrow({ where: { organizationId: team.org.id, action: "deposit.simulated" } });
    expect(audit).toMatchObject({ targetId: id, after: { scenario, amount: "75000", deposit_id: r.data.depositId } });
  });

  it("is refused in production before anything is sent", async () => {
    await testDb().user.update({ where: { id: team.operator.id }, data: { environment: "production" } });
    await as("operator");
    const r = await simulateDeposit({ attemptKey: randomUUID(), funding_account_id: randomUUID(), scenario: "COMPLETED" });
    expect(r).toEqual({ ok: false, error: SIMULATE_PRODUCTION_REFUSAL });
    expect(await testDb().idempotencyRecord.count({ where: { organizationId: team.org.id } })).toBe(0);
  });

  it("reads production data from production only", async () => {
    await as("operator");
    const id = await activeNgnAccount();
    const inSandbox = await callRoute<{ rows: { id: string }[] }>(listAccounts, "/api/funding-accounts?type=PERMANENT&rail=NGN_VIRTUAL_ACCOUNT&status=ACTIVE");
    expect(inSandbox.body.rows.map((r) => r.id)).toContain(id);
    await testDb().user.update({ where: { id: team.operator.id }, data: { environment: "production" } });
    await sync(["funding_account"], "production");
    await as("operator");
    const inProduction = await callRoute<{ rows: { id: string }[] }>(
      listAccounts,
      "/api/funding-accounts?type=PERMANENT&rail=NGN_VIRTUAL_ACCOUNT&status=ACTIVE",
    );
    expect(inProduction.status).toBe(200);
    expect(inProduction.body.rows.map((r) => r.id)).not.toContain(id);
    const detail = await callRoute<{ error: string }>(getAccount, `/api/funding-accounts/${id}`, { id });
    expect(detail.status).toBe(404);
  });
});

describe("changing a settlement destination", () => {
  async function activeCryptoAccount(type: "PERMANENT" | "TEMPORARY" = "PERMANENT"): Promise<string> {
    const sell = await rate("USDC", "SELL");
    const r = await createFundingAccount({
      attemptKey: randomUUID(),
      customer_id: await customerId(),
      rail: "CRYPTO_ADDRESS",
      type,
      asset: "USDC",
      chain: "BASE",
      ...(type === "PERMANENT"
        ? { settlement_type: "INTERNAL_BALANCE" as const }
        : { settlement_type: "NGN_PAYOUT" as const, rate_id: sell.rateId, bank_code: "044", account_number: "0690000031", account_name: "Adaeze Okonkwo" }),
    });
    if (!r.ok || r.data.status === "frozen") throw new Error(JSON.stringify(r));
    const id = r.data.status === "pending_approval" ? await approvedByApprover(r.data.approvalId) : r.data.id;
    await sandbox.control.advance(3_000);
    return id;
  }

  /** Asks to send a new crypto account's deposits as naira to account 0690000033 at Access Bank (Chinedu Eze), named as the person confirmed it. */
  async function toNgnPayout(confirmedName: string) {
    const id = await activeCryptoAccount();
    const sell = await rate("USDC", "SELL");
    const r = await setAccountSettlementDestination({
      attemptKey: randomUUID(),
      funding_account_id: id,
      settlement_type: "NGN_PAYOUT",
      rate_id: sell.rateId,
      bank_code: "044",
      account_number: "0690000033",
      account_name: confirmedName,
    });
    return { id, r };
  }

  it("moves a permanent crypto account to an NGN payout, audited with before and after", async () => {
    await as("operator");
    const { id, r } = await toNgnPayout("Chinedu Eze");
    if (!r.ok || !r.data.pendingApproval) throw new Error(JSON.stringify(r));
    expect(r.data.pendingApproval.summary).toContain("0690000033 at bank 044, held by Chinedu Eze");
    await approvedByApprover(r.data.pendingApproval.approvalId);
    const detail = await callRoute<{ account: { settlement_destination: { type: string; destination_bank: { account_number: string } } } }>(
      getAccount,
      `/api/funding-accounts/${id}`,
      { id },
    );
    expect(detail.body.account.settlement_destination).toMatchObject({ type: "NGN_PAYOUT", destination_bank: { account_number: "0690000033" } });
    const audit = await testDb().auditLog.findFirstOrThrow({
      where: { organizationId: team.org.id, action: "approval.sent", targetId: r.data.pendingApproval.approvalId },
    });
    expect(audit).toMatchObject({ actorId: team.approver.id, after: { status: "sent", result: { ok: true, response: { resourceId: id } } } });
  });

  it("refuses an NGN payout whose holder is not the name the person confirmed, and changes nothing", async () => {
    await as("operator");
    const { id, r } = await toNgnPayout("Adaeze Okonkwo");
    expect(r).toMatchObject({ ok: false, error: "Some fields need attention.", fieldErrors: { account_name: expect.stringContaining("Chinedu Eze") } });
    const detail = await callRoute<{ account: { settlement_destination: { type: string } } }>(getAccount, `/api/funding-accounts/${id}`, { id });
    expect(detail.body.account.settlement_destination.type).toBe("INTERNAL_BALANCE");
  });

  it("checks the rules against the account the provider has, not the form", async () => {
    await as("operator");
    const id = await activeCryptoAccount();
    const r = await setAccountSettlementDestination({
      attemptKey: randomUUID(),
      funding_account_id: id,
      settlement_type: "ONCHAIN",
      rate_id: randomUUID(),
      destination_asset: "USDT",
      destination_chain: "BASE",
      destination_address: "0x52908400098527886E0F7030069857D2E4169EE7",
    });
    expect(r).toEqual({ ok: false, error: "Some fields need attention.", fieldErrors: { settlement_type: MESSAGES.settlementNotAllowed } });
  });

  it("refuses temporary accounts with a sentence, and refuses viewers", async () => {
    await as("operator");
    const id = await activeCryptoAccount("TEMPORARY");
    const r = await setAccountSettlementDestination({ attemptKey: randomUUID(), funding_account_id: id, settlement_type: "NGN_PAYOUT" });
    expect(r).toEqual({ ok: false, error: expect.stringMatching(/^Only permanent, active customer accounts can change where deposits settle\./) });
    await as("viewer");
    expect(await setAccountSettlementDestination({ attemptKey: randomUUID(), funding_account_id: id, settlement_type: "NGN_PAYOUT" })).toEqual(REFUSED);
  });
});
