import type { Metadata } from "next";
import { Suspense } from "react";
import { BalanceCards } from "@/components/page/balance-cards";
import { BalanceHistory, BalanceHistorySkeleton } from "@/app/(dashboard)/balances/_components/balance-history";
import { isChartRange, RangeLinks } from "@/components/page/chart-range";
import { MoveBalanceForm, WithdrawBalanceForm } from "@/app/(dashboard)/balances/_components/forms-on-input";
import { PageHeader } from "@/components/page/page-header";
import { ExportLink } from "@/components/list/export-link";
import { BalanceMovesTable } from "@/app/(dashboard)/balances/_components/moves-table";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { can } from "@/lib/auth/permissions";
import { loadVelocityUsage } from "@/lib/approvals/velocity";
import { requirePagePermission } from "@/lib/auth/session";
import { readBalances, readMoves } from "@/lib/balances/read";
import { readOrProblem } from "@/lib/upstream/read-or-problem";
import { viewerTimeZone } from "@/lib/time-zone/current";

export const metadata: Metadata = { title: "Balances" };

/** A read that fails becomes a sentence for the client component's error state (with retry). */
async function attempt<T>(what: string, read: () => Promise<T>): Promise<{ value: T | null; error: string | null }> {
  const r = await readOrProblem(read(), {
    unexpected: { message: `The ${what} could not be loaded. Try again in a moment.`, log: `balances page: the ${what} read failed` },
  });
  return r.ok ? { value: r.data, error: null } : { value: null, error: r.message };
}

export default async function BalancesPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const me = await requirePagePermission("data:read");
  const velocity = await loadVelocityUsage(me);
  const raw = await searchParams;
  const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  const pageNum = Number.parseInt(one(raw.page) ?? "1", 10);
  const page = Number.isFinite(pageNum) && pageNum >= 1 ? pageNum : 1;
  const rangeRaw = one(raw.range);
  const range = isChartRange(rangeRaw) ? rangeRaw : "30d";

  const [balances, moves] = await Promise.all([attempt("balances", () => readBalances(me)), attempt("balance moves", () => readMoves(me, page))]);
  const mayMove = can(me.role, "balance:move");
  const mayWithdraw = can(me.role, "withdrawal:create");

  return (
    <>
      <PageHeader
        title="Balances"
        description={`The merchant's balances at the provider (${me.environment === "production" ? "production" : "sandbox"}), moves from collection to withdrawal, withdrawals on chain, and how the balances changed.`}
      />
      <div className="grid gap-6">
        <section aria-label="Current balances">
          <BalanceCards initial={balances.value} initialError={balances.error} />
        </section>

        {mayMove ? (
          <Card>
            <CardHeader>
              <CardTitle>
                <h2>Move to withdrawal balance</h2>
              </CardTitle>
              <CardDescription>
                Make collected money available for transfers and withdrawals. Amounts above your approval threshold wait for a second approver.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <MoveBalanceForm initial={balances.value} velocity={velocity} />
            </CardContent>
          </Card>
        ) : null}

        {mayWithdraw ? (
          <Card>
            <CardHeader>
              <CardTitle>
                <h2>Withdraw from balance</h2>
              </CardTitle>
              <CardDescription>
                Send USD from the withdrawal balance on chain as a stablecoin. Amounts above your approval threshold wait for a second approver.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <WithdrawBalanceForm initial={balances.value} />
            </CardContent>
          </Card>
        ) : null}

        <Card>
          <CardHeader layout="row">
            <div className="grid gap-1.5">
              <CardTitle>
                <h2>Balance over time</h2>
              </CardTitle>
              <CardDescription>
                Worked back from today&apos;s balances through the balance moves and the deposit, transfer and withdrawal events this app received.
              </CardDescription>
            </div>
            <RangeLinks range={range} page={page} />
          </CardHeader>
          <CardContent>
            <Suspense key={range} fallback={<BalanceHistorySkeleton />}>
              <BalanceHistory tenant={me} range={range} zone={(await viewerTimeZone(me)).zone} />
            </Suspense>
          </CardContent>
        </Card>

        <section className="grid gap-3" aria-labelledby="moves-heading">
          <div className="flex flex-wrap items-center gap-3">
            <h2 id="moves-heading" className="text-lg font-semibold">
              Move history
            </h2>
            <ExportLink href="/api/balances/moves/export" />
          </div>
          <BalanceMovesTable initial={moves.value} initialPage={page} />
        </section>
      </div>
    </>
  );
}
