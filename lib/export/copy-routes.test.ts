/**
 * The export routes of the nine lists read from the local copy, through their handlers against
 * PostgreSQL: each answers a CSV file named for the list, with the filters on screen, only to a
 * signed-in person whose role has the list page's permission; a filter the copy refuses is a 400
 * with a sentence.
 */
import { randomUUID } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as balanceMoves } from "@/app/api/balances/moves/export/route";
import { GET as coinsOrders } from "@/app/api/coins/orders/export/route";
import { GET as coinsTransactions } from "@/app/api/coins/transactions/export/route";
import { GET as deposits } from "@/app/api/deposits/export/route";
import { GET as fundingAccounts } from "@/app/api/funding-accounts/export/route";
import { GET as proOrders } from "@/app/api/pro/orders/export/route";
import { GET as recipients } from "@/app/api/recipients/export/route";
import { GET as transfers } from "@/app/api/transfers/export/route";
import { GET as withdrawals } from "@/app/api/withdrawals/export/route";
import { routeDefinition } from "@/lib/http/route";
import { storeObjects, type LedgerScope } from "@/lib/ledger/store";
import { createTeam, testDb } from "@/test/factories";
import { csvRowsOf } from "@/test/csv";
import { signInAs, signOutTest } from "@/test/session";

// Every role may see these lists, so a role without their permission is made by taking it away here.
const denied = vi.hoisted(() => ({ role: null as string | null, permission: null as string | null }));
vi.mock("@/lib/auth/permissions", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/lib/auth/permissions")>();
  return { ...actual, can: (role: unknown, p: unknown) => !(role === denied.role && p === denied.permission) && actual.can(role, p) };
});

type Handler = (r: Request) => Promise<Response>;
const at = (day: number) => new Date(Date.UTC(2026, 10, day, 12)).toISOString();

/** Each list: its route, file name, copy kind, two objects and a filter that keeps only the first. */
const LISTS: { path: string; get: Handler; list: string; kind: string; objects: Record<string, unknown>[]; filter: string; header: string[] }[] = [
  {
    path: "/api/deposits/export",
    get: deposits,
    list: "deposits",
    kind: "deposit",
    objects: [
      { id: "dep_1", type: "NGN_DEPOSIT", amount: "100", currency: "NGN", status: "FAILED", created_at: at(2) },
      { id: "dep_2", type: "NGN_DEPOSIT", amount: "200", currency: "NGN", status: "COMPLETED", created_at: at(1) },
    ],
    filter: "status=FAILED",
    header: ["id", "created_at", "updated_at", "type", "status"],
  },
  {
    path: "/api/funding-accounts/export",
    get: fundingAccounts,
    list: "funding-accounts",
    kind: "funding_account",
    objects: [
      { id: "fa_1", type: "PERMANENT", status: "ACTIVE", rail: "CRYPTO_ADDRESS", created_at: at(2) },
      { id: "fa_2", type: "PERMANENT", status: "ACTIVE", rail: "NGN_VIRTUAL_ACCOUNT", created_at: at(1) },
    ],
    filter: "rail=CRYPTO_ADDRESS",
    header: ["id", "created_at", "updated_at", "type", "rail", "status"],
  },
  {
    path: "/api/recipients/export",
    get: recipients,
    list: "recipients",
    kind: "recipient",
    objects: [
      { id: "rcp_1", type: "BANK_ACCOUNT", bank_account: { account_name: "Ada Obi", bank_name: "Access", account_number_last4: "0031" }, created_at: at(2) },
      { id: "rcp_2", type: "BANK_ACCOUNT", bank_account: { account_name: "Bola Ade", bank_name: "GTB", account_number_last4: "7788" }, created_at: at(1) },
    ],
    filter: "q=ada",
    header: ["id", "created_at", "type", "name", "destination", "account_last4"],
  },
  {
    path: "/api/transfers/export",
    get: transfers,
    list: "transfers",
    kind: "transfer",
    objects: [
      { id: "tr_1", status: "FAILED", amount: "5", currency: "NGN", recipient: { id: "rcp_1", type: "BANK_ACCOUNT" }, created_at: at(2) },
      { id: "tr_2", status: "COMPLETED", amount: "6", currency: "NGN", created_at: at(1) },
    ],
    filter: "status=FAILED",
    header: ["id", "reference", "created_at"],
  },
  {
    path: "/api/withdrawals/export",
    get: withdrawals,
    list: "withdrawals",
    kind: "withdrawal",
    objects: [
      { id: "wd_1", amount_usd: "50", status: "SETTLED", created_at: at(2) },
      { id: "wd_2", amount_usd: "60", status: "PENDING", created_at: at(1) },
    ],
    filter: "status=SETTLED",
    header: ["id", "created_at"],
  },
  {
    path: "/api/balances/moves/export",
    get: balanceMoves,
    list: "balance-moves",
    kind: "balance_move",
    objects: [
      { id: "bt_1", amount_usd: "10", status: "COMPLETED", from: "collection_balance_usd", to: "withdrawal_balance_usd", created_at: at(2) },
      { id: "bt_2", amount_usd: "20", status: "PENDING", created_at: at(1) },
    ],
    // The moves have no filters: a stray one changes nothing.
    filter: "status=PENDING",
    header: ["id", "created_at", "status", "amount_usd", "from", "to"],
  },
  {
    path: "/api/pro/orders/export",
    get: proOrders,
    list: "pro-orders",
    kind: "pro_order",
    objects: [
      { order_id: "po_1", symbol: "USDT-NGN", side: "buy", type: "limit", status: "open", requested_quantity: "1", created_at: at(2) },
      { order_id: "po_2", symbol: "USDT-NGN", side: "sell", type: "limit", status: "filled", requested_quantity: "2", created_at: at(1) },
    ],
    // The list opens on the open orders, as the page does; the history is every order.
    filter: "",
    header: ["order_id", "client_order_id", "created_at"],
  },
  {
    path: "/api/coins/orders/export",
    get: coinsOrders,
    list: "coins-orders",
    kind: "coins_order",
    objects: [
      { id: randomUUID(), side: "sell", status: "completed", base_asset: "BTC", quote_asset: "NGN", base_amount: "0.1", created_at: at(2) },
      { id: randomUUID(), side: "buy", status: "completed", base_asset: "BTC", quote_asset: "NGN", base_amount: "0.2", created_at: at(1) },
    ],
    filter: "side=sell",
    header: ["id", "client_order_id", "created_at"],
  },
  {
    path: "/api/coins/transactions/export",
    get: coinsTransactions,
    list: "coins-transactions",
    kind: "coins_transaction",
    objects: [
      { id: "ctx_1", type: "fee", asset: "BTC", amount: "0.001", status: "completed", created_at: at(2) },
      { id: "ctx_2", type: "trade", asset: "BTC", amount: "0.1", status: "completed", created_at: at(1) },
    ],
    filter: "type=fee",
    header: ["id", "created_at", "updated_at", "type"],
  },
];

