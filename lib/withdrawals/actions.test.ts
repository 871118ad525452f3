/**
 * Merchant withdrawals and the settlement destination against a real PostgreSQL and a real
 * emulator, called as each role: the create action (direct send, four eyes, refusals), the
 * approval executor (sent once with the stored key), the GET routes the pages refetch from, and
 * the admin-only settlement change with its audit row.
 */
import { randomUUID } from "node:crypto";
import Decimal from "decimal.js";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SEED_KEYS, type TestEmulator } from "@/emulator/testing";
import { GET as getWithdrawal } from "@/app/api/withdrawals/[id]/route";
import { GET as listWithdrawals } from "@/app/api/withdrawals/route";
import { approveRequest } from "@/lib/approvals/approve-request";
import { createWithdrawal } from "@/lib/withdrawals/create-withdrawal";
import { setSettlementDestination } from "@/lib/settlement/set-destination";
import { createTeam, testDb } from "@/test/factories";
import { signOutTest } from "@/test/session";
import type { WithdrawalListView, WithdrawalView } from "./views";
import { callRoute, signInAsMember, startSandbox, storeApiKey, type Team } from "@/test/fixtures";
import { fillCopy } from "@/test/ledger";

let emu: TestEmulator;
let team: Team;
const REFUSED = { ok: false, error: "Your role does not allow this. Ask an admin if you need it." };
const ADDRESS = "0x52908400098527886E0F7030069857D2E4169EE7";
const FAILING = "0x000000000000000000000000000000000000dEaD";

const as = (who: "viewer" | "operator" | "approver" | "admin") => signInAsMember(team, who);

async function storeKey(key: string) {
  await storeApiKey(team, { key });
}
async function withdrawalCount(): Promise<number> {
  return ((await (await emu.request("/v1/merchant/withdrawals?limit=1")).json()) as { total: number }).total;
}
async function withdrawalBalance(): Promise<Decimal> {
  return new Decimal(((await (await emu.request("/v1/merchant/balance")).json()) as { data: { withdrawal_balance_usd: string } }).data.withdrawal_balance_usd);
}
async function setThreshold(amount: string) {
  await testDb().approvalThreshold.create({ data: { organizationId: team.org.id, kind: "merchant_withdrawal", currency: "USD", amount } });
}
const withdraw = (amount: string, destination_address = ADDRESS, attemptKey = randomUUID()) =>
  createWithdrawal({ attemptKey, amount, token: "USDT", chain: "POLYGON", destination_address });

beforeAll(async () => {
  emu = await startSandbox();
});
afterAll(() => emu.close());

beforeEach(async () => {
  team = await createTeam();
  await storeKey(SEED_KEYS.full);
  signOutTest();
});

describe("who may withdraw", () => {
  it("refuses without a session", async () => {
    expect(await withdraw("10.00")).toEqual({ ok: false, error: "Your session has ended. Sign in again." });
  });

  it.each(["viewer", "approver"] as const)("refuses a %s and sends nothing", async (role) => {
    await setThreshold("1000000");
    const before = await withdrawalCount();
    await as(role);
    expect(await withdraw("10.00")).toEqual(REFUSED);
    expect(await withdrawalCount()).toBe(before);
  });
});

