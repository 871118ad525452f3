/**
 * What the Pro pages show, as plain JSON the server hands to client components and the GET routes
 * answer with. Client-safe types only.
 */
import type { Freshness } from "@/lib/funding-accounts/views";
import type { ProOrder, ProWebhook } from "@/lib/upstream/schemas/pro";
import type { z } from "zod";
import type { trade, withdrawalOptions } from "@/lib/upstream/schemas/pro";

export type ProTrade = z.output<typeof trade>;
export type WithdrawalOptions = z.output<typeof withdrawalOptions>;

export interface ProOrderListView extends Freshness {
  rows: ProOrder[];
  page: number;
  pages: number;
  total: number;
}

export interface ProOrderView extends Freshness {
  order: ProOrder;
  trades: ProTrade[];
  /** Why the trades could not be read, when the order could. */
  tradesError: string | null;
}

export interface ProBalance {
  asset: string;
  total: string;
  available: string | null;
  reserved: string | null;
}

export interface ProBalancesView extends Freshness {
  balances: ProBalance[];
}

export interface ProWebhooksView extends Freshness {
  webhooks: ProWebhook[];
}

/** Whether this person, with this environment's Pro key, may place orders; `reason` when not. */
export interface TradeAccess {
  allowed: boolean;
  reason: string | null;
}
