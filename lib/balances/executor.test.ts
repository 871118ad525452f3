/**
 * Four eyes end to end: an operator's balance move above the threshold waits; the approver's
 * approval sends it to a real emulator once, with the stored attempt key; a retry after an
 * interrupted send replays the ledger instead of moving the money again.
 */
import { randomUUID } from "node:crypto";
import Decimal from "decimal.js";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SEED_KEYS, type TestEmulator } from "@/emulator/testing";
import { moveBalance } from "@/lib/balances/move-balance";
import { approveRequest } from "@/lib/approvals/approve-request";
import { retryRequest } from "@/lib/approvals/retry-request";
import { STUCK_SEND_MS } from "@/lib/approvals/decide";
import { testDb } from "@/test/factories";
import { signOutTest } from "@/test/session";
import { createTeamWithKey, signInAsMember, startSandbox, type Team } from "@/test/fixtures";

let emu: TestEmulator;
let team: Team;
const as = (who: "operator" | "approver" | "admin") => signInAsMember(team, who);

async function collection(): Promise<Decimal> {
  const body = (await (await emu.request("/v1/merchant/balance")).json()) as { data: { collection_balance_usd: string } };
  return new Decimal(body.data.collection_balance_usd);
}
async function moveCount(): Promise<number> {
  return ((await (await emu.request("/v1/merchant/balance/transfers?limit=1")).json()) as { total: number }).total;
}

beforeAll(async () => {
  emu = await startSandbox();
});
afterAll(() => emu.close());

beforeEach(async () => {
  team = await createTeamWithKey();
  await testDb().approvalThreshold.create({ data: { organizationId: team.org.id, kind: "*", currency: "USD", amount: "1000" } });
  signOutTest();
});

async function requestMove(amount: string) {
  await as("operator");
  const attemptKey = randomUUID();
  const r = await moveBalance({ attemptKey, amount });
  if (!r.ok || r.data.outcome !== "pending_approval") throw new Error("expected a pending request");
  return { id: r.data.approvalId, attemptKey };
}

describe("balance move through a second approver", () => {
  it("moves nothing until approved, then exactly once", async () => {
    const before = await collection();
    const moves = await moveCount();
    const { id, attemptKey } = await requestMove("1500.00");
    expect(await moveCount()).toBe(moves);

    await as("operator");
    expect(await approveRequest({ requestId: id })).toEqual({ ok: false, error: "Your role does not allow this. Ask an admin if you need it." });

    await as("approver");
    const [a, b] = await Promise.all([approveRequest({ requestId: id }), approveRequest({ requestId: id })]);
    expect([a.ok, b.ok].sort()).toEqual([false, true]);
    expect(await moveCount()).toBe(moves + 1);
    expect((await collection()).toFixed(2)).toBe(before.minus(1500).toFixed(2));

    const row = await testDb().approvalRequest.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ status: "sent", decidedById: team.approver.id, result: { ok: true, response: { amountUsd: "1500.00" } } });
    const ledger = await testDb().idempotencyRecord.findMany({ where: { organizationId: team.org.id, attemptKey } });
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ operation: "core.transferBalance", status: "succeeded" });
    expect(JSON.stringify(row.result)).not.toContain(SEED_KEYS.full);
  });

  it("a retry after an interrupted send replays the stored answer instead of moving twice", async () => {
    const { id } = await requestMove("1200.00");
    await as("approver");
    expect(await approveRequest({ requestId: id })).toMatchObject({ ok: true, data: { status: "sent" } });
    const moves = await moveCount();
    const after = await collection();
    // As if the server had stopped after the provider answered but before the outcome was stored.
    await testDb()
      .$executeRaw`UPDATE approval_requests SET status = 'approved', result = NULL, updated_at = now() - ${`${STUCK_SEND_MS + 1000} milliseconds`}::interval WHERE id = ${id}::uuid`;
    await as("admin");
    expect(await retryRequest({ requestId: id })).toEqual({ ok: true, data: { requestId: id, status: "sent" } });
    expect(await moveCount()).toBe(moves);
    expect((await collection()).toFixed(2)).toBe(after.toFixed(2));
    expect(await testDb().approvalRequest.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: "sent", result: { response: { replayed: true } } });
  });

  it("records the provider's sentence when it refuses the move, and does not offer a retry", async () => {
    const { id } = await requestMove((await collection()).plus(1).toFixed(2));
    await as("approver");
    const r = await approveRequest({ requestId: id });
    if (!r.ok) throw new Error(r.error);
    expect(r.data).toMatchObject({ status: "failed", retryable: false });
    expect(r.data.error).toMatch(/^[A-Z].*\.$/);
    expect(await retryRequest({ requestId: id })).toMatchObject({ ok: false });
  });
});
