/**
 * The Pro desk against a real PostgreSQL and a real emulator, called as each role: quote and place
 * (the quote's fee sent unchanged as the cap, one order per attempt), the fee-cap rejection, the
 * provider's balance refusal, four eyes above the threshold, cancel, cancel all, replace, the
 * webhook actions with the secret stored in the vault, the GET routes, and the trade access check.
 */
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { SEED_KEYS, type TestEmulator } from "@/emulator/testing";
import { GET as getOrderRoute } from "@/app/api/pro/orders/[id]/route";
import { GET as listOrdersRoute } from "@/app/api/pro/orders/route";
import { cancelAllProOrders } from "@/lib/pro/cancel-all-orders";
import { cancelProOrder } from "@/lib/pro/cancel-order";
import { createProWebhook } from "@/lib/pro/create-webhook";
import { deleteProWebhook } from "@/lib/pro/delete-webhook";
import { pauseProWebhook } from "@/lib/pro/pause-webhook";
import { placeProOrder } from "@/lib/pro/place-order";
import { quoteProOrder } from "@/lib/pro/quote-order";
import { replaceProOrder } from "@/lib/pro/replace-order";
import { resumeProWebhook } from "@/lib/pro/resume-webhook";
import { rotateProWebhookSecret } from "@/lib/pro/rotate-webhook-secret";
import { approveRequest } from "@/lib/approvals/approve-request";
import { environmentViews } from "@/lib/vault/view-model";
import { addApiKey, getWebhookSecrets, listSecrets, setWebhookSecret } from "@/lib/vault";
import { last4Of, maskSecret, prefixOf } from "@/lib/vault/crypto";
import { WEBHOOK_ROTATION_WINDOW_MS } from "@/lib/vault/schemas";
import { createWebhookRoute } from "@/lib/webhooks/intake";
import { TenantResolver } from "@/lib/webhooks/tenants";
import { createTeam, testDb } from "@/test/factories";
import { signOutTest } from "@/test/session";
import { sweepKind } from "@/lib/ledger/sync";
import { tradeAccess } from "./read";
import type { ProOrderListView, ProOrderView } from "./views";
import { callRoute, proDelivery, signInAsMember, startSandbox, type Team } from "@/test/fixtures";

let emu: TestEmulator;
let team: Team;
const REFUSED = { ok: false, error: "Your role does not allow this. Ask an admin if you need it." };

const as = (who: "viewer" | "operator" | "approver" | "admin") => signInAsMember(team, who);
async function storeProKey(key: string, scopes: ("Read" | "Write" | "Trade")[]) {
  await testDb().$transaction((tx) =>
    addApiKey(tx as never, { organizationId: team.org.id, environment: "sandbox", surface: "pro", key, scopes, actorId: team.admin.id }),
  );
}
async function provider<T>(path: string, init?: Parameters<TestEmulator["request"]>[1]): Promise<T> {
  const res = await emu.request(`/pro/public/v1${path}`, { apiKey: SEED_KEYS.pro, ...init });
  return ((await res.json()) as { data: T }).data;
}
const orderCount = async () => (await provider<{ total_count: number }>("/orders/history?limit=1")).total_count;
const providerOrder = (id: string) =>
  provider<{ status: string; max_taker_fee: string; client_order_id: string; price: string; requested_quantity: string }>(`/orders/${id}`);
async function setThreshold(amount: string) {
  await testDb().approvalThreshold.create({ data: { organizationId: team.org.id, kind: "pro_order", currency: "USD", amount } });
}

const LIMIT = { symbol: "USDT-NGN", side: "buy", type: "limit", price: "1000.00", quantity: "2" } as const;

async function quoteAndPlace(
  ticket: { symbol: "USDT-NGN"; side: "buy" | "sell"; type: "limit"; price: string; quantity: string } = LIMIT,
  attemptKey = randomUUID(),
) {
  const q = await quoteProOrder(ticket);
  if (!q.ok) throw new Error(JSON.stringify(q));
  const r = await placeProOrder({ ...ticket, attemptKey, client_order_id: q.data.client_order_id!, max_taker_fee: q.data.estimated_fee! });
  return { quote: q.data, result: r, attemptKey };
}

beforeAll(async () => {
  emu = await startSandbox();
});
afterAll(() => emu.close());

beforeEach(async () => {
  team = await createTeam();
  await storeProKey(SEED_KEYS.pro, ["Read", "Write", "Trade"]);
  signOutTest();
});

