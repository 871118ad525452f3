/**
 * What the Coins pages show, as plain JSON the server hands to client components and the GET
 * routes answer with. Client-safe types only.
 */
import type { z } from "zod";
import type { Freshness } from "@/lib/funding-accounts/views";
import type * as s from "@/lib/upstream/schemas/coins";

export type Market = z.output<typeof s.market>;
export type CoinsOrder = z.output<typeof s.order>;
export type CoinsBalance = z.output<typeof s.balance>;
export type CoinsTransaction = z.output<typeof s.transaction>;
export type CoinsPortfolio = z.output<typeof s.portfolio>;
export type WithdrawableAsset = z.output<typeof s.withdrawableAsset>;
export type SavedAddress = z.output<typeof s.address>;
export type CryptoWithdrawal = z.output<typeof s.cryptoWithdrawal>;
export type FiatWithdrawal = z.output<typeof s.fiatWithdrawal>;
export type FiatDepositOption = z.output<typeof s.fiatDepositOption>;

export interface MarketsView extends Freshness {
  /** The markets matching the URL's filters, as the provider filtered them. */
  rows: Market[];
  /** Every market, for the filter choices and the reference time of staleness. */
  all: Market[];
}

/** One page of a cursor-paged list. */
export interface CursorPage<T> extends Freshness {
  rows: T[];
  nextCursor: string | null;
}

export interface OrderView extends Freshness {
  order: CoinsOrder;
}

export interface BalancesView extends Freshness {
  balances: CoinsBalance[];
  /** Null when the valuation could not be read; the balances still show. */
  portfolio: CoinsPortfolio | null;
  portfolioError: string | null;
}

export interface AddressesView extends Freshness {
  rows: SavedAddress[];
}

export interface AssetsView extends Freshness {
  assets: WithdrawableAsset[];
}

export interface DepositOptionsView extends Freshness {
  options: FiatDepositOption[];
}