let team: Awaited<ReturnType<typeof createTeam>>;
const as = async (role: "viewer" | "admin") => signInAs(await testDb().user.findUniqueOrThrow({ where: { id: team[role].id } }));
const get = (handler: Handler, path: string) => handler(new Request(`http://app.test${path}`));
const idOf = (o: Record<string, unknown>) => String(o.id ?? o.order_id);

beforeAll(async () => {
  team = await createTeam();
  const theirs = await createTeam();
  const scope: LedgerScope = { organizationId: team.org.id, environment: "sandbox" };
  for (const l of LISTS) {
    await storeObjects(scope, l.kind, l.objects, "sweep");
    // Another organization's and the other environment's objects of the same kind, never exported here.
    await storeObjects({ organizationId: theirs.org.id, environment: "sandbox" }, l.kind, [{ ...l.objects[0], id: `theirs_${l.kind}` }], "sweep");
    await storeObjects({ ...scope, environment: "production" }, l.kind, [{ ...l.objects[0], id: `prod_${l.kind}` }], "sweep");
  }
});
afterEach(() => {
  denied.role = null;
  denied.permission = null;
});

describe.each(LISTS)("GET $path", (l) => {
  it("declares the permission of the list's page", () => {
    expect(routeDefinition(l.get)?.permission).toBe("data:read");
  });

  it("answers a CSV file named for the list: every row of this organization and environment, newest first", async () => {
    await as("viewer");
    const res = await get(l.get, l.path);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(new RegExp(`^attachment; filename="${l.list}-sandbox-\\d{4}-\\d{2}-\\d{2}\\.csv"$`));
    const [header, ...rows] = await csvRowsOf(res);
    expect(header.slice(0, l.header.length)).toEqual(l.header);
    const expected = l.kind === "pro_order" ? [idOf(l.objects[0]!)] : l.objects.map(idOf);
    expect(rows.map((r) => r[0])).toEqual(expected);
  });

  it("honours the filters on screen", async () => {
    await as("viewer");
    const rows = (await csvRowsOf(await get(l.get, `${l.path}?${l.filter}`))).slice(1);
    const expected = l.kind === "balance_move" ? l.objects.map(idOf) : [idOf(l.objects[0]!)];
    expect(rows.map((r) => r[0])).toEqual(expected);
  });

  it("answers 401 signed out and 403 to a role without the page's permission, with a sentence", async () => {
    signOutTest();
    const out = await get(l.get, l.path);
    expect(out.status).toBe(401);
    expect(await out.json()).toEqual({ error: "Your session has ended. Sign in again." });
    await as("viewer");
    denied.role = "viewer";
    denied.permission = "data:read";
    const refused = await get(l.get, l.path);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: string }).error).toMatch(/role does not allow/);
  });

  it("drops a value the list's filters do not accept, as the page does, instead of failing", async () => {
    await as("admin");
    const res = await get(l.get, `${l.path}?status=NONSENSE&type=%00&customer=x&page=-1&from=yesterday`);
    expect(res.status).toBe(200);
    expect((await csvRowsOf(res)).length).toBeGreaterThan(1);
  });
});

describe("the Pro orders' export", () => {
  it("exports the history when the history is on screen", async () => {
    await as("viewer");
    const rows = (await csvRowsOf(await get(proOrders, "/api/pro/orders/export?view=history"))).slice(1);
    expect(rows.map((r) => r[0])).toEqual(["po_1", "po_2"]);
  });
});

describe("a filter the copy refuses", () => {
  it("is a 400 with a sentence, not a 500 (deposits: a first day after the last)", async () => {
    await as("viewer");
    const res = await get(deposits, "/api/deposits/export?from=2026-11-20&to=2026-11-01");
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(((await res.json()) as { error: string }).error).toBe('The filter "from" must not be after "to".');
  });
});