describe("who may trade", () => {
  it.each(["viewer", "approver"] as const)("refuses a %s: no quote, no order", async (role) => {
    await as(role);
    const before = await orderCount();
    expect(await quoteProOrder(LIMIT)).toEqual(REFUSED);
    expect(await placeProOrder({ ...LIMIT, attemptKey: randomUUID(), client_order_id: "x1", max_taker_fee: "1.00" })).toEqual(REFUSED);
    expect(await orderCount()).toBe(before);
    expect(await tradeAccess(team[role] as never)).toMatchObject({ allowed: false, reason: expect.stringContaining(`Your role (${role})`) });
  });

  it("a read-only Pro key disables trading with the reason", async () => {
    await testDb().vaultSecret.deleteMany({ where: { organizationId: team.org.id } });
    await storeProKey(SEED_KEYS.readonly, ["Read"]);
    const operator = { ...team.operator, role: "operator" as const, organizationId: team.org.id, environment: "sandbox" as const };
    expect(await tradeAccess(operator as never)).toEqual({
      allowed: false,
      reason:
        "The Pro API key for the sandbox is read-only (scopes: Read). Placing, replacing and cancelling orders needs the Trade scope: an admin can replace the key under Settings → API keys.",
    });
  });
});

describe("quote and place", () => {
  it("places a limit order with the quote's id and its fee unchanged as the cap, once per attempt", async () => {
    await setThreshold("1000000");
    await as("operator");
    const before = await orderCount();
    const { quote, result, attemptKey } = await quoteAndPlace();
    expect(quote).toMatchObject({ estimated_price: "1000.00", estimated_total: "2000.00", estimated_fee: "2.00" });
    if (!result.ok || result.data.outcome !== "placed") throw new Error(JSON.stringify(result));
    expect(result.data).toMatchObject({ status: "pending_settlement", rejectionReason: null, replayed: false });
    const placed = await providerOrder(result.data.orderId);
    expect(placed).toMatchObject({ max_taker_fee: quote.estimated_fee, client_order_id: quote.client_order_id });
    // A double submit of the same form: the same order, never a second one.
    const again = await placeProOrder({ ...LIMIT, attemptKey, client_order_id: quote.client_order_id!, max_taker_fee: quote.estimated_fee! });
    expect(again).toMatchObject({ ok: true, data: { outcome: "placed", orderId: result.data.orderId } });
    expect(await orderCount()).toBe(before + 1);
  });

  it("a fee cap below the quote's fee is rejected with TAKER_FEE_CAP_EXCEEDED", async () => {
    await setThreshold("1000000");
    await as("operator");
    const q = await quoteProOrder(LIMIT);
    if (!q.ok) throw new Error(JSON.stringify(q));
    const r = await placeProOrder({ ...LIMIT, attemptKey: randomUUID(), client_order_id: q.data.client_order_id!, max_taker_fee: "0.50" });
    expect(r).toMatchObject({ ok: true, data: { outcome: "placed", status: "rejected", rejectionReason: "TAKER_FEE_CAP_EXCEEDED" } });
  });

  it("refuses a limit order without its quote, and a market order with a price, before anything is sent", async () => {
    await as("operator");
    const before = await orderCount();
    expect(await placeProOrder({ ...LIMIT, attemptKey: randomUUID() })).toMatchObject({
      ok: false,
      fieldErrors: {
        client_order_id: "Review a quote before placing a limit order.",
        max_taker_fee: "The quote's estimated fee is missing. Get a fresh quote.",
      },
    });
    expect(await placeProOrder({ symbol: "USDT-NGN", side: "buy", type: "market", price: "1500.00", quantity: "1", attemptKey: randomUUID() })).toMatchObject({
      ok: false,
      fieldErrors: { price: "A market order takes no price: it trades at the best available price. Clear the price or choose a limit order." },
    });
    expect(await orderCount()).toBe(before);
  });

  it("a market order fills at once; the provider's balance refusal lands on the quantity", async () => {
    await setThreshold("100000000");
    await as("operator");
    const r = await placeProOrder({ symbol: "USD-NGN", side: "buy", type: "market", quantity: "3", attemptKey: randomUUID() });
    expect(r).toMatchObject({ ok: true, data: { outcome: "placed", status: "filled" } });
    const before = await orderCount();
    const sell = await placeProOrder({ symbol: "USD-NGN", side: "sell", type: "market", quantity: "99999999", attemptKey: randomUUID() });
    expect(sell).toMatchObject({
      ok: false,
      fieldErrors: {
        quantity: expect.stringMatching(
          /^The Pro balance is too low for this order\. The provider said: Insufficient USD balance.+ Lower the quantity or add funds/,
        ),
      },
    });
    expect(await orderCount()).toBe(before);
  });

  it("above the threshold it waits for an approver and is placed exactly once on approval", async () => {
    await setThreshold("1.00");
    await as("operator");
    const before = await orderCount();
    const { result } = await quoteAndPlace();
    if (!result.ok || result.data.outcome !== "pending_approval") throw new Error(JSON.stringify(result));
    expect(result.data.summary).toBe("Buy USD 2.00 on USDT-NGN, limit at ₦1,000.00");
    expect(await orderCount()).toBe(before);
    await as("approver");
    const [a, b] = await Promise.all([approveRequest({ requestId: result.data.approvalId }), approveRequest({ requestId: result.data.approvalId })]);
    expect([a.ok, b.ok].sort()).toEqual([false, true]);
    expect(await orderCount()).toBe(before + 1);
    const row = await testDb().approvalRequest.findUniqueOrThrow({ where: { id: result.data.approvalId } });
    expect(row).toMatchObject({ kind: "pro_order", status: "sent", currency: "USD" });
  });
});

