/**
 * Withdrawals from the balances page (`POST /v1/merchant/balance/withdraw`) under four eyes,
 * against a real PostgreSQL and a real emulator: at or under the threshold sent at once, above it
 * held for a second person, never approved by the person who asked, never sent twice by a retry,
 * and the provider's field errors on the form's fields.
 */
import { randomUUID } from "node:crypto";
import Decimal from "decimal.js";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { TestEmulator } from "@/emulator/testing";
import { approveRequest } from "@/lib/approvals/approve-request";
import { retryRequest } from "@/lib/approvals/retry-request";
import { withdrawFromBalance } from "@/lib/withdrawals/withdraw-from-balance";
import { SELF_APPROVAL, STUCK_SEND_MS } from "@/lib/approvals/decide";
import { testDb } from "@/test/factories";
import { signOutTest } from "@/test/session";
import { createTeamWithKey, signInAsMember, startSandbox, type Team } from "@/test/fixtures";

let emu: TestEmulator;
let team: Team;
const ADDRESS = "0x52908400098527886E0F7030069857D2E4169EE7";
const as = (who: "viewer" | "operator" | "approver" | "admin") => signInAsMember(team, who);

async function withdrawalCount(): Promise<number> {
  return ((await (await emu.request("/v1/merchant/withdrawals?limit=1")).json()) as { total: number }).total;
}
async function withdrawalBalance(): Promise<Decimal> {
  return new Decimal(((await (await emu.request("/v1/merchant/balance")).json()) as { data: { withdrawal_balance_usd: string } }).data.withdrawal_balance_usd);
}
const withdraw = (amount: string, attemptKey = randomUUID(), destination_address = ADDRESS) =>
  withdrawFromBalance({ attemptKey, amount, token: "USDT", chain: "POLYGON", destination_address });

beforeAll(async () => {
  emu = await startSandbox();
});
afterAll(() => emu.close());

beforeEach(async () => {
  team = await createTeamWithKey();
  await testDb().approvalThreshold.create({ data: { organizationId: team.org.id, kind: "balance_withdrawal", currency: "USD", amount: "500" } });
  signOutTest();
});

