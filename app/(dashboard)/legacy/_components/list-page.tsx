import { StaleNote } from "@/components/page/stale-note";
import { UpstreamProblem } from "@/components/page/upstream-problem";
import { IgnoredParams } from "@/app/(dashboard)/legacy/_components/ignored-params";
import { LegacyHeader } from "@/app/(dashboard)/legacy/_components/legacy-header";
import { LegacyKindTable } from "@/app/(dashboard)/legacy/_components/data-table";
import { ListRegion } from "@/components/list/list-region";
import { LegacyToolbar } from "@/app/(dashboard)/legacy/_components/toolbar";
import type { CurrentUser } from "@/lib/auth/session";
import { requirePagePermission } from "@/lib/auth/session";
import { parseLegacyFilters, type LegacyFilters, type LegacyKind } from "@/lib/legacy/filters";
import { orProblem, readPayouts, readRamps } from "@/lib/legacy/read";
import {
  KIND_NOUN,
  offrampRow,
  onrampRow,
  PAYOUT_TOOLBAR,
  payoutRow,
  rampToolbar,
  type Freshness,
  type Offramp,
  type Onramp,
  type PayoutRow,
  type RampRow,
  type RampKind,
  type ToolbarFilter,
} from "@/lib/legacy/views";

export const LEGACY_TITLE: Record<LegacyKind, string> = { payouts: "Payouts", onramps: "Onramps", offramps: "Offramps" };

const WHAT: Record<LegacyKind, string> = {
  payouts: "Payouts made through the provider's legacy payout route",
  onramps: "Virtual NGN bank accounts opened through the provider's legacy onramp route",
  offramps: "Crypto deposit addresses opened through the provider's legacy offramp route",
};

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * A legacy list page: header and banner, the toolbar, a note on what the URL asked for that was
 * ignored, then the rows or the provider's sentence with a retry.
 */
function LegacyListPage({
  kind,
  me,
  filters,
  toolbar,
  result,
}: {
  kind: LegacyKind;
  me: CurrentUser;
  filters: LegacyFilters;
  toolbar: ToolbarFilter[];
  result: ({ rows: PayoutRow[] | RampRow[]; page: number; pages: number; total: number } & Freshness) | { problem: string };
}) {
  const noun = KIND_NOUN[kind];
  return (
    <>
      <LegacyHeader
        kind={kind}
        role={me.role}
        title={LEGACY_TITLE[kind]}
        description={`${WHAT[kind]}, in ${me.environment === "production" ? "production" : "the sandbox"}.`}
      />
      <ListRegion>
        <LegacyToolbar id={kind} filters={toolbar} values={filters.values} limit={filters.limit} ignored={filters.ignored.map((i) => i.param)} />
        <IgnoredParams ignored={filters.ignored} />
        {"problem" in result ? (
          <UpstreamProblem title={`The ${noun[1]} could not load`} message={result.problem} />
        ) : (
          <>
            <StaleNote stale={result.stale} fetchedAt={result.fetchedAt} variant="banner" synced={result.synced} />
            <LegacyKindTable
              kind={kind}
              rows={result.rows}
              noun={noun}
              caption={`${LEGACY_TITLE[kind]}, newest first`}
              testId={noun[0]}
              path={`/legacy/${kind}`}
              view={result}
              filters={filters}
            />
          </>
        )}
      </ListRegion>
    </>
  );
}

export async function PayoutListPage({ searchParams }: { searchParams: SearchParams }) {
  const me = await requirePagePermission("data:read");
  const filters = parseLegacyFilters("payouts", await searchParams);
  const view = await orProblem(readPayouts(me, filters));
  return (
    <LegacyListPage
      kind="payouts"
      me={me}
      filters={filters}
      toolbar={PAYOUT_TOOLBAR}
      result={"problem" in view ? view : { ...view, rows: view.rows.map(payoutRow) }}
    />
  );
}

export async function RampListPage({ kind, searchParams }: { kind: RampKind; searchParams: SearchParams }) {
  const me = await requirePagePermission("data:read");
  const filters = parseLegacyFilters(kind, await searchParams);
  const view = await orProblem(readRamps(me, kind, filters));
  const names = "problem" in view ? {} : view.customerNames;
  const row = (r: Onramp | Offramp) => (kind === "onramps" ? onrampRow(r as Onramp, names) : offrampRow(r as Offramp, names));
  return (
    <LegacyListPage
      kind={kind}
      me={me}
      filters={filters}
      toolbar={rampToolbar(names)}
      result={"problem" in view ? view : { ...view, rows: view.rows.map(row) }}
    />
  );
}
