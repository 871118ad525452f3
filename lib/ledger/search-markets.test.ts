/**
 * Search over the Pro and Coins kinds of the local copy, against a real PostgreSQL: order ids,
 * client order ids, symbols, transaction hashes, addresses and account holders are found, grouped
 * by kind, each hit linking to its detail page; then GET /api/search as a viewer.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { GET } from "@/app/api/search/route";
import { createTeam, testDb } from "@/test/factories";
import { signInAs, signOutTest } from "@/test/session";
import { searchCopy } from "./search";
import type { SearchAnswer } from "./search-kinds";
import { type LedgerScope, storeObjects } from "./store";

let team: Awaited<ReturnType<typeof createTeam>>;
let scope: LedgerScope;

const PRO_ORDER = "7d1c2a40-5b7e-4f0e-9a51-0c3d2e1f0a11";
const PRO_ORDER_OLD = "7d1c2a40-0000-4f0e-9a51-0c3d2e1f0a22";
const COINS_ORDER = "c01d0000-1111-4222-8333-444455556666";
const CRYPTO_W = "aa11bb22-cc33-4d44-8e55-ff6677889900";
const FIAT_W = "f1a7f1a7-0000-4000-8000-000000000001";
const HASH = `0x${"9f3e".repeat(16)}`;
const ADDRESS = "0xAbCdEf0123456789aBcDeF0123456789AbCdEf01";

const proOrder = (order_id: string, client: string, created: string, over: Record<string, unknown> = {}) => ({
  order_id,
  client_order_id: client,
  symbol: "USDT-NGN",
  side: "buy",
  type: "limit",
  status: "filled",
  price: "1550.00",
  requested_quantity: "100",
  filled_quantity: "100",
  created_at: created,
  updated_at: created,
  ...over,
});

beforeEach(async () => {
  team = await createTeam();
  scope = { organizationId: team.org.id, environment: "sandbox" };
  signOutTest();
  await storeObjects(
    scope,
    "pro_order",
    [
      proOrder(PRO_ORDER, "desk-2026-11-24-a", "2026-11-24T10:00:00.000Z"),
      proOrder(PRO_ORDER_OLD, "desk-2026-11-01-b", "2026-11-01T10:00:00.000Z", { symbol: "USDC-NGN", status: "cancelled" }),
    ],
    "sweep",
  );
  await storeObjects(
    scope,
    "pro_trade",
    [
      {
        trade_id: "trd_551",
        order_id: PRO_ORDER,
        client_order_id: "desk-2026-11-24-a",
        symbol: "USDT-NGN",
        price: "1550.00",
        quantity: "100",
        executed_at: "2026-11-24T10:00:05.000Z",
      },
    ],
    "sweep",
  );
  await storeObjects(
    scope,
    "coins_order",
    [
      {
        id: COINS_ORDER,
        side: "sell",
        status: "completed",
        base_asset: "BTC",
        base_amount: "0.25",
        quote_asset: "USDT",
        client_order_id: "treasury-sell-btc-7",
        created_at: "2026-11-23T08:00:00.000Z",
        updated_at: "2026-11-23T08:00:01.000Z",
      },
    ],
    "sweep",
  );
  await storeObjects(
    scope,
    "coins_crypto_withdrawal",
    [
      {
        id: CRYPTO_W,
        address: ADDRESS,
        asset: "USDT",
        chain: "ethereum",
        amount: "500",
        status: "completed",
        tx_hash: HASH,
        created_at: "2026-11-22T08:00:00.000Z",
      },
    ],
    "sweep",
  );
  await storeObjects(
    scope,
    "coins_fiat_withdrawal",
    [
      {
        id: FIAT_W,
        currency: "NGN",
        amount: "250000",
        account_number: "0011223344",
        account_name: "Chidinma Eze",
        reference: "PAYROLL-NOV-26",
        status: "processing",
        created_at: "2026-11-21T08:00:00.000Z",
      },
    ],
    "sweep",
  );
  await storeObjects(
    scope,
    "coins_transaction",
    [{ id: "ctx_77", type: "trade", asset: "BTC", amount: "0.25", status: "completed", reference_id: COINS_ORDER, created_at: "2026-11-23T08:00:02.000Z" }],
    "sweep",
  );
});

const ids = (groups: Awaited<ReturnType<typeof searchCopy>>) => groups.map((g) => [g.kind, g.hits.map((h) => h.id)]);

describe("searchCopy over the Pro and Coins kinds", () => {
  it("finds a Pro order by its id or client order id, and its trade, which opens the order's page", async () => {
    const byId = await searchCopy(scope, PRO_ORDER);
    expect(byId[0]).toMatchObject({ kind: "pro_order", heading: "Pro orders", hits: [{ id: PRO_ORDER, matched: null, href: `/pro/orders/${PRO_ORDER}` }] });
    // The order's trade carries the order id too: its own group, after the exact id.
    expect(byId[1]).toMatchObject({ kind: "pro_trade", heading: "Pro trades", hits: [{ id: "trd_551", href: `/pro/orders/${PRO_ORDER}` }] });
    const [byClient] = await searchCopy(scope, "DESK-2026-11-24", { kinds: ["pro_order"] });
    expect(byClient).toMatchObject({ hits: [{ id: PRO_ORDER, matched: "desk-2026-11-24-a" }] });
    expect(byClient!.hits[0]!.detail).toBe("filled · 100 USDT-NGN · 2026-11-24");
  });

  it("finds orders by symbol, newest first, and Coins orders by asset", async () => {
    expect(ids(await searchCopy(scope, "ngn", { kinds: ["pro_order"] }))).toEqual([["pro_order", [PRO_ORDER, PRO_ORDER_OLD]]]);
    expect(ids(await searchCopy(scope, "usdc-ngn"))).toEqual([["pro_order", [PRO_ORDER_OLD]]]);
    const [btc] = await searchCopy(scope, "btc", { kinds: ["coins_order"] });
    expect(btc).toMatchObject({ kind: "coins_order", heading: "Coins orders", hits: [{ id: COINS_ORDER, href: `/coins/orders/${COINS_ORDER}` }] });
    expect(ids(await searchCopy(scope, "treasury-sell"))).toEqual([["coins_order", [COINS_ORDER]]]);
  });

  it("finds a crypto withdrawal by its transaction hash or destination address, whatever their case", async () => {
    const [byHash] = await searchCopy(scope, HASH.slice(20, 44).toUpperCase());
    expect(byHash).toMatchObject({
      kind: "coins_crypto_withdrawal",
      heading: "Crypto withdrawals",
      hits: [{ id: CRYPTO_W, matched: HASH, href: `/coins/withdrawals/crypto/${CRYPTO_W}`, detail: "completed · 500 USDT · 2026-11-22" }],
    });
    const [byAddress] = await searchCopy(scope, ADDRESS.slice(0, 12));
    expect(byAddress).toMatchObject({ kind: "coins_crypto_withdrawal", hits: [{ id: CRYPTO_W, matched: ADDRESS.toLowerCase() }] });
  });

  it("finds a fiat withdrawal by account number, holder or reference, titled with the holder's name", async () => {
    for (const q of ["11223344", "chidinma", "payroll-nov"]) {
      const [g] = await searchCopy(scope, q);
      expect(g).toMatchObject({
        kind: "coins_fiat_withdrawal",
        heading: "Fiat withdrawals",
        hits: [{ id: FIAT_W, title: "Chidinma Eze", href: `/coins/withdrawals/fiat/${FIAT_W}` }],
      });
    }
  });

  it("groups a Coins order with the transaction that references it; the transaction opens the transactions list", async () => {
    // The order's own id ranks above the same value held by the transaction.
    const groups = await searchCopy(scope, COINS_ORDER.toUpperCase());
    expect(ids(groups)).toEqual([
      ["coins_order", [COINS_ORDER]],
      ["coins_transaction", ["ctx_77"]],
    ]);
    expect(groups[1]).toMatchObject({ heading: "Coins transactions", hits: [{ href: "/coins/transactions", matched: COINS_ORDER }] });
  });
});

describe("GET /api/search over the Pro and Coins kinds", () => {
  const get = async (qs: string) => {
    const res = await GET(new Request(`http://app.test/api/search${qs}`));
    return { status: res.status, body: (await res.json()) as SearchAnswer };
  };

  it("answers a viewer with every market kind's group, and one kind when asked", async () => {
    await signInAs(await testDb().user.findUniqueOrThrow({ where: { id: team.viewer.id } }));
    const all = await get("?q=usdt");
    expect(all.status).toBe(200);
    expect(all.body.groups.map((g) => g.kind).sort()).toEqual(["coins_crypto_withdrawal", "coins_order", "pro_order", "pro_trade"]);
    expect(all.body.groups.flatMap((g) => g.hits.map((h) => h.href))).toContain(`/coins/withdrawals/crypto/${CRYPTO_W}`);
    const one = await get(`?q=${CRYPTO_W.slice(0, 8)}&kind=coins_crypto_withdrawal`);
    expect(one.body.groups.map((g) => [g.kind, g.hits.map((h) => h.id)])).toEqual([["coins_crypto_withdrawal", [CRYPTO_W]]]);
  });
});
