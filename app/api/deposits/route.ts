import { defineRoute } from "@/lib/http/route";
import { depositFilters, upstreamDepositQuery } from "@/lib/review/deposit-filters";
import { viewerTimeZone } from "@/lib/time-zone/current";
import { upstreamFor } from "@/lib/upstream";

export const dynamic = "force-dynamic";

/** One page of deposits for the list's filters, in the user's current environment. */
export const GET = defineRoute({ permission: "data:read", filters: depositFilters }, async ({ user, query }) => {
  const { zone } = await viewerTimeZone(user);
  const r = await upstreamFor(user).core.listDeposits(upstreamDepositQuery(query, zone));
  return {
    deposits: r.data.data,
    page: r.data.page ?? query.page,
    totalPages: r.data.total_pages ?? 1,
    total: r.data.total ?? r.data.data.length,
    fetchedAt: r.fetchedAt.toISOString(),
    stale: r.stale,
  };
});
