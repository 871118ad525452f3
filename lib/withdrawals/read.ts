/**
 * Reads for the withdrawal pages and their GET routes, through the upstream client bound to the
 * signed-in user's organization and environment. Both always ask the provider (ALWAYS_ASK): they are
 * refetched because a webhook just said a withdrawal changed, and a cached answer could be the state
 * from before that change; the last answer is shown with its age only when the provider cannot be asked.
 */
import "server-only";
import type { CurrentUser } from "@/lib/auth/session";
import { ALWAYS_ASK, upstreamFor } from "@/lib/upstream";
import { listPageOf } from "@/lib/upstream/list-page";
import { PAGE_SIZE, type WithdrawalFilters } from "./filters";
import type { WithdrawalListView, WithdrawalView } from "./views";

const upstreamOf = (user: CurrentUser) => upstreamFor({ organizationId: user.organizationId, environment: user.environment });

export async function readWithdrawals(user: CurrentUser, f: WithdrawalFilters): Promise<WithdrawalListView> {
  const r = await upstreamOf(user).core.listMerchantWithdrawals({ status: f.status ?? undefined, page: f.page, limit: PAGE_SIZE }, { cache: ALWAYS_ASK });
  return { rows: r.data.data, ...listPageOf(r, f.page, PAGE_SIZE) };
}

export async function readWithdrawal(user: CurrentUser, id: string): Promise<WithdrawalView> {
  const r = await upstreamOf(user).core.getMerchantWithdrawal(id, { cache: ALWAYS_ASK });
  return { withdrawal: r.data, fetchedAt: r.fetchedAt.toISOString(), stale: r.stale };
}
