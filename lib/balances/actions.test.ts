/**
 * The balance-move action against a real PostgreSQL and a real emulator, called as each role: a
 * move at or under the organization's threshold reaches the provider at once; above it (or with no
 * threshold) it waits for a second approver and nothing moves.
 */
import { randomUUID } from "node:crypto";
import Decimal from "decimal.js";
import { describe, expect, it } from "vitest";
import { SEED_KEYS } from "@/emulator/testing";
import { moveBalance } from "@/lib/balances/move-balance";
import { testDb } from "@/test/factories";
import { sandboxAndTeamPerTest, signInAsMember } from "@/test/fixtures";

const suite = sandboxAndTeamPerTest();

const as = (who: "viewer" | "operator" | "approver" | "admin") => signInAsMember(suite.team, who);

async function providerBalances(): Promise<{ collection: Decimal; withdrawal: Decimal }> {
  const res = await suite.emu.request("/v1/merchant/balance");
  const body = (await res.json()) as { data: { collection_balance_usd: string; withdrawal_balance_usd: string } };
  return { collection: new Decimal(body.data.collection_balance_usd), withdrawal: new Decimal(body.data.withdrawal_balance_usd) };
}

async function providerMoveCount(): Promise<number> {
  const res = await suite.emu.request("/v1/merchant/balance/transfers?limit=1");
  return ((await res.json()) as { total: number }).total;
}

async function setThreshold(amount: string, kind = "balance_move") {
  await testDb().approvalThreshold.create({ data: { organizationId: suite.team.org.id, kind, currency: "USD", amount } });
}

describe("who may move balances", () => {
  it("refuses without a session", async () => {
    expect(await moveBalance({ attemptKey: randomUUID(), amount: "10.00" })).toEqual({ ok: false, error: "Your session has ended. Sign in again." });
  });

  it.each(["viewer", "approver"] as const)("refuses a %s and sends nothing", async (role) => {
    await setThreshold("1000000");
    const before = await providerMoveCount();
    await as(role);
    expect(await moveBalance({ attemptKey: randomUUID(), amount: "10.00" })).toEqual({
      ok: false,
      error: "Your role does not allow this. Ask an admin if you need it.",
    });
    expect(await providerMoveCount()).toBe(before);
    expect(await testDb().approvalRequest.count({ where: { organizationId: suite.team.org.id } })).toBe(0);
  });
});

describe("moving at or under the threshold", () => {
  it("moves at once for an operator: the provider's balances change by exactly the amount, audited once", async () => {
    await setThreshold("500.00");
    const before = await providerBalances();
    await as("operator");
    const attemptKey = randomUUID();
    const r = await moveBalance({ attemptKey, amount: "500.00" });
    if (!r.ok) throw new Error(r.error);
    expect(r.data).toMatchObject({ outcome: "moved", amount: "500.00", status: "COMPLETED", replayed: false });
    const after = await providerBalances();
    expect(after.collection.toFixed(2)).toBe(before.collection.minus(500).toFixed(2));
    expect(after.withdrawal.toFixed(2)).toBe(before.withdrawal.plus(500).toFixed(2));
    if (r.data.outcome !== "moved") throw new Error("expected a move");
    expect(r.data.balance?.collectionUsd).toBe(after.collection.toFixed(2));

    const audit = await testDb().auditLog.findMany({ where: { organizationId: suite.team.org.id, action: "money_movement.sent" } });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: suite.team.operator.id, targetType: "balance_move", targetId: r.data.id, environment: "sandbox" });
    expect(JSON.stringify(audit[0]!.after)).not.toContain(SEED_KEYS.full);
  });

  it("never moves twice for one form: a resubmission with the same attempt key is answered from the ledger", async () => {
    await setThreshold("1000");
    await as("operator");
    const attemptKey = randomUUID();
    const moves = await providerMoveCount();
    const before = await providerBalances();
    const first = await moveBalance({ attemptKey, amount: "12.34" });
    const again = await moveBalance({ attemptKey, amount: "12.34" });
    if (!first.ok || !again.ok) throw new Error("expected both to succeed");
    expect(again.data).toMatchObject({ outcome: "moved", id: (first.data as { id: string }).id, replayed: true });
    expect(await providerMoveCount()).toBe(moves + 1);
    expect((await providerBalances()).collection.toFixed(2)).toBe(before.collection.minus("12.34").toFixed(2));
  });

  it("shows the provider's refusal as a sentence, and takes a corrected amount under the same attempt key, when the collection balance is too small", async () => {
    await setThreshold("100000000");
    await as("admin");
    const before = await providerBalances();
    // The form keeps its attempt key after a refusal; the corrected amount then goes through once.
    const attemptKey = randomUUID();
    const r = await moveBalance({ attemptKey, amount: before.collection.plus(1).toFixed(2) });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toMatch(/[A-Z].*\./);
    expect(r.error).not.toMatch(/insufficient_balance|undefined|\{/);
    expect((await providerBalances()).collection.toFixed(2)).toBe(before.collection.toFixed(2));
    const moves = await providerMoveCount();
    const corrected = await moveBalance({ attemptKey, amount: "2.00" });
    expect(corrected).toMatchObject({ ok: true, data: { outcome: "moved", amount: "2.00", replayed: false } });
    expect(await providerMoveCount()).toBe(moves + 1);
    expect((await providerBalances()).collection.toFixed(2)).toBe(before.collection.minus(2).toFixed(2));
  });
});

