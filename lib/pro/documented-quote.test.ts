/**
 * The order ticket's server side against a provider that answers the limit-order quote exactly as
 * the docs show it: `data: { symbol, side, type, quantity, estimated_price, estimated_total,
 * estimated_fee }`, with no client_order_id. A recording proxy sits between the app and the emulator,
 * cuts every quote answer down to those seven fields, records what the app sends, and can lose the
 * answer of an order that the provider did place (a 502 after forwarding), as a real network can.
 */
import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SEED_KEYS, withEmulator, type TestEmulator } from "@/emulator/testing";
import { placeProOrder } from "@/lib/pro/place-order";
import { quoteProOrder } from "@/lib/pro/quote-order";
import { approveRequest } from "@/lib/approvals/approve-request";
import { testDb } from "@/test/factories";
import { signOutTest } from "@/test/session";
import { createTeamWithKey, signInAsMember, type Team } from "@/test/fixtures";

const DOCUMENTED_QUOTE_FIELDS = ["symbol", "side", "type", "quantity", "estimated_price", "estimated_total", "estimated_fee"] as const;
const LIMIT = { symbol: "USDT-NGN", side: "buy", type: "limit", price: "1000.00", quantity: "2" } as const;

interface Recorded {
  method: string;
  path: string;
  body: Record<string, unknown> | null;
  status: number;
  answer: { data?: Record<string, unknown> } | null;
}

let emu: TestEmulator;
let proxy: Server;
let proxyUrl: string;
let recorded: Recorded[] = [];
/** How many of the next order placements the provider carries out but whose answer is lost. */
let loseNextOrderAnswers = 0;
let team: Team;

function startProxy(): Promise<Server> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      void (async () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const path = req.url ?? "/";
        const headers = new Headers();
        for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string" && k !== "host" && k !== "content-length") headers.set(k, v);
        const upstream = await fetch(`${emu.url}${path}`, { method: req.method, headers, body: raw === "" ? undefined : raw });
        let text = await upstream.text();
        let answer = text ? (JSON.parse(text) as { data?: Record<string, unknown> }) : null;
        if (req.method === "POST" && path.endsWith("/public/v1/orders/quote") && answer?.data) {
          // Exactly the documented answer: nothing the emulator adds, in particular no client_order_id.
          answer = { ...answer, data: Object.fromEntries(DOCUMENTED_QUOTE_FIELDS.map((k) => [k, answer!.data![k]])) };
          text = JSON.stringify(answer);
        }
        let status = upstream.status;
        if (req.method === "POST" && path.endsWith("/public/v1/orders") && loseNextOrderAnswers > 0) {
          loseNextOrderAnswers--;
          status = 502;
          text = JSON.stringify({ success: false, message: "Bad gateway", error: { code: "BAD_GATEWAY" }, timestamp: new Date().toISOString() });
        }
        recorded.push({ method: req.method ?? "GET", path, body: raw ? (JSON.parse(raw) as Record<string, unknown>) : null, status, answer });
        res.writeHead(status, { "content-type": "application/json" });
        res.end(text);
      })().catch((err: unknown) => {
        res.writeHead(500, { "content-type": "application/json" });
        res.end(JSON.stringify({ success: false, message: String(err), error: { code: "PROXY" } }));
      });
    });
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

const as = (who: "operator" | "approver") => signInAsMember(team, who);
const sent = (path: string) => recorded.filter((r) => r.method === "POST" && r.path.endsWith(path));
async function orderCount(): Promise<number> {
  const res = await emu.request("/pro/public/v1/orders/history?limit=1", { apiKey: SEED_KEYS.pro });
  return ((await res.json()) as { data: { total_count: number } }).data.total_count;
}
async function providerOrder(id: string) {
  const res = await emu.request(`/pro/public/v1/orders/${id}`, { apiKey: SEED_KEYS.pro });
  return ((await res.json()) as { data: { client_order_id: string; max_taker_fee: string; status: string } }).data;
}

beforeAll(async () => {
  emu = await withEmulator({ rateLimitPerMinute: 0, logLevel: "silent" });
  proxy = await startProxy();
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  process.env.UPSTREAM_SANDBOX_CORE_URL = proxyUrl;
  process.env.UPSTREAM_SANDBOX_PRO_URL = `${proxyUrl}/pro`;
});
afterAll(async () => {
  await new Promise((r) => proxy.close(r));
  await emu.close();
});

beforeEach(async () => {
  recorded = [];
  loseNextOrderAnswers = 0;
  team = await createTeamWithKey({ surface: "pro", key: SEED_KEYS.pro });
  signOutTest();
});

