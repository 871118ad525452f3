/**
 * Reads for the Coins pages and their GET routes. Orders, transactions and withdrawals come from
 * the local copy (lib/ledger), kept fresh by the app's own writes and sweeps (Coins sends no
 * webhooks; a list or record someone has open is swept every few seconds), so a view or a poll
 * costs no provider call and shows how fresh the copy is; a record the copy has not seen yet is
 * fetched once by id. Balances and the portfolio are the copy's snapshots, swept every few seconds
 * while shown and read again after the app's own orders and withdrawals. Prices still ask the
 * provider: they are not history, and markets come with them. Saved addresses are a snapshot read
 * again after the app's own saves; withdrawable assets and deposit options are reference data, read
 * every few minutes. The withdrawal form alone asks the provider for addresses and assets when it
 * opens (`current`): it is opened to act, and an address saved elsewhere a moment ago must be there.
 */
import "server-only";
import type { CurrentUser } from "@/lib/auth/session";
import { markWatched } from "@/lib/ledger/freshness";
import { listFromCopy, objectFromCopy, snapshotFromCopy } from "@/lib/ledger/page-read";
import { log } from "@/lib/log";
import { ALWAYS_ASK, upstreamFor, UpstreamError } from "@/lib/upstream";
import { PAGE_SIZE, type MarketFilters, type OrderFilters, orderQuery, type TransactionFilters, transactionQuery, type WithdrawalFilters } from "./filters";
import type {
  AddressesView,
  AssetsView,
  BalancesView,
  CoinsBalance,
  CoinsPortfolio,
  CryptoWithdrawal,
  CursorPage,
  DepositOptionsView,
  FiatWithdrawal,
  MarketsView,
  WithdrawalKind,
  WithdrawalView,
  CoinsOrder,
  CoinsTransaction,
  OrderView,
} from "./views";

const upstreamOf = (user: CurrentUser) => upstreamFor({ organizationId: user.organizationId, environment: user.environment });
const fresh = (r: { fetchedAt: Date; stale: boolean }) => ({ fetchedAt: r.fetchedAt.toISOString(), stale: r.stale });

/**
 * One page of a Coins list from the copy. The copy pages by number; the pages keep the provider's
 * cursor scheme in their URLs (cursor and trail), so the cursor here is the page's number.
 */
async function cursorPageFromCopy<T>(user: CurrentUser, kind: string, filters: Record<string, string | null>, cursor: string | null): Promise<CursorPage<T>> {
  const n = cursor && /^\d{1,6}$/.test(cursor) ? Math.max(1, Number(cursor)) : 1;
  const r = await listFromCopy<T>(user, kind, { ...filters, page: n, limit: PAGE_SIZE });
  return { rows: r.rows, nextCursor: r.page < r.pages ? String(r.page + 1) : null, fetchedAt: r.fetchedAt, stale: false, synced: r.synced };
}

/** One record from the copy (fetched once when it has not seen it), its kind's list watched so a pending record moves on. */
async function oneFromCopy<T>(user: CurrentUser, kind: string, id: string) {
  await markWatched({ organizationId: user.organizationId, environment: user.environment }, kind).catch((err: unknown) =>
    log.warn({ err, kind }, "coins: could not mark a list watched"),
  );
  const r = await objectFromCopy<T>(user, kind, id);
  return { data: r.data, fetchedAt: r.synced.syncedAt ?? new Date().toISOString(), stale: false, synced: r.synced };
}

export async function readMarkets(user: CurrentUser, f: Partial<MarketFilters> = {}): Promise<MarketsView> {
  const up = upstreamOf(user);
  const filtered = f.base_caid != null || f.quote_caid != null;
  const [all, rows] = await Promise.all([
    up.coins.listMarkets({}),
    filtered ? up.coins.listMarkets({ base_caid: f.base_caid ?? undefined, quote_caid: f.quote_caid ?? undefined }) : null,
  ]);
  const shown = rows ?? all;
  return { rows: shown.data.markets, all: all.data.markets, fetchedAt: shown.fetchedAt.toISOString(), stale: shown.stale || all.stale };
}

