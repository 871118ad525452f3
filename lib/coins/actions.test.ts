/**
 * The Coins actions and read routes against a real PostgreSQL and a real emulator, called as each
 * role: orders (minimum enforced before sending, placed once per attempt), saved addresses (rename,
 * clear with an empty label), and crypto and fiat withdrawals through four eyes (sent once on approval).
 */
import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { TestEmulator } from "@/emulator/testing";
import { GET as getMarkets } from "@/app/api/coins/markets/route";
import { GET as getOrder } from "@/app/api/coins/orders/[id]/route";
import { GET as listOrders } from "@/app/api/coins/orders/route";
import { GET as getCryptoWithdrawal } from "@/app/api/coins/withdrawals/crypto/[id]/route";
import { GET as getFiatWithdrawal } from "@/app/api/coins/withdrawals/fiat/[id]/route";
import { approveRequest } from "@/lib/approvals/approve-request";
import { loadInbox } from "@/lib/approvals/queries";
import { createCoinsCryptoWithdrawal } from "@/lib/coins/create-crypto-withdrawal";
import { createCoinsFiatWithdrawal } from "@/lib/coins/create-fiat-withdrawal";
import { placeCoinsOrder } from "@/lib/coins/place-order";
import { renameCoinsAddress } from "@/lib/coins/rename-address";
import { sweepKind } from "@/lib/ledger/sync";
import { testDb } from "@/test/factories";
import { signOutTest } from "@/test/session";
import type { CoinsOrder, CursorPage, MarketsView, OrderView, WithdrawalView } from "./views";
import { callRoute, createTeamWithKey, signInAsMember, startSandbox, type Team } from "@/test/fixtures";

let emu: TestEmulator;
let team: Team;
const REFUSED = { ok: false, error: "Your role does not allow this. Ask an admin if you need it." };

const as = (who: "viewer" | "operator" | "approver" | "admin") => signInAsMember(team, who);

async function provider<T>(path: string): Promise<T> {
  const res = await emu.request(`/coins/v1${path}`);
  expect(res.ok).toBe(true);
  return ((await res.json()) as { data: T }).data;
}
const orderCount = async () => (await provider<{ orders: unknown[] }>("/orders?limit=100")).orders.length;
async function saveAddress(label: string): Promise<{ id: string; address: string }> {
  const res = await emu.request("/coins/v1/crypto-withdrawals/addresses", {
    method: "POST",
    json: { address: `0x${randomBytes(20).toString("hex")}`, asset: "USDC", chain: "base", label },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { id: string; address: string } }).data;
}

beforeAll(async () => {
  emu = await startSandbox();
});
afterAll(() => emu.close());

beforeEach(async () => {
  team = await createTeamWithKey({ surface: "coins" });
  // Orders go through the approvals engine: these limits let the tests' orders be placed at once.
  await testDb().approvalThreshold.createMany({
    data: [
      { organizationId: team.org.id, kind: "coins_order", currency: "NGN", amount: "1000000" },
      { organizationId: team.org.id, kind: "coins_order", currency: "BTC", amount: "1000" },
    ],
  });
  signOutTest();
});

describe("markets route", () => {
  it("filters by base and quote identifier and keeps every market for the choices", async () => {
    await as("viewer");
    const r = await callRoute<MarketsView>(getMarkets, "/api/coins/markets?quote_caid=iso4217:NGN");
    expect(r.status).toBe(200);
    expect(r.body.all).toHaveLength(10);
    expect(r.body.rows).toHaveLength(5);
    expect(r.body.rows.every((m) => m.quote_asset === "NGN")).toBe(true);
  });
});

