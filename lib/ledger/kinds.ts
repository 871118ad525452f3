import "server-only";
/**
 * The families of provider objects the local copy keeps, and how each is read: its list endpoint
 * (for sweeps and backfill), its single-object endpoint (for a webhook whose payload is partial)
 * and the columns read from the object when it is stored. A kind's name is the webhook resource
 * type where the provider sends events for it (lib/webhooks/names.ts), so an event and a swept
 * page land on the same row.
 */
import { z } from "zod";
import type { Upstream, UpstreamResult, UpstreamSurface } from "@/lib/upstream";
import * as coins from "@/lib/upstream/schemas/coins";
import * as core from "@/lib/upstream/schemas/core";
import * as pro from "@/lib/upstream/schemas/pro";
import * as stocks from "@/lib/upstream/schemas/stocks";

/** What the store reads from an object besides keeping it whole. */
export interface ObjectColumns {
  status?: string | null;
  amount?: string | null;
  currency?: string | null;
  createdAt?: string | null;
  updatedAt?: string | null;
  /** Values worth finding it by: ids, references, account numbers, names, emails, hashes. */
  search: readonly (string | null | undefined)[];
}

/** One page of a provider list, as every paged core endpoint answers it. */
export interface ProviderPage<T> {
  data: T[];
  page?: number;
  total?: number;
  total_pages?: number;
}

/**
 * Where a list goes on: the provider pages its lists three ways (core: page numbers; Pro: offsets;
 * Coins: opaque cursors), so sweeps and the backfill hold the next position as a string.
 */
export interface ListQuery {
  /** Null for the newest page. */
  cursor: string | null;
  limit: number;
}

export interface ListPage<T> {
  items: T[];
  /** The position of the next (older) page; null at the oldest. */
  next: string | null;
  /** The provider's count of objects in the list, when it gives one. */
  total: number | null;
}

export interface KindDef<T extends object = object> {
  kind: string;
  /** Singular, for people: "deposit", "merchant withdrawal". */
  label: string;
  /** Whose key reads it: a kind is synced only where its surface has a key. */
  surface: UpstreamSurface;
  /** The field holding the provider's id, when it is not `id` (Pro: `order_id`, `trade_id`). */
  idField?: string;
  /** The one id of a kind the provider keeps one of per key, without an id of its own (a snapshot: balances, a portfolio). */
  singletonId?: string;
  /** The family whose status order breaks ties (lib/webhooks/names.ts), when it has one. */
  rankFamily?: string;
  /** The snapshots (balances) a change of this kind moves: read again after its events and the app's writes. */
  affects?: readonly string[];
  /**
   * A snapshot's: the webhook resource types whose events change it though the copy keeps no kind
   * of theirs (a Pro webhook is a row of the webhook list): read again a few seconds after them.
   */
  movedBy?: readonly string[];
  /** Statuses after which the object no longer changes; any other is re-read now and then. */
  final?: readonly string[];
  item: z.ZodType<T>;
  /**
   * How often a sweep reads it, when not the lists' pace: reference data (the rails and assets the
   * provider offers) changes seldom, so it is read every few minutes and a page open on it does not
   * hasten that.
   */
  everyMs?: number;
  /** Newest first. Absent for objects listed only under another one (Pro trades under their order). */
  list?: (up: Upstream, q: ListQuery) => Promise<ListPage<T>>;
  get?: (up: Upstream, id: string) => Promise<UpstreamResult<T>>;
  columns(o: T): ObjectColumns;
}

function define<T extends object>(def: KindDef<T>): KindDef<T> {
  return def;
}

/** A core list paged by page number (1 first). */
function byPage<T>(read: (up: Upstream, page: number, limit: number) => Promise<UpstreamResult<ProviderPage<T>>>) {
  return async (up: Upstream, q: ListQuery): Promise<ListPage<T>> => {
    const page = q.cursor ? Number(q.cursor) : 1;
    const { data: p } = await read(up, page, q.limit);
    const more = p.total_pages != null ? page < p.total_pages : p.data.length >= q.limit;
    return { items: p.data, next: more && p.data.length > 0 ? String(page + 1) : null, total: p.total ?? null };
  };
}