export async function readOrders(user: CurrentUser, f: OrderFilters): Promise<CursorPage<CoinsOrder>> {
  return cursorPageFromCopy(user, "coins_order", orderQuery(f), f.cursor);
}

export async function readOrder(user: CurrentUser, id: string): Promise<OrderView> {
  const { data, ...freshness } = await oneFromCopy<CoinsOrder>(user, "coins_order", id);
  return { order: data, ...freshness };
}

export async function readBalances(user: CurrentUser): Promise<BalancesView> {
  const [balances, portfolio] = await Promise.all([
    snapshotFromCopy<{ balances: CoinsBalance[] }>(user, "coins_balances"),
    snapshotFromCopy<CoinsPortfolio>(user, "coins_portfolio").catch((err: unknown) => {
      if (err instanceof UpstreamError) return err;
      throw err;
    }),
  ]);
  const { data, ...freshness } = balances;
  return {
    balances: data.balances,
    portfolio: portfolio instanceof UpstreamError ? null : portfolio.data,
    // The valuation's last refusal, when the copy holds none to show.
    portfolioError: portfolio instanceof UpstreamError ? portfolio.userMessage : null,
    ...freshness,
  };
}

export async function readTransactions(user: CurrentUser, f: TransactionFilters): Promise<CursorPage<CoinsTransaction>> {
  return cursorPageFromCopy(user, "coins_transaction", transactionQuery(f), f.cursor);
}

/**
 * `current`: for the form that sends a withdrawal. It is opened to act, not browsed, so it asks the
 * provider each time: an address saved elsewhere a moment ago, and today's network fees.
 */
export interface ReadCurrent {
  current?: boolean;
}

/** The assets and networks a withdrawal may use: the copy's reference snapshot, or the provider's answer now for the form. */
export async function readWithdrawalAssets(user: CurrentUser, o: ReadCurrent = {}): Promise<AssetsView> {
  if (o.current) {
    const r = await upstreamOf(user).coins.listWithdrawalAssets({ cache: ALWAYS_ASK });
    return { assets: r.data, ...fresh(r) };
  }
  const { data, ...freshness } = await snapshotFromCopy<{ assets: AssetsView["assets"] }>(user, "coins_withdrawal_assets");
  return { assets: data.assets, ...freshness };
}

/** The saved addresses: the copy's snapshot (read again after the app's own saves), or the provider's answer now for the form. */
export async function readAddresses(user: CurrentUser, o: ReadCurrent = {}): Promise<AddressesView> {
  if (o.current) {
    const r = await upstreamOf(user).coins.listWithdrawalAddresses({}, { cache: ALWAYS_ASK });
    return { rows: r.data, ...fresh(r) };
  }
  const { data, ...freshness } = await snapshotFromCopy<{ addresses: AddressesView["rows"] }>(user, "coins_addresses");
  return { rows: data.addresses, ...freshness };
}

export async function readCryptoWithdrawals(user: CurrentUser, f: WithdrawalFilters): Promise<CursorPage<CryptoWithdrawal>> {
  return cursorPageFromCopy(user, "coins_crypto_withdrawal", { status: f.status, asset: f.asset }, f.cursor);
}

export async function readFiatWithdrawals(user: CurrentUser, f: WithdrawalFilters): Promise<CursorPage<FiatWithdrawal>> {
  // The provider's fiat list takes no asset filter (the page's URL may still carry one).
  return cursorPageFromCopy(user, "coins_fiat_withdrawal", { status: f.status }, f.cursor);
}

export async function readWithdrawal(user: CurrentUser, kind: WithdrawalKind, id: string): Promise<WithdrawalView> {
  if (kind === "crypto") {
    const { data, ...freshness } = await oneFromCopy<CryptoWithdrawal>(user, "coins_crypto_withdrawal", id);
    return { kind, withdrawal: data, ...freshness };
  }
  const { data, ...freshness } = await oneFromCopy<FiatWithdrawal>(user, "coins_fiat_withdrawal", id);
  return { kind, withdrawal: data, ...freshness };
}

export async function readDepositOptions(user: CurrentUser): Promise<DepositOptionsView> {
  const { data, ...freshness } = await snapshotFromCopy<{ options: DepositOptionsView["options"] }>(user, "coins_deposit_options");
  return { options: data.options, ...freshness };
}