describe("a limit order against the documented quote answer", () => {
  it("sends the app's own client_order_id with the quote and the same id with the order, and the order is placed", async () => {
    await testDb().approvalThreshold.create({ data: { organizationId: team.org.id, kind: "pro_order", currency: "USD", amount: "1000000" } });
    await as("operator");
    const before = await orderCount();

    const q = await quoteProOrder(LIMIT);
    if (!q.ok) throw new Error(JSON.stringify(q));
    const [quoteCall] = sent("/orders/quote");
    expect(Object.keys(quoteCall!.answer!.data!).sort()).toEqual([...DOCUMENTED_QUOTE_FIELDS].sort());
    const id = quoteCall!.body!.client_order_id;
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(quoteCall!.body).toEqual({ ...LIMIT, client_order_id: id });
    expect(q.data).toMatchObject({ estimated_fee: "2.00", client_order_id: id });

    // What the ticket sends on "Place": the reviewed quote's id and fee.
    const r = await placeProOrder({ ...LIMIT, attemptKey: randomUUID(), client_order_id: q.data.client_order_id!, max_taker_fee: q.data.estimated_fee! });
    expect(r).toMatchObject({ ok: true, data: { outcome: "placed", status: "pending_settlement", rejectionReason: null } });
    const [orderCall] = sent("/orders");
    expect(orderCall!.body).toEqual({ ...LIMIT, client_order_id: id, max_taker_fee: "2.00" });
    expect(await orderCount()).toBe(before + 1);
    if (r.ok && r.data.outcome === "placed") expect(await providerOrder(r.data.orderId)).toMatchObject({ client_order_id: id, max_taker_fee: "2.00" });
  });

  it("explains an id the provider knows no quote for as a stale quote, not a fee-cap refusal, and places nothing", async () => {
    await testDb().approvalThreshold.create({ data: { organizationId: team.org.id, kind: "pro_order", currency: "USD", amount: "1000000" } });
    await as("operator");
    const before = await orderCount();
    const r = await placeProOrder({ ...LIMIT, attemptKey: randomUUID(), client_order_id: randomUUID(), max_taker_fee: "2.00" });
    expect(r).toMatchObject({
      ok: false,
      fieldErrors: { client_order_id: "The provider no longer knows this quote, so nothing was placed. Get a fresh quote and review it again." },
    });
    expect(r.ok ? {} : r.fieldErrors).not.toHaveProperty("max_taker_fee");
    expect(sent("/orders").map((o) => o.status)).toEqual([400]);
    expect(await orderCount()).toBe(before);
  });

  it("gives every quote its own id, so a re-quote never reuses one", async () => {
    await as("operator");
    const a = await quoteProOrder(LIMIT);
    const b = await quoteProOrder(LIMIT);
    if (!a.ok || !b.ok) throw new Error("quote failed");
    expect(a.data.client_order_id).not.toBe(b.data.client_order_id);
    expect(sent("/orders/quote").map((c) => c.body!.client_order_id)).toEqual([a.data.client_order_id, b.data.client_order_id]);
  });

  it("above the threshold the approver's send carries the same id, and a lost answer retried is a replay", async () => {
    await testDb().approvalThreshold.create({ data: { organizationId: team.org.id, kind: "pro_order", currency: "USD", amount: "1.00" } });
    await as("operator");
    const before = await orderCount();
    const q = await quoteProOrder(LIMIT);
    if (!q.ok) throw new Error(JSON.stringify(q));
    const id = q.data.client_order_id;
    const r = await placeProOrder({ ...LIMIT, attemptKey: randomUUID(), client_order_id: id!, max_taker_fee: q.data.estimated_fee! });
    if (!r.ok || r.data.outcome !== "pending_approval") throw new Error(JSON.stringify(r));
    expect(sent("/orders")).toHaveLength(0);

    await as("approver");
    loseNextOrderAnswers = 1;
    expect(await approveRequest({ requestId: r.data.approvalId })).toMatchObject({ ok: true });
    const orders = sent("/orders");
    // The first send went through at the provider but its answer was lost; the retry is the same request.
    expect(orders.map((o) => o.status)).toEqual([502, 200]);
    expect(orders.map((o) => o.body)).toEqual([
      { ...LIMIT, client_order_id: id, max_taker_fee: "2.00" },
      { ...LIMIT, client_order_id: id, max_taker_fee: "2.00" },
    ]);
    expect(await orderCount()).toBe(before + 1);
    const row = await testDb().approvalRequest.findUniqueOrThrow({ where: { id: r.data.approvalId } });
    expect(row).toMatchObject({ kind: "pro_order", status: "sent" });
  });
});