/** A Coins list paged by the cursor of its previous answer. */
function byCursor<T>(read: (up: Upstream, cursor: string | undefined, limit: number) => Promise<{ items: T[]; next_cursor?: string | null }>) {
  return async (up: Upstream, q: ListQuery): Promise<ListPage<T>> => {
    const r = await read(up, q.cursor ?? undefined, q.limit);
    return { items: r.items, next: r.next_cursor || null, total: null };
  };
}

/**
 * A kind the provider keeps one of per key (a balance, a portfolio, a setting): its one read is
 * both its list (a page of one, with no older page) and its fetch, so sweeps, "Refresh" and a
 * write's follow-up read it like any list, and pages read it from the copy like any object.
 */
function snapshot<T extends object>(
  def: Omit<KindDef<T>, "list" | "get" | "singletonId" | "columns"> & {
    read: (up: Upstream) => Promise<UpstreamResult<T>>;
    /** Default: nothing to search or total (balances per asset, settings). */
    columns?: KindDef<T>["columns"];
  },
): KindDef<T> {
  const { read, columns = () => ({ search: [] }), ...rest } = def;
  return {
    ...rest,
    columns,
    singletonId: SNAPSHOT_ID,
    list: async (up) => ({ items: [(await read(up)).data], next: null, total: 1 }),
    get: (up) => read(up),
  };
}

/**
 * A snapshot of an answer that is a bare array (the saved addresses, the webhook list): kept as one
 * object holding it under `field`, `{ [field]: [...] }`.
 */
function listSnapshot<K extends string, T>(
  def: Omit<KindDef<Record<K, T[]>>, "list" | "get" | "singletonId" | "item" | "columns"> & {
    field: K;
    items: z.ZodType<T[]>;
    read: (up: Upstream) => Promise<UpstreamResult<T[]>>;
  },
): KindDef<Record<K, T[]>> {
  const { field, items, read, ...rest } = def;
  return snapshot({
    ...rest,
    item: z.object({ [field]: items } as Record<K, z.ZodType<T[]>>) as unknown as z.ZodType<Record<K, T[]>>,
    read: async (up) => {
      const a = await read(up);
      return { ...a, data: { [field]: a.data } as Record<K, T[]> };
    },
  });
}

/** Reference data's sweep: the provider's rails and assets change seldom. */
export const REFERENCE_EVERY_MS = 10 * 60_000;

/** The provider id every snapshot kind's one object is stored under. */
export const SNAPSHOT_ID = "current";

/** An enveloped answer (`{ data: T }`) as a read of T. */
const unwrapped = async <T>(r: Promise<UpstreamResult<{ data: T }>>): Promise<UpstreamResult<T>> => {
  const a = await r;
  return { ...a, data: a.data.data };
};

const name = (first?: string | null, last?: string | null) => [first, last].filter(Boolean).join(" ") || null;

const CORE_MONEY = ["merchant_balance"] as const;
const PRO_MONEY = ["pro_balances"] as const;
const COINS_MONEY = ["coins_balances", "coins_portfolio"] as const;