describe("working orders", () => {
  it("replaces, cancels, and cancels all; the routes show the history", async () => {
    await setThreshold("1000000");
    await as("operator");
    const first = await quoteAndPlace();
    const second = await quoteAndPlace({ ...LIMIT, price: "1001.00" });
    if (!first.result.ok || first.result.data.outcome !== "placed" || !second.result.ok || second.result.data.outcome !== "placed")
      throw new Error("not placed");
    const a = first.result.data.orderId;
    const b = second.result.data.orderId;
    await emu.control.advance(10_000);

    expect(await replaceProOrder({ orderId: a, attemptKey: randomUUID(), price: "999.00" })).toMatchObject({ ok: true, data: { price: "999.00" } });
    expect((await providerOrder(a)).price).toBe("999.00");
    // A larger order needs a larger fee cap: the new terms are quoted and the quote's fee becomes the cap.
    expect(await replaceProOrder({ orderId: a, attemptKey: randomUUID(), quantity: "20" })).toMatchObject({
      ok: true,
      data: { quantity: "20.00000000", maxTakerFee: "19.98" },
    });
    expect(await providerOrder(a)).toMatchObject({ max_taker_fee: "19.98", requested_quantity: "20.00000000", price: "999.00" });
    expect(await replaceProOrder({ orderId: a, attemptKey: randomUUID(), quantity: "1000000" })).toMatchObject({
      ok: false,
      fieldErrors: {
        quantity: expect.stringMatching(
          /^The Pro balance is too low for this order\. The provider said: Insufficient NGN balance.+ Lower the quantity or add funds/,
        ),
      },
    });

    expect(await cancelProOrder({ orderId: a, attemptKey: randomUUID() })).toMatchObject({ ok: true });
    expect((await providerOrder(a)).status).toBe("cancelled");
    const all = await cancelAllProOrders({ confirm: true, attemptKey: randomUUID() });
    expect(all).toMatchObject({ ok: true, data: { failed: [] } });
    if (all.ok) expect(all.data.cancelled).toBeGreaterThanOrEqual(1);
    expect((await providerOrder(b)).status).toBe("cancelled");
    expect(await cancelAllProOrders({ confirm: false as never, attemptKey: randomUUID() })).toMatchObject({ ok: false });

    // The routes read the local copy: a cancellation's answer is not the order, so the cancelled
    // state arrives with the fetch or sweep that follows (the sweep here).
    expect(await sweepKind({ organizationId: team.org.id, environment: "sandbox" }, "pro_order")).toMatchObject({ kind: "ok" });
    const open = await callRoute<ProOrderListView>(listOrdersRoute, "/api/pro/orders");
    expect(open.status).toBe(200);
    expect(open.body.rows.some((o) => o.order_id === a || o.order_id === b)).toBe(false);
    const history = await callRoute<ProOrderListView>(listOrdersRoute, "/api/pro/orders?view=history&status=cancelled");
    expect(history.body.rows.map((o) => o.order_id)).toEqual(expect.arrayContaining([a, b]));
    expect(history.body.rows.every((o) => o.status === "cancelled")).toBe(true);
    const detail = await callRoute<ProOrderView>(getOrderRoute, `/api/pro/orders/${a}`, { id: a });
    expect(detail.body).toMatchObject({ order: { order_id: a, status: "cancelled" }, trades: [], tradesError: null });
    expect((await callRoute(getOrderRoute, "/api/pro/orders/nope", { id: "nope" })).status).toBe(404);
  });
});