describe("withdraw from balance", () => {
  it("refuses a viewer and an approver: operators ask, approvers decide", async () => {
    const count = await withdrawalCount();
    for (const role of ["viewer", "approver"] as const) {
      await as(role);
      expect(await withdraw("10.00")).toEqual({ ok: false, error: "Your role does not allow this. Ask an admin if you need it." });
    }
    expect(await withdrawalCount()).toBe(count);
  });

  it("under the threshold: sent at once through the balance withdraw endpoint, audited, and a resubmission is a replay", async () => {
    await as("operator");
    const before = await withdrawalBalance();
    const count = await withdrawalCount();
    const attemptKey = randomUUID();
    const r = await withdraw("100.00", attemptKey);
    if (!r.ok || r.data.outcome !== "sent") throw new Error(JSON.stringify(r));
    const id = r.data.id;
    expect(await withdraw("100.00", attemptKey)).toEqual({ ok: true, data: { outcome: "sent", id, replayed: true } });
    expect(await withdrawalCount()).toBe(count + 1);
    expect((await withdrawalBalance()).lte(before.minus(100))).toBe(true);

    const withdrawal = (await (await emu.request(`/v1/merchant/withdrawals/${id}`)).json()) as Record<string, unknown>;
    expect(withdrawal).toMatchObject({ amount_usd: "100.00", token: "USDT", chain: "POLYGON", destination_address: ADDRESS });
    const ledger = await testDb().idempotencyRecord.findMany({ where: { organizationId: team.org.id, attemptKey } });
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ operation: "core.withdrawFromBalance", status: "succeeded" });
    const audit = await testDb().auditLog.findMany({ where: { organizationId: team.org.id, action: "money_movement.sent" } });
    expect(audit.length).toBeGreaterThanOrEqual(1);
    for (const row of audit) expect(row).toMatchObject({ actorId: team.operator.id, targetType: "balance_withdrawal", targetId: id });
  });

  it("above the threshold: nothing is sent until a second person approves, then exactly once", async () => {
    await as("operator");
    const count = await withdrawalCount();
    const r = await withdraw("750.00");
    if (!r.ok || r.data.outcome !== "pending_approval") throw new Error(JSON.stringify(r));
    expect(r.data.summary).toMatch(/^Withdraw \$750\.00 from the withdrawal balance as USDT on POLYGON to 0x529084/);
    const id = r.data.approvalId;
    expect(await withdrawalCount()).toBe(count);
    expect(await testDb().approvalRequest.findUniqueOrThrow({ where: { id } })).toMatchObject({
      kind: "balance_withdrawal",
      status: "pending",
      requestedById: team.operator.id,
    });
    expect(await testDb().auditLog.count({ where: { organizationId: team.org.id, action: "approval.requested", targetId: id } })).toBe(1);

    expect(await approveRequest({ requestId: id })).toEqual({ ok: false, error: "Your role does not allow this. Ask an admin if you need it." });
    await as("approver");
    const [a, b] = await Promise.all([approveRequest({ requestId: id }), approveRequest({ requestId: id })]);
    expect([a.ok, b.ok].sort()).toEqual([false, true]);
    expect(await withdrawalCount()).toBe(count + 1);
    const row = await testDb().approvalRequest.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({
      status: "sent",
      decidedById: team.approver.id,
      payload: { amount_usd: "750.00", token: "USDT", chain: "POLYGON", destination_address: ADDRESS },
    });
  });

  it("the person who asked cannot approve their own withdrawal", async () => {
    await as("admin");
    const count = await withdrawalCount();
    const r = await withdraw("900.00");
    if (!r.ok || r.data.outcome !== "pending_approval") throw new Error(JSON.stringify(r));
    expect(await approveRequest({ requestId: r.data.approvalId })).toEqual({ ok: false, error: SELF_APPROVAL });
    expect(await withdrawalCount()).toBe(count);
    expect(await testDb().approvalRequest.findUniqueOrThrow({ where: { id: r.data.approvalId } })).toMatchObject({ status: "pending" });
  });

  it("a retry after an interrupted approved send replays the stored answer instead of paying twice", async () => {
    await as("operator");
    const r = await withdraw("600.00");
    if (!r.ok || r.data.outcome !== "pending_approval") throw new Error(JSON.stringify(r));
    const id = r.data.approvalId;
    await as("approver");
    expect(await approveRequest({ requestId: id })).toMatchObject({ ok: true, data: { status: "sent" } });
    const count = await withdrawalCount();
    const balance = await withdrawalBalance();
    // As if the server had stopped after the provider answered but before the outcome was stored.
    await testDb()
      .$executeRaw`UPDATE approval_requests SET status = 'approved', result = NULL, updated_at = now() - ${`${STUCK_SEND_MS + 1000} milliseconds`}::interval WHERE id = ${id}::uuid`;
    await as("admin");
    expect(await retryRequest({ requestId: id })).toEqual({ ok: true, data: { requestId: id, status: "sent" } });
    expect(await withdrawalCount()).toBe(count);
    expect((await withdrawalBalance()).toFixed(2)).toBe(balance.toFixed(2));
  });

  it("puts the provider's field errors on the form's fields and sends nothing", async () => {
    await as("operator");
    const count = await withdrawalCount();
    // The provider's minimum is its own rule (the form accepts any positive amount).
    const small = await withdraw("4.99");
    expect(small.ok).toBe(false);
    if (small.ok) return;
    expect(Object.keys(small.fieldErrors ?? {})).toEqual(["amount"]);
    const balance = await withdrawalBalance();
    await testDb().approvalThreshold.update({
      where: { organizationId_kind_currency: { organizationId: team.org.id, kind: "balance_withdrawal", currency: "USD" } },
      data: { amount: "100000000" },
    });
    const tooMuch = await withdraw(balance.plus(1).toFixed(2));
    expect(tooMuch).toMatchObject({ ok: false, fieldErrors: { amount: expect.stringMatching(/\.$/) } });
    expect(await withdrawalCount()).toBe(count);
  });

  it("checks the rail and the address before anything is stored or sent", async () => {
    await as("operator");
    const r = await withdrawFromBalance({ attemptKey: randomUUID(), amount: "10.00", token: "USDT", chain: "POLYGON", destination_address: "TXYZ" });
    expect(r).toMatchObject({ ok: false, error: "Some fields need attention.", fieldErrors: { destination_address: expect.any(String) } });
    expect(await testDb().approvalRequest.count({ where: { organizationId: team.org.id } })).toBe(0);
  });
});
