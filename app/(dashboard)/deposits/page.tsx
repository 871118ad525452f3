import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { LiveRefresh } from "@/app/(dashboard)/deposits/_components/live-refresh";
import { ListRegion } from "@/components/list/list-region";
import { SyncedNote } from "@/components/page/synced-note";
import { UpstreamProblem } from "@/components/page/upstream-problem";
import { PageHeader } from "@/components/page/page-header";
import { DepositsTable, type DepositRow } from "@/app/(dashboard)/deposits/_components/data-table";
import { DepositsToolbar } from "@/app/(dashboard)/deposits/_components/toolbar";
import { requirePagePermission } from "@/lib/auth/session";
import { liveKeys } from "@/lib/live/query-keys";
import { ignoredStatusFilters, loadDepositFilters, upstreamDepositQuery } from "@/lib/review/deposit-filters";
import { viewerTimeZone } from "@/lib/time-zone/current";
import { readSyncedList } from "@/lib/ledger/page-read";

export const metadata: Metadata = { title: "Deposits" };

export default async function DepositsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const me = await requirePagePermission("data:read");
  const raw = await searchParams;
  const filters = loadDepositFilters(raw);
  const ignored = ignoredStatusFilters(raw);
  const ignoredNote =
    ignored.length > 0 ? (
      <p className="mb-4 text-sm text-muted-foreground" data-testid="deposits-filter-ignored">
        {ignored.map((i) => `“${i.value}”`).join(" and ")} {ignored.length === 1 ? "is not a status" : "are not statuses"} the provider&apos;s deposit list can
        filter by, so deposits of every status are shown. Each deposit shows its status as the provider sent it.
      </p>
    ) : null;
  const header = (
    <PageHeader
      title="Deposits"
      description="Money received on your funding accounts, as the provider records it."
      actions={
        <Link href="/deposits/review" className="rounded-md border px-3 py-2 text-sm hover:bg-accent">
          Review queue
        </Link>
      }
    />
  );
  const { zone } = await viewerTimeZone(me);
  const read = await readSyncedList<DepositRow>(me, "deposit", upstreamDepositQuery(filters, zone));
  if (!read.ok) {
    return (
      <>
        {header}
        <DepositsToolbar />
        <UpstreamProblem title="The deposits could not load" message={read.message} />
      </>
    );
  }
  const r = read.data;
  return (
    <>
      {header}
      <LiveRefresh queryKey={liveKeys.list("deposit")} />
      <ListRegion>
        <DepositsToolbar />
        {ignoredNote}
        <SyncedNote freshness={read.freshness} className="mb-3" />
        <DepositsTable rows={r.data} page={r.page} pages={Math.max(1, r.total_pages)} total={r.total} filters={filters} />
      </ListRegion>
    </>
  );
}
