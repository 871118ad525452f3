/**
 * Contract suite of the Coins surface over HTTP against the real emulator server: what an API
 * client sees for every endpoint, error, filter, cursor page and scope.
 */
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { Decimal, sum, toDecimal } from "../lib/money";
import { emulatorPerSuite, type Envelope } from "../lib/suite";
import { withEmulator } from "../testing";
import { COINS_MARKET_FIELDS } from "./market-fields";

const suite = emulatorPerSuite({ rateLimitPerMinute: 0 });

async function call<T = any>(
  path: string,
  init: RequestInit & { apiKey?: string | null; json?: unknown; idem?: string | boolean } = {},
): Promise<{ status: number; body: Envelope<T>; headers: Headers }> {
  const { idem, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (idem !== undefined && idem !== false) headers.set("X-Idempotency-Key", idem === true ? randomUUID() : idem);
  const res = await suite.emu.request(`/coins/v1${path}`, { ...rest, headers });
  return { status: res.status, body: (await res.json()) as Envelope<T>, headers: res.headers };
}

const post = <T = any>(path: string, json: unknown, opts: { apiKey?: string; idem?: string | boolean } = {}) =>
  call<T>(path, { method: "POST", json, idem: true, ...opts });

function expectValidation(r: { status: number; body: Envelope }, field: string): void {
  expect(r.status).toBe(400);
  expect(r.body.success).toBe(false);
  expect(r.body.error?.code).toBe("VALIDATION_ERROR");
  expect(r.body.error?.fields?.[field], JSON.stringify(r.body.error)).toBeTypeOf("string");
}

/** Follows next_cursor to the end; returns every item and the number of pages. */
async function walk(path: string, key: string, limit: number): Promise<{ items: any[]; pages: number }> {
  const items: any[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const sep = path.includes("?") ? "&" : "?";
    const r: { status: number; body: Envelope } = await call(`${path}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
    expect(r.status).toBe(200);
    expect(r.body.data[key].length).toBeLessThanOrEqual(limit);
    items.push(...r.body.data[key]);
    cursor = r.body.data.next_cursor;
    pages++;
    expect(pages).toBeLessThan(100);
  } while (cursor !== null);
  return { items, pages };
}

const USDT_CAID = "eip155:1/erc20:0xdac17f958d2ee523a2206206994597c13d831ec7";

describe("auth and scopes", () => {
  it("401 without a key, in the envelope shape", async () => {
    const r = await call("/markets", { apiKey: null });
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ success: false, error: { code: "API_KEY_INVALID" } });
  });

  it("reads need Read: a Write+Trade key gets 403 API_KEY_INVALID_SCOPE on every read", async () => {
    for (const path of [
      "/markets",
      "/orders",
      "/balances",
      "/transactions",
      "/portfolio",
      "/crypto-withdrawals/assets",
      "/crypto-withdrawals/addresses",
      "/crypto-withdrawals",
      "/fiat-withdrawals",
      "/fiat-deposits/options",
    ]) {
      const r = await call(path, { apiKey: suite.emu.keys.noread });
      expect(r.status, path).toBe(403);
      expect(r.body.error?.code, path).toBe("API_KEY_INVALID_SCOPE");
    }
  });

  it("orders need Trade and other writes need Write: a Read-only key is refused", async () => {
    const order = await post("/orders", { side: "buy", market: "BTC-USD", amount: "10.00" }, { apiKey: suite.emu.keys.readonly });
    expect(order.status).toBe(403);
    expect(order.body.error?.code).toBe("API_KEY_INVALID_SCOPE");
    const addr = await post(
      "/crypto-withdrawals/addresses",
      { address: "0x2222222222222222222222222222222222222222", asset: "USDC", chain: "base" },
      { apiKey: suite.emu.keys.readonly },
    );
    expect(addr.status).toBe(403);
    const fiat = await post("/fiat-withdrawals", { amount: "5000.00", bank_code: "044", account_number: "0690000031" }, { apiKey: suite.emu.keys.readonly });
    expect(fiat.status).toBe(403);
  });

  it("a frozen merchant can read but not trade or withdraw", async () => {
    expect((await call("/balances", { apiKey: suite.emu.keys.frozen })).status).toBe(200);
    const order = await post("/orders", { side: "buy", market: "BTC-USD", amount: "10.00" }, { apiKey: suite.emu.keys.frozen });
    expect(order.status).toBe(403);
    expect(order.body.error?.code).toBe("merchant_frozen");
    const fiat = await post("/fiat-withdrawals", { amount: "5000.00", bank_code: "044", account_number: "0690000031" }, { apiKey: suite.emu.keys.frozen });
    expect(fiat.status).toBe(403);
    expect(fiat.body.error?.code).toBe("merchant_frozen");
  });
});

describe("GET /markets", () => {
  it("lists ten markets with exactly the spec's fields", async () => {
    const r = await call("/markets");
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
    expect(Date.parse(r.body.timestamp)).not.toBeNaN();
    const markets = r.body.data.markets as any[];
    expect(markets).toHaveLength(10);
    const pairs = markets.map((m) => `${m.base_asset}/${m.quote_asset}`).sort();
    expect(pairs).toEqual(["BTC/NGN", "BTC/USD", "ETH/NGN", "ETH/USD", "SOL/NGN", "SOL/USD", "USDC/NGN", "USDC/USD", "USDT/NGN", "USDT/USD"]);
    for (const m of markets) {
      expect(Object.keys(m).sort()).toEqual([...COINS_MARKET_FIELDS].sort());
      expect(m.base_caid).toMatch(/^[a-z0-9-]+:[^\s]+$/);
      expect(m.price).toMatch(/^\d+\.\d+$/);
      expect(m.change_pct_24h).toMatch(/^-?\d+\.\d{2}$/);
      expect(m.volume_quote_24h).toMatch(/^\d+\.\d{2}$/);
      expect(Number.isInteger(m.fee_bps)).toBe(true);
      expect(m.min_quote_amount).toMatch(/^\d+\.\d{2}$/);
    }
    expect(markets.find((m) => m.base_asset === "USDT" && m.quote_asset === "NGN")?.base_caid).toBe(USDT_CAID);
  });

  it("filters by base_caid and quote_caid (identifiers compared without case)", async () => {
    const r = await call(`/markets?base_caid=${encodeURIComponent(USDT_CAID.toUpperCase().replace("EIP155", "eip155").replace("ERC20", "erc20"))}`);
    expect(r.body.data.markets.map((m: any) => m.quote_asset).sort()).toEqual(["NGN", "USD"]);
    const both = await call(`/markets?base_caid=${encodeURIComponent(USDT_CAID)}&quote_caid=iso4217:NGN`);
    expect(both.body.data.markets).toHaveLength(1);
    expect(both.body.data.markets[0]).toMatchObject({ base_asset: "USDT", quote_asset: "NGN" });
    const quoteOnly = await call("/markets?quote_caid=iso4217:USD");
    expect(quoteOnly.body.data.markets).toHaveLength(5);
    const none = await call("/markets?base_caid=eip155:1/erc20:0x0000000000000000000000000000000000000000");
    expect(none.status).toBe(200);
    expect(none.body.data.markets).toEqual([]);
    expectValidation(await call("/markets?base_caid=not-a-caid"), "base_caid");
  });

  it("marks SOL/NGN stale (price older than 5 minutes) while the others are fresh", async () => {
    const r = await call("/markets");
    const now = Date.parse(r.body.timestamp);
    for (const m of r.body.data.markets) {
      const age = now - Date.parse(m.price_fetched_at);
      if (m.base_asset === "SOL" && m.quote_asset === "NGN") expect(age).toBeGreaterThan(5 * 60_000);
      else expect(age).toBeLessThan(60_000);
    }
  });

  it("moves prices over emulated time", async () => {
    const before = await call("/markets?quote_caid=iso4217:USD");
    await suite.emu.control.advance(3 * 3_600_000);
    const after = await call("/markets?quote_caid=iso4217:USD");
    const price = (r: typeof before) => r.body.data.markets.find((m: any) => m.base_asset === "BTC").price;
    expect(price(after)).not.toBe(price(before));
    expect(Date.parse(after.body.data.markets[0].price_fetched_at) - Date.parse(before.body.data.markets[0].price_fetched_at)).toBeGreaterThanOrEqual(
      3 * 3_600_000 - 15_000,
    );
  });

  it("answers 503 on withdrawal endpoints while the wallet service is down (injected fault)", async () => {
    await suite.emu.control.setFaults({ path_prefix: "/coins/v1/crypto-withdrawals", wallet_unavailable: true, times: 1 });
    const r = await call("/crypto-withdrawals/assets");
    expect(r.status).toBe(503);
    expect(r.body.success).toBe(false);
    expect((await call("/crypto-withdrawals/assets")).status).toBe(200);
  });

  it("answers 500 when markets fail to load (injected fault)", async () => {
    await suite.emu.control.setFaults({ path_prefix: "/coins/v1/markets", error_status: 500, error_code: "MARKETS_UNAVAILABLE", times: 1 });
    const r = await call("/markets");
    expect(r.status).toBe(500);
    expect(r.body).toMatchObject({ success: false, error: { code: "MARKETS_UNAVAILABLE" } });
    expect((await call("/markets")).status).toBe(200);
  });
});

describe("orders", () => {
  it("places a buy (pending, funds locked), executes it after emulated time, and shows it everywhere", async () => {
    const balancesBefore = (await call("/balances")).body.data.balances as any[];
    const ngnBefore = balancesBefore.find((b) => b.asset === "NGN");
    const placed = await post("/orders", { side: "buy", base_asset: "BTC", quote_asset: "NGN", amount: "200000.00", client_order_id: "contract-buy-1" });
    expect(placed.status).toBe(201);
    expect(placed.body.message).toBe("Order placed");
    const o = placed.body.data;
    expect(o).toMatchObject({
      side: "buy",
      status: "pending",
      base_asset: "BTC",
      quote_asset: "NGN",
      quote_amount: "200000.00",
      base_amount: null,
      executed_price: null,
      filled_quantity: "0.00000000",
      fee: "0.00",
      fee_asset: "NGN",
      failure_reason: null,
      client_order_id: "contract-buy-1",
    });
    expect(o.id).toMatch(/^[0-9a-f-]{36}$/);
    for (const f of [
      "id",
      "side",
      "status",
      "base_asset",
      "base_amount",
      "quote_asset",
      "quote_amount",
      "executed_price",
      "filled_quantity",
      "fee",
      "fee_asset",
      "failure_reason",
      "created_at",
    ])
      expect(o).toHaveProperty(f);

    const locked = (await call("/balances")).body.data.balances.find((b: any) => b.asset === "NGN");
    expect(locked.locked).toBe(toDecimal(ngnBefore.locked).plus(200000).toFixed(2));
    expect(locked.available).toBe(toDecimal(ngnBefore.available).minus(200000).toFixed(2));

    await suite.emu.control.advance(6_000);
    const done = await call(`/orders/${o.id}`);
    expect(done.status).toBe(200);
    const d = done.body.data;
    expect(d.status).toBe("completed");
    expect(d.fee).toBe("1500.00"); // 75 bps of 200,000.00
    expect(d.base_amount).toBe(toDecimal("198500").dividedBy(d.executed_price).toFixed(8, Decimal.ROUND_DOWN));
    expect(d.filled_quantity).toBe(d.base_amount);
    const after = (await call("/balances")).body.data.balances.find((b: any) => b.asset === "NGN");
    expect(after.locked).toBe(ngnBefore.locked);
    expect(after.total).toBe(toDecimal(ngnBefore.total).minus(200000).toFixed(2));

    const txs = (await call(`/transactions?limit=100`)).body.data.transactions.filter((t: any) => t.reference_id === o.id);
    expect(txs.map((t: any) => `${t.type}:${t.direction}:${t.asset}:${t.amount}`).sort()).toEqual(
      [`fee:debit:NGN:1500.00`, `trade:credit:BTC:${d.base_amount}`, `trade:debit:NGN:198500.00`].sort(),
    );
  });

  it('accepts market as "ETH-USD" for a sell of a base amount', async () => {
    const r = await post("/orders", { side: "sell", market: "eth-usd", amount: "0.05" });
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({ side: "sell", base_asset: "ETH", quote_asset: "USD", base_amount: "0.05000000", quote_amount: null });
  });

  it("replays the same X-Idempotency-Key without placing twice, and refuses it for another body", async () => {
    const key = randomUUID();
    const first = await post("/orders", { side: "buy", market: "USDT-USD", amount: "20.00" }, { idem: key });
    const again = await post("/orders", { side: "buy", market: "USDT-USD", amount: "20.00" }, { idem: key });
    expect(again.status).toBe(201);
    expect(again.body.data.id).toBe(first.body.data.id);
    const other = await post("/orders", { side: "buy", market: "USDT-USD", amount: "21.00" }, { idem: key });
    expect(other.status).toBe(409);
    expect(other.body.error?.code).toBe("IDEMPOTENCY_KEY_REUSED");
    const missing = await post("/orders", { side: "buy", market: "USDT-USD", amount: "20.00" }, { idem: false });
    expect(missing.status).toBe(400);
    expect(missing.body.error?.code).toBe("IDEMPOTENCY_KEY_REQUIRED");
  });

  it("validates the body with field errors", async () => {
    expectValidation(await post("/orders", { market: "BTC-USD", amount: "10.00" }), "side");
    expectValidation(await post("/orders", { side: "buy", market: "BTC-USD", amount: 10 }), "amount");
    expectValidation(await post("/orders", { side: "buy", market: "BTC-USD", amount: "-1" }), "amount");
    expectValidation(await post("/orders", { side: "buy", market: "BTC-USD", amount: "0" }), "amount");
    expectValidation(await post("/orders", { side: "buy", base_asset: "BTC", amount: "10.00" }), "quote_asset");
    expectValidation(await post("/orders", { side: "buy", market: "BTC-USD", base_asset: "ETH", amount: "10.00" }), "market");
    expectValidation(await post("/orders", { side: "buy", market: "BTC-USD", amount: "10.001" }), "amount");
    expectValidation(await post("/orders", { side: "hold", market: "BTC-USD", amount: "10.00" }), "side");
    const notJson = await call("/orders", { method: "POST", body: "{nope", headers: { "Content-Type": "application/json" }, idem: true });
    expectValidation(notJson, "body");
  });

  it("enforces the market's min_quote_amount in quote terms (400 with a field error)", async () => {
    const buy = await post("/orders", { side: "buy", market: "BTC-NGN", amount: "1999.99" });
    expectValidation(buy, "amount");
    expect(buy.body.error?.fields?.amount).toContain("2000.00 NGN");
    const sell = await post("/orders", { side: "sell", market: "BTC-USD", amount: "0.00001" });
    expectValidation(sell, "amount");
    expect(sell.body.error?.fields?.amount).toContain("5.00 USD");
  });

  it("404 SYMBOL_NOT_FOUND for a market that does not exist", async () => {
    const r = await post("/orders", { side: "buy", market: "DOGE-NGN", amount: "5000.00" });
    expect(r.status).toBe(404);
    expect(r.body.error?.code).toBe("SYMBOL_NOT_FOUND");
  });

  it("400 INSUFFICIENT_BALANCE when the balance is too low", async () => {
    const r = await post("/orders", { side: "sell", market: "BTC-USD", amount: "3" });
    expect(r.status).toBe(400);
    expect(r.body.error?.code).toBe("INSUFFICIENT_BALANCE");
    expect(r.body.error?.details).toMatchObject({ asset: "BTC", required: "3.00000000" });
  });

  it("fails an order deeper than the book with insufficient_liquidity and releases the funds", async () => {
    const placed = await post("/orders", { side: "buy", market: "USDC-NGN", amount: "1500000.00" });
    expect(placed.status).toBe(201);
    await suite.emu.control.advance(6_000);
    const r = await call(`/orders/${placed.body.data.id}`);
    expect(r.body.data).toMatchObject({ status: "failed", failure_reason: "insufficient_liquidity", executed_price: null });
  });

  it("refuses a second order with the same client_order_id", async () => {
    const r = await post("/orders", { side: "buy", market: "BTC-NGN", amount: "5000.00", client_order_id: "contract-buy-1" });
    expect(r.status).toBe(409);
    expect(r.body.error?.code).toBe("DUPLICATE_CLIENT_ORDER_ID");
    expect(r.body.error?.details?.order_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("cancels a pending order; a finished one cannot be cancelled", async () => {
    const placed = await post("/orders", { side: "buy", market: "SOL-USD", amount: "10.00" });
    const cancel = await call(`/orders/${placed.body.data.id}/cancel`, { method: "POST" });
    expect(cancel.status).toBe(200);
    expect(cancel.body.data.status).toBe("cancelled");
    const again = await call(`/orders/${placed.body.data.id}/cancel`, { method: "POST" });
    expect(again.status).toBe(409);
    expect(again.body.error?.code).toBe("ORDER_NOT_CANCELLABLE");
  });

  it("GET /orders/{id}: 400 for a malformed id, 404 for an unknown one, 404 for another merchant's", async () => {
    expectValidation(await call("/orders/not-a-uuid"), "id");
    const unknown = await call(`/orders/${randomUUID()}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error?.code).toBe("ORDER_NOT_FOUND");
    const mine = (await call("/orders?limit=1")).body.data.orders[0];
    const theirs = await call(`/orders/${mine.id}`, { apiKey: suite.emu.keys.second });
    expect(theirs.status).toBe(404);
  });

  it("lists with filters (status, side, base_asset, quote_asset)", async () => {
    const failed = (await call("/orders?status=failed&limit=100")).body.data.orders;
    expect(failed.length).toBeGreaterThanOrEqual(3);
    expect(failed.every((o: any) => o.status === "failed" && typeof o.failure_reason === "string")).toBe(true);
    const sells = (await call("/orders?side=sell&limit=100")).body.data.orders;
    expect(sells.length).toBeGreaterThan(0);
    expect(sells.every((o: any) => o.side === "sell")).toBe(true);
    const btcNgn = (await call("/orders?base_asset=btc&quote_asset=NGN&limit=100")).body.data.orders;
    expect(btcNgn.length).toBeGreaterThan(0);
    expect(btcNgn.every((o: any) => o.base_asset === "BTC" && o.quote_asset === "NGN")).toBe(true);
    expectValidation(await call("/orders?status=open"), "status");
    expectValidation(await call("/orders?side=long"), "side");
    expectValidation(await call("/orders?base_asset=DOGE"), "base_asset");
  });

  it("pages with an opaque cursor, newest first, next_cursor null at the end", async () => {
    const all = (await call("/orders?limit=100")).body.data;
    expect(all.next_cursor).toBeNull();
    const { items, pages } = await walk("/orders", "orders", 2);
    expect(items.map((o) => o.id)).toEqual(all.orders.map((o: any) => o.id));
    expect(pages).toBe(Math.ceil(all.orders.length / 2));
    const created = items.map((o) => Date.parse(o.created_at));
    expect([...created].sort((a, b) => b - a)).toEqual(created);
    const filtered = await walk("/orders?status=completed", "orders", 1);
    expect(filtered.items.every((o) => o.status === "completed")).toBe(true);
  });

  it("refuses invalid cursors and limits with 400", async () => {
    expectValidation(await call("/orders?cursor=garbage!"), "cursor");
    expectValidation(await call(`/orders?cursor=${Buffer.from("orders:abc").toString("base64url")}`), "cursor");
    const txCursor = (await call("/transactions?limit=1")).body.data.next_cursor;
    expectValidation(await call(`/orders?cursor=${txCursor}`), "cursor");
    expectValidation(await call("/orders?limit=0"), "limit");
    expectValidation(await call("/orders?limit=101"), "limit");
    expectValidation(await call("/orders?limit=ten"), "limit");
  });
});