describe("withdrawing at or under the threshold", () => {
  it("sends at once, once per form, and the routes show it reach SETTLED with emulated time", async () => {
    await setThreshold("500.00");
    await as("operator");
    const before = await withdrawalBalance();
    const count = await withdrawalCount();
    const attemptKey = randomUUID();
    const r = await withdraw("100.00", ADDRESS, attemptKey);
    if (!r.ok || r.data.outcome !== "sent") throw new Error(JSON.stringify(r));
    const id = r.data.id;
    const again = await withdraw("100.00", ADDRESS, attemptKey);
    expect(again).toEqual({ ok: true, data: { outcome: "sent", id, replayed: true } });
    expect(await withdrawalCount()).toBe(count + 1);
    // The provider debits the amount plus its fee.
    expect((await withdrawalBalance()).lt(before.minus(100))).toBe(true);

    const audit = await testDb().auditLog.findMany({ where: { organizationId: team.org.id, action: "money_movement.sent" } });
    // The resubmission is audited too (as a replay), and both rows name the one withdrawal.
    expect(audit.length).toBeGreaterThanOrEqual(1);
    for (const row of audit) expect(row).toMatchObject({ actorId: team.operator.id, targetType: "merchant_withdrawal", targetId: id });

    const pending = await callRoute<WithdrawalView>(getWithdrawal, `/api/withdrawals/${id}`, { id });
    expect(pending.status).toBe(200);
    expect(pending.body.withdrawal).toMatchObject({
      id,
      status: "PENDING",
      amount_usd: "100.00",
      token: "USDT",
      chain: "POLYGON",
      destination_address: ADDRESS,
    });
    await emu.control.advance(10_000);
    // The provider's change reaches the copy by webhook or sweep (the emulator sends no webhook here).
    const sweep = () => fillCopy({ organizationId: team.org.id, environment: "sandbox" }, ["withdrawal"]);
    await sweep();
    const submitted = (await callRoute<WithdrawalView>(getWithdrawal, `/api/withdrawals/${id}`, { id })).body.withdrawal;
    expect(submitted.status).toBe("SUBMITTED");
    expect(submitted.provider_tx_id).toBeTruthy();
    expect(submitted.tx_hash).toMatch(/^0x[0-9a-f]{64}$/);
    await emu.control.advance(60_000);
    await sweep();
    expect((await callRoute<WithdrawalView>(getWithdrawal, `/api/withdrawals/${id}`, { id })).body.withdrawal).toMatchObject({
      status: "SETTLED",
      tx_hash: submitted.tx_hash,
    });

    const settled = await callRoute<WithdrawalListView>(listWithdrawals, "/api/withdrawals?status=SETTLED");
    expect(settled.status).toBe(200);
    expect(settled.body.rows.some((w) => w.id === id)).toBe(true);
    expect(settled.body.rows.every((w) => w.status === "SETTLED")).toBe(true);
  });

  it("a withdrawal the provider fails shows its failure code and message", async () => {
    await setThreshold("500.00");
    await as("admin");
    const r = await withdraw("20.00", FAILING);
    if (!r.ok || r.data.outcome !== "sent") throw new Error(JSON.stringify(r));
    await emu.control.advance(10_000);
    const failed = (await callRoute<WithdrawalView>(getWithdrawal, `/api/withdrawals/${r.data.id}`, { id: r.data.id })).body.withdrawal;
    expect(failed).toMatchObject({ status: "FAILED", failure_code: "destination_rejected" });
    expect(failed.failure_message).toMatch(/refunded/);
    const list = await callRoute<WithdrawalListView>(listWithdrawals, "/api/withdrawals?status=FAILED");
    expect(list.body.rows.map((w) => w.id)).toContain(r.data.id);
  });

  it("puts the provider's balance refusal on the amount field and sends nothing", async () => {
    await setThreshold("100000000");
    await as("operator");
    const balance = await withdrawalBalance();
    const count = await withdrawalCount();
    const r = await withdraw(balance.plus(1).toFixed(2));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.fieldErrors?.amount).toMatch(/^The balance is too low for this amount\. The provider said: The withdrawal balance.+ Lower the amount/);
    expect(r.error).toBe(r.fieldErrors?.amount);
    expect(await withdrawalCount()).toBe(count);
  });

  it("refuses a wrong address or a rail that is not enabled before anything is sent", async () => {
    await setThreshold("1000");
    await as("operator");
    const count = await withdrawalCount();
    expect(
      await createWithdrawal({
        attemptKey: randomUUID(),
        amount: "10.00",
        token: "USDT",
        chain: "POLYGON",
        destination_address: "TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL",
      }),
    ).toEqual({
      ok: false,
      error: "Some fields need attention.",
      fieldErrors: { destination_address: "This is not a POLYGON address. Enter 0x followed by 40 hexadecimal characters." },
    });
    const rail = await createWithdrawal({ attemptKey: randomUUID(), amount: "10.00", token: "USDC", chain: "POLYGON", destination_address: ADDRESS });
    expect(rail).toMatchObject({ ok: false, fieldErrors: { chain: expect.stringContaining("not enabled") } });
    expect(await withdrawalCount()).toBe(count);
  });
});

