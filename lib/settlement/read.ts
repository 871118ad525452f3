/** The merchant funding configuration for the settlement page, for the signed-in user's environment. */
import "server-only";
import type { CurrentUser } from "@/lib/auth/session";
import type { Freshness } from "@/lib/funding-accounts/views";
import { upstreamFor } from "@/lib/upstream";
import type { merchantFunding } from "@/lib/upstream/schemas/core";
import type { z } from "zod";

export type MerchantFunding = z.output<typeof merchantFunding>["data"];
export interface FundingView extends Freshness {
  funding: MerchantFunding;
}

export async function readMerchantFunding(user: CurrentUser): Promise<FundingView> {
  // A cached answer from before an admin's change is asked again (the client's write marker).
  const r = await upstreamFor({ organizationId: user.organizationId, environment: user.environment }).core.getMerchantFunding();
  return { funding: r.data.data, fetchedAt: r.fetchedAt.toISOString(), stale: r.stale };
}