export const KINDS = {
  deposit: define({
    kind: "deposit",
    affects: CORE_MONEY,
    label: "deposit",
    surface: "core",
    final: ["COMPLETED", "FAILED", "REVERSED"],
    rankFamily: "deposit",
    item: core.deposit,
    list: byPage((up, page, limit) => up.core.listDeposits({ page, limit }, { cache: false })),
    get: (up, id) => up.core.getDeposit(id, { cache: false }),
    columns: (d) => ({
      status: d.status,
      amount: d.amount,
      currency: d.currency,
      createdAt: d.created_at,
      updatedAt: d.updated_at,
      search: [d.id, d.funding_account_id, d.customer_id, d.onramp_id, d.offramp_id, d.tx_hash],
    }),
  }),
  funding_account: define({
    kind: "funding_account",
    label: "funding account",
    surface: "core",
    final: ["ACTIVE", "FAILED", "DISABLED", "EXPIRED"],
    rankFamily: "funding_account",
    item: core.fundingAccount,
    list: byPage((up, page, limit) => up.core.listFundingAccounts({ page, limit }, { cache: false })),
    get: (up, id) => up.core.getFundingAccount(id, { cache: false }),
    columns: (f) => ({
      status: f.status,
      amount: f.amount,
      currency: f.currency,
      createdAt: f.created_at,
      updatedAt: f.updated_at,
      search: [f.id, f.customer_id, ...f.instructions.flatMap((i) => [i.account_number, i.account_name, i.address])],
    }),
  }),
  transfer: define({
    kind: "transfer",
    affects: CORE_MONEY,
    label: "transfer",
    surface: "core",
    final: ["COMPLETED", "FAILED", "REVERSED"],
    rankFamily: "transfer",
    item: core.transfer,
    list: byPage((up, page, limit) => up.core.listTransfers({ page, limit }, { cache: false })),
    get: (up, id) => up.core.getTransfer(id, { cache: false }),
    columns: (t) => ({
      status: t.status,
      amount: t.amount,
      currency: t.currency,
      createdAt: t.created_at,
      updatedAt: t.updated_at ?? t.completed_at,
      search: [t.id, t.reference, t.recipient?.id, t.customer_id],
    }),
  }),
  customer: define({
    kind: "customer",
    label: "customer",
    surface: "core",
    item: core.customer,
    list: byPage((up, page, limit) => up.core.listCustomers({ page, limit }, { cache: false })),
    get: (up, id) => up.core.getCustomer(id, { cache: false }),
    columns: (c) => ({ createdAt: c.created_at, search: [c.id, name(c.first_name, c.last_name), c.email] }),
  }),
  recipient: define({
    kind: "recipient",
    label: "recipient",
    surface: "core",
    item: core.recipient,
    list: byPage((up, page, limit) => up.core.listRecipients({ page, limit }, { cache: false })),
    get: (up, id) => up.core.getRecipient(id, { cache: false }),
    columns: (r) => ({
      createdAt: r.created_at,
      search: [
        r.id,
        r.customer_id,
        name(r.first_name, r.last_name),
        r.bank_account?.account_name,
        r.bank_account?.account_number ?? r.bank_account?.account_number_last4,
        r.crypto_address?.address,
        r.us_bank_account?.account_owner_name,
        r.swift_bank_account?.account_owner_name ?? r.swift_bank_account?.business_name,
      ],
    }),
  }),
  withdrawal: define({
    kind: "withdrawal",
    affects: CORE_MONEY,
    label: "merchant withdrawal",
    surface: "core",
    final: ["SETTLED", "COMPLETED", "FAILED"],
    rankFamily: "withdrawal",
    item: core.withdrawal,
    list: byPage((up, page, limit) => up.core.listMerchantWithdrawals({ page, limit }, { cache: false })),
    get: (up, id) => up.core.getMerchantWithdrawal(id, { cache: false }),
    columns: (w) => ({
      status: w.status,
      amount: w.amount_usd,
      currency: "USD",
      createdAt: w.created_at,
      updatedAt: w.updated_at ?? w.settled_at ?? w.submitted_at,
      search: [w.id, w.destination_address, w.tx_hash, w.provider_tx_id],
    }),
  }),
  balance_move: define({
    kind: "balance_move",
    affects: CORE_MONEY,
    label: "balance move",
    surface: "core",
    final: ["COMPLETED", "FAILED"],
    rankFamily: "balance_move",
    item: core.balanceTransfer,
    list: byPage((up, page, limit) => up.core.listBalanceTransfers({ page, limit }, { cache: false })),
    columns: (m) => ({ status: m.status, amount: m.amount_usd, currency: "USD", createdAt: m.created_at, search: [m.id] }),
  }),
  payout: define({
    kind: "payout",
    label: "legacy payout",
    surface: "core",
    final: ["SETTLED", "FAILED"],
    item: core.payout,
    list: byPage((up, page, limit) => up.core.listPayouts({ page, limit }, { cache: false })),
    get: (up, id) => up.core.getPayout(id, { cache: false }),
    columns: (p) => ({
      status: p.status,
      amount: p.source_amount,
      currency: p.source_currency,
      createdAt: p.created_at,
      updatedAt: p.settled_at,
      search: [
        p.id,
        p.reference,
        p.recipient?.id,
        p.recipient?.bank_account?.account_number,
        p.recipient?.bank_account?.account_name,
        p.recipient?.crypto_address,
        p.tx_hash,
      ],
    }),
  }),
  onramp: define({
    kind: "onramp",
    label: "legacy onramp",
    surface: "core",
    item: core.onramp,
    list: byPage((up, page, limit) => up.core.listOnramps({ page, limit }, { cache: false })),
    get: (up, id) => up.core.getOnramp(id, { cache: false }),
    columns: (o) => ({
      status: o.status,
      amount: o.amount,
      currency: o.currency,
      createdAt: o.created_at,
      updatedAt: o.updated_at,
      search: [o.id, o.customer_id, o.virtual_account?.account_number, o.virtual_account?.account_name, o.settlement?.address],
    }),
  }),
  offramp: define({
    kind: "offramp",
    label: "legacy offramp",
    surface: "core",
    item: core.offramp,
    list: byPage((up, page, limit) => up.core.listOfframps({ page, limit }, { cache: false })),
    get: (up, id) => up.core.getOfframp(id, { cache: false }),
    columns: (o) => ({
      status: o.status,
      createdAt: o.created_at,
      updatedAt: o.updated_at,
      search: [o.id, o.customer_id, o.address, o.settlement?.destination_bank?.account_number, o.settlement?.destination_bank?.account_name],
    }),
  }),
  pro_order: define({
    kind: "pro_order",
    affects: PRO_MONEY,
    label: "Pro order",
    surface: "pro",
    idField: "order_id",
    rankFamily: "pro_order",
    final: ["filled", "cancelled", "rejected", "failed"],
    item: pro.order,
    // The history holds every order, open ones too; offsets page it.
    list: async (up, q) => {
      const offset = q.cursor ? Number(q.cursor) : 0;
      const { data } = await up.pro.listOrderHistory({ limit: q.limit, offset }, { cache: false });
      const more = data.has_more ?? data.orders.length >= q.limit;
      return { items: data.orders, next: more && data.orders.length > 0 ? String(offset + data.orders.length) : null, total: data.total_count ?? null };
    },
    get: (up, id) => up.pro.getOrder(id, { cache: false }),
    columns: (o) => ({
      status: o.status,
      amount: o.requested_quantity,
      currency: o.symbol,
      createdAt: o.created_at,
      updatedAt: o.updated_at,
      search: [o.order_id, o.client_order_id, o.symbol],
    }),
  }),
  pro_trade: define({
    kind: "pro_trade",
    affects: PRO_MONEY,
    label: "Pro trade",
    surface: "pro",
    idField: "trade_id",
    item: pro.trade,
    // No list of every trade: they are read under each order that has fills (lib/ledger/sync.ts).
    columns: (t) => ({
      amount: t.quantity,
      currency: t.symbol,
      createdAt: t.executed_at,
      search: [t.trade_id, t.order_id, t.client_order_id, t.symbol],
    }),
  }),
  coins_order: define({
    kind: "coins_order",
    affects: COINS_MONEY,
    label: "Coins order",
    surface: "coins",
    final: ["completed", "failed", "cancelled"],
    item: coins.order,
    list: byCursor(async (up, cursor, limit) => {
      const { data } = await up.coins.listOrders({ cursor, limit }, { cache: false });
      return { items: data.orders, next_cursor: data.next_cursor };
    }),
    get: (up, id) => up.coins.getOrder(id, { cache: false }),
    columns: (o) => ({
      status: o.status,
      amount: o.base_amount ?? o.quote_amount,
      currency: o.base_asset,
      createdAt: o.created_at,
      updatedAt: o.updated_at,
      search: [o.id, o.client_order_id, o.base_asset, o.quote_asset],
    }),
  }),
  coins_transaction: define({
    kind: "coins_transaction",
    affects: COINS_MONEY,
    label: "Coins transaction",
    surface: "coins",
    final: ["completed", "failed"],
    item: coins.transaction,
    list: byCursor(async (up, cursor, limit) => {
      const { data } = await up.coins.listTransactions({ cursor, limit }, { cache: false });
      return { items: data.transactions, next_cursor: data.next_cursor };
    }),
    columns: (t) => ({
      status: t.status,
      amount: t.amount,
      currency: t.asset,
      createdAt: t.created_at,
      updatedAt: t.updated_at,
      search: [t.id, t.reference_id, t.description, t.asset],
    }),
  }),
  coins_crypto_withdrawal: define({
    kind: "coins_crypto_withdrawal",
    affects: COINS_MONEY,
    label: "crypto withdrawal",
    surface: "coins",
    final: ["completed", "failed"],
    item: coins.cryptoWithdrawal,
    list: byCursor(async (up, cursor, limit) => {
      const { data } = await up.coins.listCryptoWithdrawals({ cursor, limit }, { cache: false });
      return { items: data.withdrawals, next_cursor: data.next_cursor };
    }),
    get: (up, id) => up.coins.getCryptoWithdrawal(id, { cache: false }),
    columns: (w) => ({
      status: w.status,
      amount: w.amount,
      currency: w.asset,
      createdAt: w.created_at,
      updatedAt: w.updated_at ?? w.completed_at,
      search: [w.id, w.address_id, w.address, w.tx_hash, w.asset],
    }),
  }),
  coins_fiat_withdrawal: define({
    kind: "coins_fiat_withdrawal",
    affects: COINS_MONEY,
    label: "fiat withdrawal",
    surface: "coins",
    final: ["completed", "failed"],
    item: coins.fiatWithdrawal,
    list: byCursor(async (up, cursor, limit) => {
      const { data } = await up.coins.listFiatWithdrawals({ cursor, limit }, { cache: false });
      return { items: data.withdrawals, next_cursor: data.next_cursor };
    }),
    get: (up, id) => up.coins.getFiatWithdrawal(id, { cache: false }),
    columns: (w) => ({
      status: w.status,
      amount: w.amount,
      currency: w.currency,
      createdAt: w.created_at,
      updatedAt: w.updated_at ?? w.completed_at,
      search: [w.id, w.reference, w.account_number, w.account_name, w.bank_name],
    }),
  }),
  // Snapshots: the current state of a key's account, read by sweeps (every 5 s while someone
  // looks at it) and after the app's own writes that change it.
  merchant_balance: snapshot({
    kind: "merchant_balance",
    label: "merchant balance",
    surface: "core",
    item: core.balances,
    read: (up) => unwrapped(up.core.getMerchantBalance({ cache: false })),
    columns: (b) => ({ amount: b.collection_balance_usd, currency: "USD", updatedAt: b.updated_at, search: [] }),
  }),
  merchant_funding: snapshot({
    kind: "merchant_funding",
    label: "merchant funding configuration",
    surface: "core",
    item: core.merchantFundingConfig,
    read: (up) => unwrapped(up.core.getMerchantFunding({ cache: false })),
    columns: (f) => ({ status: f.setup_status ?? null, search: [] }),
  }),
  coins_balances: snapshot({
    kind: "coins_balances",
    label: "Coins balances",
    surface: "coins",
    item: coins.balances,
    read: (up) => up.coins.listBalances({ cache: false }),
  }),
  coins_portfolio: snapshot({
    kind: "coins_portfolio",
    label: "Coins portfolio",
    surface: "coins",
    item: coins.portfolio,
    read: (up) => up.coins.getPortfolio({ cache: false }),
    columns: (p) => ({ amount: p.total_value_usd, currency: "USD", updatedAt: p.updated_at, search: [] }),
  }),
  pro_balances: snapshot({
    kind: "pro_balances",
    label: "Pro balances",
    surface: "pro",
    item: pro.balances,
    read: (up) => up.pro.getBalances({ cache: false }),
  }),
  // Settings kept at the provider that the app also writes: read again at once after its own
  // writes (feed.ts), and swept like the lists for changes made elsewhere.
  pro_webhooks: listSnapshot({
    kind: "pro_webhooks",
    label: "Pro webhook list",
    surface: "pro",
    // A webhook the provider paused or disabled is a row of it.
    movedBy: ["pro_webhook"],
    field: "webhooks",
    items: pro.webhooks,
    read: (up) => up.pro.listWebhooks({ cache: false }),
  }),
  coins_addresses: listSnapshot({
    kind: "coins_addresses",
    label: "saved address list",
    surface: "coins",
    field: "addresses",
    items: coins.addresses,
    read: (up) => up.coins.listWithdrawalAddresses({}, { cache: false }),
  }),
  // Reference data: what the provider offers the key.
  pro_withdrawal_options: snapshot({
    kind: "pro_withdrawal_options",
    label: "Pro withdrawal options",
    surface: "pro",
    everyMs: REFERENCE_EVERY_MS,
    item: pro.withdrawalOptions,
    read: (up) => up.pro.getWithdrawalOptions({ cache: false }),
  }),
  coins_withdrawal_assets: listSnapshot({
    kind: "coins_withdrawal_assets",
    label: "withdrawable asset list",
    surface: "coins",
    everyMs: REFERENCE_EVERY_MS,
    field: "assets",
    items: coins.withdrawableAssets,
    read: (up) => up.coins.listWithdrawalAssets({ cache: false }),
  }),
  coins_deposit_options: listSnapshot({
    kind: "coins_deposit_options",
    label: "fiat deposit options",
    surface: "coins",
    everyMs: REFERENCE_EVERY_MS,
    field: "options",
    items: coins.fiatDepositOptions,
    read: (up) => up.coins.listFiatDepositOptions({ cache: false }),
  }),
  stock_portfolio: snapshot({
    kind: "stock_portfolio",
    label: "stock portfolio",
    surface: "stocks",
    item: stocks.portfolio,
    read: (up) => up.stocks.getPortfolio({ cache: false }),
    columns: (p) => ({ amount: p.total_value_usd, currency: "USD", updatedAt: p.updated_at, search: [] }),
  }),
};