describe("Pro webhooks", () => {
  it("only an admin manages them; creation and rotation store the secret in the vault", async () => {
    await as("operator");
    const input = { url: "https://ops.example.com/hooks/pro", events: ["order.filled", "order.cancelled"], description: "desk", attemptKey: randomUUID() };
    expect(await createProWebhook(input as never)).toEqual(REFUSED);
    await as("admin");
    expect(await createProWebhook({ ...input, url: "http://ops.example.com/hooks" } as never)).toMatchObject({
      ok: false,
      fieldErrors: { url: expect.stringContaining("HTTPS") },
    });
    const created = await createProWebhook(input as never);
    if (!created.ok) throw new Error(JSON.stringify(created));
    expect(created.data.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(await getWebhookSecrets(team.org.id, "sandbox", "pro")).toContain(created.data.secret);
    const id = created.data.id;

    expect(await pauseProWebhook({ id, attemptKey: randomUUID() })).toMatchObject({ ok: true, data: { status: "paused" } });
    expect(await resumeProWebhook({ id, attemptKey: randomUUID() })).toMatchObject({ ok: true, data: { status: "active" } });
    const rotated = await rotateProWebhookSecret({ id, attemptKey: randomUUID() });
    if (!rotated.ok) throw new Error(JSON.stringify(rotated));
    const secrets = await getWebhookSecrets(team.org.id, "sandbox", "pro");
    // The new secret is active; the one it replaced stays accepted for the rotation window.
    expect(secrets[0]).toBe(rotated.data.secret);
    expect(secrets).toContain(created.data.secret);
    expect(await deleteProWebhook({ id, attemptKey: randomUUID() })).toMatchObject({ ok: true });
    expect((await provider<{ id: string }[]>("/webhooks")).some((w) => w.id === id)).toBe(false);
    const audit = await testDb().auditLog.findMany({ where: { organizationId: team.org.id, targetType: "pro_webhook" }, orderBy: { at: "asc" } });
    expect(audit.map((r) => r.action)).toEqual([
      "pro_webhook.created",
      "pro_webhook.paused",
      "pro_webhook.resumed",
      "pro_webhook.secret_rotated",
      "pro_webhook.deleted",
    ]);
    expect(JSON.stringify(audit.map((r) => [r.before, r.after]))).not.toContain(created.data.secret!);
  });
});

describe("Pro webhook secrets: one per webhook", () => {
  const HOOK = { url: "https://ops.example.com/hooks/pro", events: ["order.filled"] };
  const MANUAL = `whsec_manual_${randomUUID().replaceAll("-", "")}`;

  afterEach(async () => {
    vi.useRealTimers();
    // The provider allows five webhooks per account, shared by every test here.
    for (const w of await provider<{ id: string }[]>("/webhooks"))
      await emu.request(`/pro/public/v1/webhooks/${w.id}`, { apiKey: SEED_KEYS.pro, method: "DELETE" });
  });

  /** A delivery signed with `secret` through the real intake (a fresh resolver: no cached secrets); its status. */
  async function deliver(secret: string): Promise<number> {
    const eventId = randomUUID();
    const body = JSON.stringify({
      event_id: eventId,
      type: "order.filled",
      timestamp: "2026-11-01T11:00:00.000Z",
      data: {
        order_id: randomUUID(),
        status: "filled",
        side: "buy",
        type: "market",
        filled_quantity: "1.00000000",
        created_at: "2026-11-01T10:59:59.000Z",
        updated_at: "2026-11-01T11:00:00.000Z",
      },
    });
    const POST = createWebhookRoute({ tenants: new TenantResolver() });
    const res = await POST(proDelivery(secret, body, eventId), { params: Promise.resolve({ environment: "sandbox", surface: "pro" }) });
    return res.status;
  }
  /** Statuses of deliveries signed with each secret, once the rotation window of anything replaced now has passed. */
  async function afterWindow(...secrets: string[]): Promise<number[]> {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + WEBHOOK_ROTATION_WINDOW_MS + 60_000);
    try {
      const statuses: number[] = [];
      for (const s of secrets) statuses.push(await deliver(s));
      return statuses;
    } finally {
      vi.useRealTimers();
    }
  }
  async function create(): Promise<{ id: string; secret: string }> {
    const r = await createProWebhook({ ...HOOK, attemptKey: randomUUID() } as never);
    if (!r.ok || !r.data.secret) throw new Error(JSON.stringify(r));
    return { id: r.data.id, secret: r.data.secret };
  }
  /** The vault rows of one webhook's secrets, oldest first. */
  const secretsOf = (webhookId: string) =>
    testDb().vaultSecret.findMany({
      where: { organizationId: team.org.id, webhookId },
      orderBy: { createdAt: "asc" },
      select: { status: true, acceptUntil: true, revokedById: true },
    });

  beforeEach(async () => {
    // The slot an admin sets under Settings -> API keys, which the webhooks must leave alone.
    await testDb().$transaction((tx) =>
      setWebhookSecret(tx as never, { organizationId: team.org.id, environment: "sandbox", surface: "pro", secret: MANUAL, actorId: team.admin.id }),
    );
    await as("admin");
  });

  it("a second webhook leaves the first one's secret active, also after the rotation window", async () => {
    const a = await create();
    const b = await create();
    expect(await deliver(a.secret)).toBe(200);
    expect(await deliver(b.secret)).toBe(200);
    expect(await deliver(MANUAL)).toBe(200);
    // The event log says each was signed with a current secret, not a previous one.
    expect((await testDb().webhookEvent.findMany({ where: { organizationId: team.org.id }, select: { signature: true } })).map((e) => e.signature)).toEqual([
      "current",
      "current",
      "current",
    ]);
    expect(await afterWindow(a.secret, b.secret, MANUAL)).toEqual([200, 200, 200]);
    const later = new Date(Date.now() + WEBHOOK_ROTATION_WINDOW_MS + 60_000);
    expect(await getWebhookSecrets(team.org.id, "sandbox", "pro", later)).toEqual(expect.arrayContaining([a.secret, b.secret, MANUAL]));
    expect(await secretsOf(a.id)).toEqual([{ status: "active", acceptUntil: null, revokedById: null }]);
    expect(await secretsOf(b.id)).toEqual([{ status: "active", acceptUntil: null, revokedById: null }]);
    // Settings -> API keys shows its own slot only: the webhooks' secrets are managed with the webhooks.
    const pro = environmentViews(await listSecrets(team.org.id))
      .find((e) => e.environment === "sandbox")!
      .webhooks.find((w) => w.surface === "pro")!;
    expect(pro.active?.masked).toBe(maskSecret(prefixOf(MANUAL), last4Of(MANUAL)));
    expect(pro.inWindow).toEqual([]);
  });

  it("rotating one webhook's secret demotes only its own, accepted for the rotation window", async () => {
    const a = await create();
    const b = await create();
    const rotated = await rotateProWebhookSecret({ id: a.id, attemptKey: randomUUID() });
    if (!rotated.ok || !rotated.data.secret) throw new Error(JSON.stringify(rotated));
    const a2 = rotated.data.secret;
    expect(await deliver(a2)).toBe(200);
    expect(await deliver(a.secret)).toBe(200);
    expect(await deliver(b.secret)).toBe(200);
    expect(await afterWindow(a2, a.secret, b.secret, MANUAL)).toEqual([200, 401, 200, 200]);
    expect((await secretsOf(a.id)).map((r) => r.status)).toEqual(["previous", "active"]);
    expect(await secretsOf(b.id)).toEqual([{ status: "active", acceptUntil: null, revokedById: null }]);
  });

  it("deleting a webhook revokes its secrets at once and leaves the others", async () => {
    const a = await create();
    const b = await create();
    const rotated = await rotateProWebhookSecret({ id: b.id, attemptKey: randomUUID() });
    if (!rotated.ok || !rotated.data.secret) throw new Error(JSON.stringify(rotated));
    expect(await deleteProWebhook({ id: b.id, attemptKey: randomUUID() })).toMatchObject({ ok: true });
    // Both the active secret and the one still in its rotation window are refused.
    expect(await deliver(rotated.data.secret)).toBe(401);
    expect(await deliver(b.secret)).toBe(401);
    expect(await deliver(a.secret)).toBe(200);
    expect(await deliver(MANUAL)).toBe(200);
    expect(await secretsOf(b.id)).toEqual([
      { status: "revoked", acceptUntil: expect.any(Date), revokedById: team.admin.id },
      { status: "revoked", acceptUntil: null, revokedById: team.admin.id },
    ]);
    expect((await secretsOf(a.id)).map((r) => r.status)).toEqual(["active"]);
    const deleted = await testDb().auditLog.findFirstOrThrow({ where: { organizationId: team.org.id, action: "pro_webhook.deleted", targetId: b.id } });
    expect(JSON.stringify(deleted.before)).toContain(rotated.data.secret.slice(-4));
    expect(JSON.stringify(deleted.before)).not.toContain(rotated.data.secret);
  });
});
