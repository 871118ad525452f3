/**
 * Reads for the Coins pages and their GET routes, through the upstream client bound to the
 * signed-in user's organization and environment. Lists that change with orders and withdrawals
 * always ask the provider (they are refetched to see a pending row move on; the last answer is shown
 * with its age when the provider cannot be asked); reference data (markets,
 * assets, deposit options) uses the client's short shared cache.
 */
import "server-only";
import type { CurrentUser } from "@/lib/auth/session";
import { ALWAYS_ASK, upstreamFor, UpstreamError } from "@/lib/upstream";
import { PAGE_SIZE, type MarketFilters, type OrderFilters, type TransactionFilters, type WithdrawalFilters } from "./filters";
import type {
  AddressesView,
  AssetsView,
  BalancesView,
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
  const r = await upstreamOf(user).coins.listOrders(
    {
      status: f.status ?? undefined,
      side: f.side ?? undefined,
      base_asset: f.base_asset ?? undefined,
      quote_asset: f.quote_asset ?? undefined,
      cursor: f.cursor ?? undefined,
      limit: PAGE_SIZE,
    },
    { cache: ALWAYS_ASK },
  );
  return { rows: r.data.orders, nextCursor: r.data.next_cursor ?? null, ...fresh(r) };
}

export async function readOrder(user: CurrentUser, id: string): Promise<OrderView> {
  const r = await upstreamOf(user).coins.getOrder(id, { cache: ALWAYS_ASK });
  return { order: r.data, ...fresh(r) };
}

export async function readBalances(user: CurrentUser): Promise<BalancesView> {
  const up = upstreamOf(user);
  const [balances, portfolio] = await Promise.all([
    up.coins.listBalances({ cache: ALWAYS_ASK }),
    up.coins.getPortfolio({ cache: ALWAYS_ASK }).catch((err: unknown) => {
      if (err instanceof UpstreamError) return err;
      throw err;
    }),
  ]);
  return {
    balances: balances.data.balances,
    portfolio: portfolio instanceof UpstreamError ? null : portfolio.data,
    portfolioError: portfolio instanceof UpstreamError ? portfolio.userMessage : null,
    ...fresh(balances),
  };
}

export async function readTransactions(user: CurrentUser, f: TransactionFilters): Promise<CursorPage<CoinsTransaction>> {
  const r = await upstreamOf(user).coins.listTransactions(
    { type: f.type ?? undefined, asset: f.asset ?? undefined, status: f.status ?? undefined, cursor: f.cursor ?? undefined, limit: PAGE_SIZE },
    { cache: ALWAYS_ASK },
  );
  return { rows: r.data.transactions, nextCursor: r.data.next_cursor ?? null, ...fresh(r) };
}

export async function readWithdrawalAssets(user: CurrentUser): Promise<AssetsView> {
  const r = await upstreamOf(user).coins.listWithdrawalAssets();
  return { assets: r.data, ...fresh(r) };
}

export async function readAddresses(user: CurrentUser): Promise<AddressesView> {
  const r = await upstreamOf(user).coins.listWithdrawalAddresses({}, { cache: ALWAYS_ASK });
  return { rows: r.data, ...fresh(r) };
}

export async function readCryptoWithdrawals(user: CurrentUser, f: WithdrawalFilters): Promise<CursorPage<CryptoWithdrawal>> {
  const r = await upstreamOf(user).coins.listCryptoWithdrawals(
    { status: f.status ?? undefined, asset: f.asset ?? undefined, cursor: f.cursor ?? undefined, limit: PAGE_SIZE },
    { cache: ALWAYS_ASK },
  );
  return { rows: r.data.withdrawals, nextCursor: r.data.next_cursor ?? null, ...fresh(r) };
}

export async function readFiatWithdrawals(user: CurrentUser, f: WithdrawalFilters): Promise<CursorPage<FiatWithdrawal>> {
  const r = await upstreamOf(user).coins.listFiatWithdrawals(
    { status: f.status ?? undefined, cursor: f.cursor ?? undefined, limit: PAGE_SIZE },
    { cache: ALWAYS_ASK },
  );
  return { rows: r.data.withdrawals, nextCursor: r.data.next_cursor ?? null, ...fresh(r) };
}

export async function readWithdrawal(user: CurrentUser, kind: WithdrawalKind, id: string): Promise<WithdrawalView> {
  const coins = upstreamOf(user).coins;
  if (kind === "crypto") {
    const r = await coins.getCryptoWithdrawal(id, { cache: ALWAYS_ASK });
    return { kind, withdrawal: r.data, ...fresh(r) };
  }
  const r = await coins.getFiatWithdrawal(id, { cache: ALWAYS_ASK });
  return { kind, withdrawal: r.data, ...fresh(r) };
}

export async function readDepositOptions(user: CurrentUser): Promise<DepositOptionsView> {
  const r = await upstreamOf(user).coins.listFiatDepositOptions();
  return { options: r.data, ...fresh(r) };
}