describe("moving above the threshold", () => {
  it("files a request for a second approver and moves nothing", async () => {
    await setThreshold("100.00");
    await as("operator");
    const before = await providerBalances();
    const moves = await providerMoveCount();
    const attemptKey = randomUUID();
    const r = await moveBalance({ attemptKey, amount: "100.01" });
    if (!r.ok) throw new Error(r.error);
    expect(r.data).toMatchObject({
      outcome: "pending_approval",
      amount: "100.01",
      summary: "Move $100.01 from the collection balance to the withdrawal balance",
    });
    expect(await providerMoveCount()).toBe(moves);
    expect((await providerBalances()).collection.toFixed(2)).toBe(before.collection.toFixed(2));

    const req = await testDb().approvalRequest.findFirstOrThrow({ where: { organizationId: suite.team.org.id } });
    expect(req).toMatchObject({
      kind: "balance_move",
      status: "pending",
      currency: "USD",
      requestedById: suite.team.operator.id,
      attemptKey,
      payload: { amount_usd: "100.01" },
    });
    expect(req.amount.toString()).toBe("100.01");

    // The same form submitted again is the same request, not a second one.
    const again = await moveBalance({ attemptKey, amount: "100.01" });
    expect(again).toMatchObject({ ok: true, data: { outcome: "pending_approval", approvalId: (r.data as { approvalId: string }).approvalId } });
    expect(await testDb().approvalRequest.count({ where: { organizationId: suite.team.org.id } })).toBe(1);
  });

  it("waits for approval when no threshold is set for USD (deny by default)", async () => {
    await as("operator");
    const moves = await providerMoveCount();
    const r = await moveBalance({ attemptKey: randomUUID(), amount: "1.00" });
    expect(r).toMatchObject({ ok: true, data: { outcome: "pending_approval" } });
    expect(await providerMoveCount()).toBe(moves);
  });
});

describe("input checks before anything is sent", () => {
  it.each([
    ["", "Enter the amount to move."],
    ["0.00", "Enter an amount above zero."],
    ["-5", "Enter an amount in US dollars with at most two decimals, for example 2500.00."],
    ["1.234", "Enter an amount in US dollars with at most two decimals, for example 2500.00."],
    ["1e3", "Enter an amount in US dollars with at most two decimals, for example 2500.00."],
  ])("refuses %j with a sentence on the amount", async (amount, message) => {
    await setThreshold("1000");
    await as("operator");
    const moves = await providerMoveCount();
    expect(await moveBalance({ attemptKey: randomUUID(), amount })).toEqual({
      ok: false,
      error: "Some fields need attention.",
      fieldErrors: { amount: message },
    });
    expect(await providerMoveCount()).toBe(moves);
  });
});