describe("withdrawing above the threshold", () => {
  it("waits for a second approver; the requester cannot approve; approval sends it exactly once with the stored key", async () => {
    await setThreshold("100.00");
    await as("admin");
    const count = await withdrawalCount();
    const attemptKey = randomUUID();
    const r = await withdraw("150.00", ADDRESS, attemptKey);
    if (!r.ok || r.data.outcome !== "pending_approval") throw new Error(JSON.stringify(r));
    expect(r.data.summary).toBe("Withdraw $150.00 as USDT on POLYGON to 0x529084…9EE7");
    expect(await withdrawalCount()).toBe(count);

    expect(await approveRequest({ requestId: r.data.approvalId })).toMatchObject({ ok: false });
    expect(await withdrawalCount()).toBe(count);

    await as("approver");
    const [a, b] = await Promise.all([approveRequest({ requestId: r.data.approvalId }), approveRequest({ requestId: r.data.approvalId })]);
    expect([a.ok, b.ok].sort()).toEqual([false, true]);
    expect(await withdrawalCount()).toBe(count + 1);
    const row = await testDb().approvalRequest.findUniqueOrThrow({ where: { id: r.data.approvalId } });
    expect(row).toMatchObject({
      kind: "merchant_withdrawal",
      status: "sent",
      decidedById: team.approver.id,
      payload: { amount_usd: "150.00", token: "USDT", chain: "POLYGON", destination_address: ADDRESS },
    });
    const ledger = await testDb().idempotencyRecord.findMany({ where: { organizationId: team.org.id, attemptKey } });
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ operation: "core.createMerchantWithdrawal", status: "succeeded" });
  });
});

describe("settlement destination", () => {
  const set = (destination: "USD_BALANCE" | "NGN_BALANCE", confirmation: string = destination) =>
    setSettlementDestination({ attemptKey: randomUUID(), destination, confirmation });
  const providerSetting = async () =>
    ((await (await emu.request("/v1/merchant/funding")).json()) as { data: { ngn_settlement_destination: string } }).data.ngn_settlement_destination;

  it.each(["viewer", "operator", "approver"] as const)("refuses a %s", async (role) => {
    await as(role);
    expect(await set("NGN_BALANCE")).toEqual(REFUSED);
    expect(await providerSetting()).toBe("USD_BALANCE");
  });

  it("needs the typed confirmation", async () => {
    await as("admin");
    expect(await set("NGN_BALANCE", "NGN")).toEqual({
      ok: false,
      error: "Some fields need attention.",
      fieldErrors: { confirmation: "Type NGN_BALANCE exactly to confirm the change." },
    });
    expect(await providerSetting()).toBe("USD_BALANCE");
  });

  it("an admin asks to keep deposits in naira, a second person approves it, and back to the default applies at once, audited", async () => {
    await as("admin");
    const asked = await set("NGN_BALANCE");
    if (!asked.ok || !asked.data.pendingApproval) throw new Error(JSON.stringify(asked));
    expect(asked.data).toMatchObject({ destination: "NGN_BALANCE", changed: false });
    expect(await providerSetting()).toBe("USD_BALANCE");
    await as("approver");
    expect(await approveRequest({ requestId: asked.data.pendingApproval.approvalId })).toMatchObject({ ok: true, data: { status: "sent" } });
    expect(await providerSetting()).toBe("NGN_BALANCE");
    await as("admin");
    expect(await set("NGN_BALANCE")).toEqual({ ok: true, data: { destination: "NGN_BALANCE", changed: false } });
    expect(await set("USD_BALANCE")).toEqual({ ok: true, data: { destination: "USD_BALANCE", changed: true } });
    expect(await providerSetting()).toBe("USD_BALANCE");
    const rows = await testDb().auditLog.findMany({
      where: { organizationId: team.org.id, action: "merchant_funding.settlement_destination_changed" },
      orderBy: { at: "asc" },
    });
    expect(rows.map((r) => [r.before, r.after, r.actorId])).toEqual([
      [{ ngn_settlement_destination: "NGN_BALANCE" }, { ngn_settlement_destination: "USD_BALANCE" }, team.admin.id],
    ]);
  });

  it("NGN_BALANCE without an NGN account: the approved request fails with the provider's reason, and nothing changes", async () => {
    await testDb().vaultSecret.deleteMany({ where: { organizationId: team.org.id } });
    await storeKey(SEED_KEYS.second);
    await as("admin");
    const r = await set("NGN_BALANCE");
    if (!r.ok || !r.data.pendingApproval) throw new Error(JSON.stringify(r));
    await as("approver");
    expect(await approveRequest({ requestId: r.data.pendingApproval.approvalId })).toMatchObject({
      ok: true,
      data: {
        status: "failed",
        retryable: false,
        error: "The provider refused this: NGN_BALANCE needs an ACTIVE merchant funding setup with an NGN bank account; this merchant has none.",
      },
    });
    expect(await testDb().auditLog.count({ where: { organizationId: team.org.id, action: "merchant_funding.settlement_destination_changed" } })).toBe(0);
  });
});