export type Kind = keyof typeof KINDS;
export const KIND_NAMES = Object.keys(KINDS) as Kind[];

/** A kind with its object type erased, for code that handles every kind alike (store, sync). */
export type AnyKindDef = KindDef<object>;

/** The kinds read with the keys of these surfaces. */
export function kindsOf(surfaces: ReadonlySet<string>): Kind[] {
  return KIND_NAMES.filter((k) => surfaces.has(KINDS[k].surface));
}

export function kindDef(kind: string): AnyKindDef | undefined {
  return (KINDS as unknown as Record<string, AnyKindDef>)[kind];
}

/** Whether the kind is a snapshot (one object per key, its current state) rather than a list of objects. */
const MOVED_BY = new Map<string, string[]>();
for (const k of KIND_NAMES) for (const type of (KINDS[k] as AnyKindDef).movedBy ?? []) MOVED_BY.set(type, [...(MOVED_BY.get(type) ?? []), k]);

/** The snapshots events of this resource type change without being a kind of the copy (`movedBy`); built once, as the webhook intake asks per event. */
export function snapshotsMovedBy(resourceType: string): readonly string[] {
  return MOVED_BY.get(resourceType) ?? [];
}

export function isSnapshot(kind: string): boolean {
  return kindDef(kind)?.singletonId !== undefined;
}

/** The provider's id of an object of this kind, or null when it has none. */
export function idOf(def: AnyKindDef, raw: Record<string, unknown>): string | null {
  if (def.singletonId) return def.singletonId;
  const v = raw[def.idField ?? "id"];
  return typeof v === "string" && v !== "" ? v : null;
}
