import { defineRoute } from "@/lib/http/route";
import { depositFilters, upstreamDepositQuery } from "@/lib/review/deposit-filters";
import { viewerTimeZone } from "@/lib/time-zone/current";
import { listFromCopy } from "@/lib/ledger/page-read";

export const dynamic = "force-dynamic";

/** One page of deposits for the list's filters, in the user's current environment, from the local copy. */
export const GET = defineRoute({ permission: "data:read", filters: depositFilters }, async ({ user, query }) => {
  const { zone } = await viewerTimeZone(user);
  const r = await listFromCopy(user, "deposit", upstreamDepositQuery(query, zone));
  return { deposits: r.rows, page: r.page, totalPages: r.pages, total: r.total, fetchedAt: r.fetchedAt, stale: r.stale, synced: r.synced };
});