describe("balances, transactions, portfolio", () => {
  it("GET /balances lists every asset with available, locked and total", async () => {
    const r = await call("/balances");
    const balances = r.body.data.balances as any[];
    expect(balances.map((b) => b.asset)).toEqual(["NGN", "USD", "BTC", "ETH", "USDT", "USDC", "SOL"]);
    for (const b of balances) {
      expect(b.total).toBe(toDecimal(b.available).plus(b.locked).toFixed(b.total.split(".")[1].length));
      expect(toDecimal(b.available).isNegative()).toBe(false);
    }
  });

  it("GET /transactions filters by type, asset and status and pages by cursor", async () => {
    const deposits = (await call("/transactions?type=deposit&limit=100")).body.data.transactions;
    expect(deposits).toHaveLength(7);
    expect(deposits.every((t: any) => t.type === "deposit" && t.direction === "credit" && t.status === "completed")).toBe(true);
    const fees = (await call("/transactions?type=fee&asset=NGN&limit=100")).body.data.transactions;
    expect(fees.length).toBeGreaterThan(0);
    expect(fees.every((t: any) => t.type === "fee" && t.asset === "NGN")).toBe(true);
    const all = (await call("/transactions?limit=100")).body.data.transactions;
    const { items } = await walk("/transactions", "transactions", 7);
    expect(items.map((t) => t.id)).toEqual(all.map((t: any) => t.id));
    const times = items.map((t) => Date.parse(t.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expectValidation(await call("/transactions?type=bonus"), "type");
    expectValidation(await call("/transactions?status=done"), "status");
  });

  it("GET /portfolio values every asset in USD; the rows add up to the total exactly", async () => {
    const p = (await call("/portfolio")).body.data;
    expect(p.total_value_usd).toMatch(/^\d+\.\d{2}$/);
    expect(sum(p.assets.map((a: any) => a.value_usd)).toFixed(2)).toBe(p.total_value_usd);
    const balances = (await call("/balances")).body.data.balances as any[];
    for (const a of p.assets) {
      expect(a.balance).toBe(balances.find((b) => b.asset === a.asset).total);
      expect(a.value_usd).toBe(toDecimal(a.balance).times(a.price_usd).toFixed(2, Decimal.ROUND_HALF_UP));
    }
  });
});

describe("crypto withdrawals", () => {
  it("GET /crypto-withdrawals/assets lists assets with chains (spec fields)", async () => {
    const assets = (await call("/crypto-withdrawals/assets")).body.data as any[];
    expect(Array.isArray(assets)).toBe(true);
    expect(assets.map((a) => a.symbol)).toEqual(["BTC", "ETH", "USDT", "USDC", "SOL"]);
    for (const a of assets) {
      expect(a).toMatchObject({ display_name: expect.any(String), decimals: expect.any(Number), icon: expect.stringMatching(/^https:\/\//) });
      for (const ch of a.chains) {
        expect(ch).toMatchObject({
          blockchain: expect.any(String),
          blockchain_name: expect.any(String),
          caid: expect.stringMatching(/:/),
          icon: expect.stringMatching(/^https:\/\//),
        });
        expect(ch).toHaveProperty("contract_address");
      }
    }
    const usdt = assets.find((a) => a.symbol === "USDT");
    expect(usdt.chains.map((c: any) => c.blockchain)).toEqual(["ethereum", "tron", "polygon"]);
    expect(assets.find((a) => a.symbol === "BTC").chains[0].contract_address).toBeNull();
  });

  let addressId = "";

  it("saves an address with a per-chain format check and lists it", async () => {
    const created = await post(
      "/crypto-withdrawals/addresses",
      { address: "0x3333333333333333333333333333333333333333", asset: "usdt", chain: "Polygon", label: "Payroll" },
      { idem: false },
    );
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ address: "0x3333333333333333333333333333333333333333", asset: "USDT", chain: "polygon", label: "Payroll" });
    expect(Object.keys(created.body.data)).toEqual(expect.arrayContaining(["id", "address", "asset", "chain", "label", "created_at"]));
    addressId = created.body.data.id;
    const list = (await call("/crypto-withdrawals/addresses")).body.data as any[];
    expect(list[0].id).toBe(addressId);
    expect(list.length).toBe(3);
    expect((await call("/crypto-withdrawals/addresses?chain=tron")).body.data.every((a: any) => a.chain === "tron")).toBe(true);

    const dup = await post(
      "/crypto-withdrawals/addresses",
      { address: "0x3333333333333333333333333333333333333333", asset: "USDT", chain: "polygon" },
      { idem: false },
    );
    expect(dup.status).toBe(409);
    expect(dup.body.error?.code).toBe("ADDRESS_ALREADY_EXISTS");
  });

  it("refuses addresses that do not fit the chain, and unknown assets or chains", async () => {
    const bad = [
      [{ address: "0x123", asset: "USDC", chain: "base" }, "address"],
      [{ address: "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE", asset: "USDT", chain: "ethereum" }, "address"],
      [{ address: "0x3333333333333333333333333333333333333333", asset: "USDT", chain: "tron" }, "address"],
      [{ address: "not-bitcoin", asset: "BTC", chain: "bitcoin" }, "address"],
      [{ address: "0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl", asset: "SOL", chain: "solana" }, "address"],
      [{ address: "0x3333333333333333333333333333333333333333", asset: "BTC", chain: "ethereum" }, "chain"],
      [{ address: "0x3333333333333333333333333333333333333333", asset: "DOGE", chain: "ethereum" }, "asset"],
      [{ asset: "USDC", chain: "base" }, "address"],
    ] as const;
    for (const [body, field] of bad) expectValidation(await post("/crypto-withdrawals/addresses", body, { idem: false }), field);
    const ok = await post(
      "/crypto-withdrawals/addresses",
      { address: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", asset: "BTC", chain: "bitcoin" },
      { idem: false },
    );
    expect(ok.status).toBe(201);
    expect(ok.body.data.label).toBe("");
  });

  it("PATCH renames the label; an empty string clears it", async () => {
    const renamed = await call(`/crypto-withdrawals/addresses/${addressId}`, { method: "PATCH", json: { label: "Payroll (Polygon)" } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ id: addressId, label: "Payroll (Polygon)" });
    const cleared = await call(`/crypto-withdrawals/addresses/${addressId}`, { method: "PATCH", json: { label: "" } });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.label).toBe("");
    const listed = (await call("/crypto-withdrawals/addresses")).body.data.find((a: any) => a.id === addressId);
    expect(listed.label).toBe("");
    expectValidation(await call(`/crypto-withdrawals/addresses/${addressId}`, { method: "PATCH", json: {} }), "label");
    expectValidation(await call(`/crypto-withdrawals/addresses/${addressId}`, { method: "PATCH", json: { label: null } }), "label");
    expectValidation(await call(`/crypto-withdrawals/addresses/${addressId}`, { method: "PATCH", json: { label: "x".repeat(65) } }), "label");
    expectValidation(await call("/crypto-withdrawals/addresses/nope", { method: "PATCH", json: { label: "a" } }), "id");
    const missing = await call(`/crypto-withdrawals/addresses/${randomUUID()}`, { method: "PATCH", json: { label: "a" } });
    expect(missing.status).toBe(404);
    expect(missing.body.error?.code).toBe("ADDRESS_NOT_FOUND");
    const readOnly = await call(`/crypto-withdrawals/addresses/${addressId}`, { method: "PATCH", json: { label: "a" }, apiKey: suite.emu.keys.readonly });
    expect(readOnly.status).toBe(403);
  });

  it("creates a withdrawal to a saved address, which moves pending -> processing -> completed", async () => {
    const before = (await call("/balances")).body.data.balances.find((b: any) => b.asset === "USDT");
    const r = await post("/crypto-withdrawals", { address_id: addressId, asset: "USDT", chain: "polygon", amount: "25.5" });
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({
      address_id: addressId,
      asset: "USDT",
      chain: "polygon",
      amount: "25.500000",
      fee: "0.200000",
      total_debit: "25.700000",
      status: "pending",
      tx_hash: null,
    });
    const mid = (await call("/balances")).body.data.balances.find((b: any) => b.asset === "USDT");
    expect(mid.available).toBe(toDecimal(before.available).minus("25.7").toFixed(6));
    await suite.emu.control.advance(6_000);
    expect((await call(`/crypto-withdrawals/${r.body.data.id}`)).body.data).toMatchObject({
      status: "processing",
      tx_hash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
    });
    await suite.emu.control.advance(60_000);
    const done = (await call(`/crypto-withdrawals/${r.body.data.id}`)).body.data;
    expect(done.status).toBe("completed");
    expect(done.completed_at).not.toBeNull();
    const after = (await call("/balances")).body.data.balances.find((b: any) => b.asset === "USDT");
    expect(after.total).toBe(toDecimal(before.total).minus("25.7").toFixed(6));
    const listed = (await call("/crypto-withdrawals?status=completed&limit=100")).body.data;
    expect(listed.withdrawals.some((w: any) => w.id === r.body.data.id)).toBe(true);
    expect(listed.next_cursor).toBeNull();
  });

  it("validates withdrawals: address, asset/chain match, minimum, balance", async () => {
    expectValidation(await post("/crypto-withdrawals", { address_id: "x", asset: "USDT", chain: "polygon", amount: "10" }), "address_id");
    const unknown = await post("/crypto-withdrawals", { address_id: randomUUID(), asset: "USDT", chain: "polygon", amount: "10" });
    expect(unknown.status).toBe(404);
    expectValidation(await post("/crypto-withdrawals", { address_id: addressId, asset: "USDC", chain: "polygon", amount: "10" }), "asset");
    expectValidation(await post("/crypto-withdrawals", { address_id: addressId, asset: "USDT", chain: "tron", amount: "10" }), "chain");
    expectValidation(await post("/crypto-withdrawals", { address_id: addressId, asset: "USDT", chain: "polygon", amount: "1.5" }), "amount");
    const poor = await post("/crypto-withdrawals", { address_id: addressId, asset: "USDT", chain: "polygon", amount: "1000000" });
    expect(poor.status).toBe(400);
    expect(poor.body.error?.code).toBe("INSUFFICIENT_BALANCE");
    expectValidation(await call("/crypto-withdrawals?status=sent"), "status");
    expectValidation(await call("/crypto-withdrawals?cursor=zzz"), "cursor");
  });
});

describe("fiat withdrawals and deposit options", () => {
  it("sends NGN to a bank account; statuses move with time; list filters and pages", async () => {
    const r = await post("/fiat-withdrawals", { amount: "15000.00", bank_code: "058", account_number: "0123456781", narration: "Vendor payout" });
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({
      currency: "NGN",
      amount: "15000.00",
      fee: "50.00",
      total_debit: "15050.00",
      bank_code: "058",
      bank_name: "Guaranty Trust Bank",
      account_number: "0123456781",
      status: "pending",
    });
    const failing = await post("/fiat-withdrawals", { amount: "2000.00", bank_code: "044", account_number: "0690000099" });
    expect(failing.status).toBe(201);
    await suite.emu.control.advance(40_000);
    expect((await call(`/fiat-withdrawals/${r.body.data.id}`)).body.data.status).toBe("completed");
    expect((await call(`/fiat-withdrawals/${failing.body.data.id}`)).body.data).toMatchObject({
      status: "failed",
      failure_reason: "beneficiary_account_invalid",
    });
    const failed = (await call("/fiat-withdrawals?status=failed")).body.data.withdrawals;
    expect(failed.map((w: any) => w.id)).toContain(failing.body.data.id);
    const { items } = await walk("/fiat-withdrawals", "withdrawals", 1);
    expect(items.length).toBe(3);
  });

  it("validates fiat withdrawals (minimum, bank, account number, currency, balance)", async () => {
    expectValidation(await post("/fiat-withdrawals", { amount: "999.99", bank_code: "044", account_number: "0690000031" }), "amount");
    expectValidation(await post("/fiat-withdrawals", { amount: "5000.00", bank_code: "999", account_number: "0690000031" }), "bank_code");
    expectValidation(await post("/fiat-withdrawals", { amount: "5000.00", bank_code: "044", account_number: "12345" }), "account_number");
    expectValidation(await post("/fiat-withdrawals", { amount: "5000.00", currency: "USD", bank_code: "044", account_number: "0690000031" }), "currency");
    expectValidation(await post("/fiat-withdrawals", { amount: "5000.001", bank_code: "044", account_number: "0690000031" }), "amount");
    const poor = await post("/fiat-withdrawals", { amount: "9000000.00", bank_code: "044", account_number: "0690000031" });
    expect(poor.status).toBe(400);
    expect(poor.body.error?.code).toBe("INSUFFICIENT_BALANCE");
    expectValidation(await call(`/fiat-withdrawals/${"1".repeat(5)}`), "id");
    expect((await call(`/fiat-withdrawals/${randomUUID()}`)).status).toBe(404);
  });

  it("GET /fiat-deposits/options: NGN active, USD not active, spec fields", async () => {
    const options = (await call("/fiat-deposits/options")).body.data as any[];
    expect(Array.isArray(options)).toBe(true);
    expect(options.map((o) => [o.currency, o.account.status])).toEqual([
      ["NGN", "active"],
      ["USD", "inactive"],
    ]);
    for (const o of options) {
      expect(o.min_amount).toMatch(/^\d+\.\d{2}$/);
      expect(Object.keys(o.account).sort()).toEqual(["account_name", "account_number", "bank_code", "bank_name", "provider", "status"]);
    }
    expect(options[0].account.account_number).toMatch(/^\d{10}$/);
  });
});

describe("merchant isolation and reset", () => {
  it("the second merchant sees its own seeded state, untouched by the demo merchant's activity", async () => {
    const mine = (await call("/orders?limit=100")).body.data.orders.length;
    const theirs = (await call("/orders?limit=100", { apiKey: suite.emu.keys.second })).body.data.orders.length;
    expect(theirs).toBe(6);
    expect(mine).toBeGreaterThan(6);
  });

  it("reset restores the seeded state", async () => {
    await suite.emu.control.reset();
    expect((await call("/orders?limit=100")).body.data.orders).toHaveLength(6);
    expect((await call("/crypto-withdrawals/addresses")).body.data).toHaveLength(2);
  });
});

describe("persistence", () => {
  it("keeps orders, addresses and balances across a restart on the same data directory", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "coins-persist-"));
    try {
      const first = await withEmulator({ rateLimitPerMinute: 0, dataDir });
      const placed = await first.request("/coins/v1/orders", {
        method: "POST",
        json: { side: "buy", market: "ETH-USD", amount: "50.00" },
        headers: { "X-Idempotency-Key": randomUUID() },
      });
      expect(placed.status).toBe(201);
      const order = ((await placed.json()) as Envelope).data;
      const balances = ((await (await first.request("/coins/v1/balances")).json()) as Envelope).data;
      await first.close();

      const second = await withEmulator({ rateLimitPerMinute: 0, dataDir });
      try {
        const again = ((await (await second.request(`/coins/v1/orders/${order.id}`)).json()) as Envelope).data;
        expect(again.id).toBe(order.id);
        expect(["pending", "completed"]).toContain(again.status);
        const after = ((await (await second.request("/coins/v1/balances")).json()) as Envelope).data;
        // The order may have executed meanwhile (5 s of real time); either way nothing was lost.
        const usdBefore = toDecimal(balances.balances.find((b: any) => b.asset === "USD").total);
        const expected = again.status === "completed" ? usdBefore.minus(50) : usdBefore;
        expect(after.balances.find((b: any) => b.asset === "USD").total).toBe(expected.toFixed(2));
      } finally {
        await second.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
