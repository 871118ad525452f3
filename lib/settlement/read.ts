/** The merchant funding configuration for the settlement page, for the signed-in user's environment. */
import "server-only";
import type { CurrentUser } from "@/lib/auth/session";
import type { Freshness } from "@/lib/funding-accounts/views";
import { snapshotFromCopy } from "@/lib/ledger/page-read";
import type { merchantFundingConfig } from "@/lib/upstream/schemas/core";
import type { z } from "zod";

export type MerchantFunding = z.output<typeof merchantFundingConfig>;
export interface FundingView extends Freshness {
  funding: MerchantFunding;
}

/** From the local copy's snapshot; a change made here is stored from the provider's answer to it. */
export async function readMerchantFunding(user: CurrentUser): Promise<FundingView> {
  const { data, ...freshness } = await snapshotFromCopy<MerchantFunding>(user, "merchant_funding");
  return { funding: data, ...freshness };
}