describe("placing an order", () => {
  it("refuses a viewer and an approver, and sends nothing", async () => {
    const before = await orderCount();
    for (const role of ["viewer", "approver"] as const) {
      await as(role);
      expect(await placeCoinsOrder({ side: "buy", market: "BTC-NGN", amount: "5000", attemptKey: randomUUID() })).toEqual(REFUSED);
    }
    expect(await orderCount()).toBe(before);
  });

  it("refuses under the market's minimum on the amount before anything is sent", async () => {
    await as("operator");
    const before = await orderCount();
    const r = await placeCoinsOrder({ side: "buy", market: "BTC-NGN", amount: "1999.99", attemptKey: randomUUID() });
    expect(r).toEqual({
      ok: false,
      error: "This order is worth 1999.99 NGN; the market's minimum is 2000.00 NGN.",
      fieldErrors: { amount: "This order is worth 1999.99 NGN; the market's minimum is 2000.00 NGN." },
    });
    expect(await orderCount()).toBe(before);
  });

  it("places once per attempt, audits it, and the routes show it execute with emulated time", async () => {
    await as("operator");
    const before = await orderCount();
    const attemptKey = randomUUID();
    const r = await placeCoinsOrder({ side: "buy", market: "BTC-NGN", amount: "2500.00", attemptKey });
    if (!r.ok) throw new Error(JSON.stringify(r));
    if (r.data.outcome !== "placed") throw new Error(JSON.stringify(r));
    expect(r.data).toMatchObject({ status: "pending", replayed: false });
    expect(await placeCoinsOrder({ side: "buy", market: "BTC-NGN", amount: "2500.00", attemptKey })).toEqual({
      ok: true,
      data: { outcome: "placed", id: r.data.id, status: "pending", replayed: true },
    });
    expect(await orderCount()).toBe(before + 1);
    const audit = await testDb().auditLog.findMany({ where: { organizationId: team.org.id, action: "money_movement.sent", targetType: "coins_order" } });
    expect(audit).toHaveLength(2); // the send, and the replay answered from the ledger
    const placedId = r.data.id;
    expect(audit.every((a) => a.actorId === team.operator.id && a.targetId === placedId)).toBe(true);

    await emu.control.advance(6_000);
    // The routes read the local copy: the placement's answer is in it at once, and the execution
    // arrives with the next sweep (Coins sends no webhooks).
    const pending = await callRoute<OrderView>(getOrder, `/api/coins/orders/${r.data.id}`, { id: r.data.id });
    expect(pending.body.order).toMatchObject({ id: r.data.id, status: "pending" });
    expect(await sweepKind({ organizationId: team.org.id, environment: "sandbox" }, "coins_order")).toMatchObject({ kind: "ok" });
    const view = await callRoute<OrderView>(getOrder, `/api/coins/orders/${r.data.id}`, { id: r.data.id });
    expect(view.body.order).toMatchObject({ id: r.data.id, status: "completed", quote_asset: "NGN", fee_asset: "NGN" });
    expect(view.body.order.executed_price).toMatch(/^\d+\.\d+$/);
    const list = await callRoute<CursorPage<CoinsOrder>>(listOrders, "/api/coins/orders?status=completed&base_asset=BTC");
    expect(list.body.rows.some((o) => o.id === view.body.order.id)).toBe(true);
    expect(list.body.rows.every((o) => o.status === "completed" && o.base_asset === "BTC")).toBe(true);
  });

  it("puts the provider's balance refusal on the amount", async () => {
    await as("operator");
    const r = await placeCoinsOrder({ side: "sell", market: "BTC-USD", amount: "50", attemptKey: randomUUID() });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.fieldErrors?.amount).toMatch(/BTC/);
  });
});

describe("saved addresses", () => {
  it("renames and clears a label with an empty string; a viewer may not", async () => {
    const saved = await saveAddress("Vendor");
    await as("viewer");
    expect(await renameCoinsAddress({ id: saved.id, label: "Nope", attemptKey: randomUUID() })).toEqual(REFUSED);
    await as("operator");
    expect(await renameCoinsAddress({ id: saved.id, label: "  Cold wallet ", attemptKey: randomUUID() })).toEqual({
      ok: true,
      data: { id: saved.id, label: "Cold wallet" },
    });
    expect(await renameCoinsAddress({ id: saved.id, label: "", attemptKey: randomUUID() })).toEqual({ ok: true, data: { id: saved.id, label: "" } });
    const stored = (await provider<{ id: string; label: string }[]>("/crypto-withdrawals/addresses")).find((a) => a.id === saved.id);
    expect(stored?.label).toBe("");
    const actions = (await testDb().auditLog.findMany({ where: { organizationId: team.org.id, targetId: saved.id }, orderBy: { id: "asc" } })).map(
      (a) => a.action,
    );
    expect(actions).toEqual(["coins_address.renamed", "coins_address.label_cleared"]);
  });
});

