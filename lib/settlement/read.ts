/** The merchant funding configuration for the settlement page, for the signed-in user's environment. */
import "server-only";
import type { CurrentUser } from "@/lib/auth/session";
import type { Freshness } from "@/lib/funding-accounts/views";
import { ALWAYS_ASK, upstreamFor } from "@/lib/upstream";
import type { merchantFunding } from "@/lib/upstream/schemas/core";
import type { z } from "zod";

export type MerchantFunding = z.output<typeof merchantFunding>["data"];
export interface FundingView extends Freshness {
  funding: MerchantFunding;
}

export async function readMerchantFunding(user: CurrentUser): Promise<FundingView> {
  // Always asked (ALWAYS_ASK): the page must show the setting as it is after an admin's change.
  const r = await upstreamFor({ organizationId: user.organizationId, environment: user.environment }).core.getMerchantFunding({ cache: ALWAYS_ASK });
  return { funding: r.data.data, fetchedAt: r.fetchedAt.toISOString(), stale: r.stale };
}
