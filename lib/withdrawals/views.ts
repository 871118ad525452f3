/**
 * What the withdrawal pages show, as plain JSON the server hands to client components and the GET
 * routes answer with. Client-safe types only.
 */
import type { Freshness } from "@/lib/funding-accounts/views";
import type { MerchantWithdrawal } from "@/lib/upstream/schemas/core";

export interface WithdrawalListView extends Freshness {
  rows: MerchantWithdrawal[];
  page: number;
  pages: number;
  total: number;
}

export interface WithdrawalView extends Freshness {
  withdrawal: MerchantWithdrawal;
}