describe("withdrawals through four eyes", () => {
  const cryptoCount = async () => (await provider<{ withdrawals: unknown[] }>("/crypto-withdrawals?limit=100")).withdrawals.length;
  const fiatCount = async () => (await provider<{ withdrawals: unknown[] }>("/fiat-withdrawals?limit=100")).withdrawals.length;

  it("a crypto withdrawal with no limit for its asset waits; the approver sends it once; the requester cannot approve", async () => {
    const saved = await saveAddress("Payout");
    await as("operator");
    const before = await cryptoCount();
    const r = await createCoinsCryptoWithdrawal({ address_id: saved.id, amount: "12.50", attemptKey: randomUUID() });
    if (!r.ok || r.data.outcome !== "pending_approval") throw new Error(JSON.stringify(r));
    expect(r.data.summary).toMatch(/^Send USDC 12\.50 on base to Payout \(0x/);
    expect(await cryptoCount()).toBe(before);
    expect((await approveRequest({ requestId: r.data.approvalId })).ok).toBe(false);

    await as("approver");
    const approved = await approveRequest({ requestId: r.data.approvalId });
    expect(approved.ok).toBe(true);
    expect(await cryptoCount()).toBe(before + 1);
    expect((await approveRequest({ requestId: r.data.approvalId })).ok).toBe(false);
    expect(await cryptoCount()).toBe(before + 1);
    const newest = (
      await provider<{ withdrawals: { id: string; address_id: string; amount: string; asset: string; chain: string }[] }>("/crypto-withdrawals?limit=1")
    ).withdrawals[0]!;
    expect(newest).toMatchObject({ address_id: saved.id, asset: "USDC", chain: "base" });

    const approvalId = r.data.approvalId;
    // The inbox links the sent request to the withdrawal's page, and that page's route reads it as it settles.
    const sent = (
      await loadInbox({ id: team.approver.id, organizationId: team.org.id, environment: "sandbox", role: "approver" }, { page: 1 })
    ).history.rows.find((row) => row.id === approvalId);
    expect(sent).toMatchObject({ status: "sent", resourceId: newest.id, resourceHref: `/coins/withdrawals/crypto/${newest.id}` });
    await emu.control.advance(70_000);
    // The settlement reaches the copy the route reads with the next sweep.
    await sweepKind({ organizationId: team.org.id, environment: "sandbox" }, "coins_crypto_withdrawal");
    const view = await callRoute<WithdrawalView>(getCryptoWithdrawal, `/api/coins/withdrawals/crypto/${newest.id}`, { id: newest.id });
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({
      kind: "crypto",
      stale: false,
      withdrawal: { id: newest.id, address: saved.address, asset: "USDC", status: "completed" },
    });
    expect(view.body.kind === "crypto" && view.body.withdrawal.tx_hash).toMatch(/^0x[0-9a-f]{64}$/);
  });

  it("refuses a crypto amount under the chain's minimum before anything is stored", async () => {
    const saved = await saveAddress("Tiny");
    await as("operator");
    const r = await createCoinsCryptoWithdrawal({ address_id: saved.id, amount: "0.000001", attemptKey: randomUUID() });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.fieldErrors?.amount).toMatch(/^The minimum on .+ is [\d.]+ USDC\.$/);
    expect(await testDb().approvalRequest.count({ where: { organizationId: team.org.id } })).toBe(0);
  });

  it("a fiat withdrawal at or under the NGN limit is sent at once, once per attempt", async () => {
    await testDb().approvalThreshold.create({ data: { organizationId: team.org.id, kind: "coins_fiat_withdrawal", currency: "NGN", amount: "100000" } });
    await as("operator");
    const before = await fiatCount();
    const attemptKey = randomUUID();
    const input = { amount: "5000.00", bank_code: "044", account_number: "0123456789", narration: "Supplier", attemptKey };
    const r = await createCoinsFiatWithdrawal(input);
    if (!r.ok || r.data.outcome !== "sent") throw new Error(JSON.stringify(r));
    expect(await createCoinsFiatWithdrawal(input)).toEqual({ ok: true, data: { outcome: "sent", id: r.data.id, replayed: true } });
    expect(await fiatCount()).toBe(before + 1);
    const newest = (await provider<{ withdrawals: { id: string; amount: string; narration: string }[] }>("/fiat-withdrawals?limit=1")).withdrawals[0];
    expect(newest).toMatchObject({ id: r.data.id, amount: "5000.00", narration: "Supplier" });

    await as("viewer");
    const view = await callRoute<WithdrawalView>(getFiatWithdrawal, `/api/coins/withdrawals/fiat/${r.data.id}`, { id: r.data.id });
    expect(view).toMatchObject({
      status: 200,
      body: { kind: "fiat", withdrawal: { id: r.data.id, amount: "5000.00", currency: "NGN", account_number: "0123456789", narration: "Supplier" } },
    });
    // Unknown ids, non-ids and a fiat id asked of the crypto route are 404s with a sentence.
    for (const id of [randomUUID(), "not-an-id"]) {
      const missing = await callRoute<{ error: string }>(getFiatWithdrawal, `/api/coins/withdrawals/fiat/${id}`, { id });
      expect(missing.status).toBe(404);
      expect(missing.body.error).toMatch(/\.$/);
    }
    expect((await callRoute<{ error: string }>(getCryptoWithdrawal, `/api/coins/withdrawals/crypto/${r.data.id}`, { id: r.data.id })).status).toBe(404);
  });

  it("a viewer may not withdraw", async () => {
    await as("viewer");
    expect(
      await createCoinsFiatWithdrawal({ amount: "5000.00", bank_code: "044", account_number: "0123456789", narration: "", attemptKey: randomUUID() }),
    ).toEqual(REFUSED);
  });
});
