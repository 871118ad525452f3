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

/** The two kinds of Coins withdrawal; each has its own list, detail page and GET routes. */
export type WithdrawalKind = "crypto" | "fiat";

export type CryptoWithdrawalView = Freshness & { kind: "crypto"; withdrawal: CryptoWithdrawal };
export type FiatWithdrawalView = Freshness & { kind: "fiat"; withdrawal: FiatWithdrawal };
export type WithdrawalView = CryptoWithdrawalView | FiatWithdrawalView;

/** A withdrawal still on its way; its list and detail poll until it settles (no webhooks on Coins). */
export const isMovingWithdrawal = (status: string) => status === "pending" || status === "processing";

/** A withdrawal's detail page, from the kind and id its list links to. */
export const withdrawalHref = (kind: WithdrawalKind, id: string) => `/coins/withdrawals/${kind}/${id}`;

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
