import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { Suspense } from "react";
import { BalanceCards } from "@/components/page/balance-cards";
import { RecentEvents } from "@/app/(dashboard)/_components/recent-events";
import { OverviewFigures } from "@/app/(dashboard)/_components/overview-figures";
import { OverviewFiguresSkeleton } from "@/app/(dashboard)/_components/overview-figures-skeleton";
import { PageHeader } from "@/components/page/page-header";
import { KeyAgeReminder } from "@/components/page/key-age-reminder";
import { ROLE_LABELS } from "@/lib/team/role-labels";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { can } from "@/lib/auth/permissions";
import { requirePagePermission, type CurrentUser } from "@/lib/auth/session";
import { readOverview } from "@/lib/balances/overview";
import { db } from "@/lib/db";
import { RelativeTime } from "@/components/ui/relative-time";
import { listSecrets } from "@/lib/vault";
import { agingKeys } from "@/lib/vault/key-age";
import { recentEvents } from "@/lib/webhooks/query";

export const metadata: Metadata = { title: "Overview" };

export default async function OverviewPage() {
  const me = await requirePagePermission("data:read");
  const showActivity = can(me.role, "audit:read");
  const showEvents = can(me.role, "events:read");
  const [recent, events, aging] = await Promise.all([
    showActivity ? db.auditLog.findMany({ where: { organizationId: me.organizationId }, orderBy: { id: "desc" }, take: 8 }) : [],
    showEvents ? recentEvents(me.organizationId, me.environment) : null,
    // Only those who can replace keys are reminded of their age.
    can(me.role, "keys:manage") ? listSecrets(me.organizationId).then((keys) => agingKeys(keys)) : [],
  ]);
  return (
    <>
      <PageHeader
        title="Overview"
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            <span>Signed in as {me.name}</span>
            <Badge variant="outline" data-testid="overview-role" title={ROLE_LABELS[me.role].description}>
              {ROLE_LABELS[me.role].title}
            </Badge>
            <span>in</span>
            <Badge variant={me.environment === "production" ? "destructive" : "secondary"} data-testid="overview-environment">
              {me.environment === "production" ? "Production" : "Sandbox"}
            </Badge>
            <span>{me.environment === "production" ? "Real money moves here." : "Simulated money: safe to try anything."}</span>
          </span>
        }
      />
      <KeyAgeReminder keys={aging} href="/settings/api-keys" />
      <div className="grid gap-4 md:grid-cols-2">
        {/* The provider's figures stream in: a slow provider never holds back the rest of the page. */}
        <Suspense fallback={<OverviewFiguresSkeleton />}>
          <ProviderFigures user={me} />
        </Suspense>
        {events ? (
          <Card className="md:col-span-2" data-testid="live-activity">
            <CardHeader>
              <CardTitle>
                <h2>Live activity</h2>
              </CardTitle>
              <CardDescription>
                The latest events from the provider in this environment, as they arrive.{" "}
                <Link className="underline underline-offset-4" href="/events" data-testid="overview-events-link">
                  Open the event log
                </Link>
              </CardDescription>
            </CardHeader>
            <CardContent>
              <RecentEvents initial={events} />
            </CardContent>
          </Card>
        ) : null}
        {showActivity ? (
          <Card className="md:col-span-2">
            <CardHeader>
              <CardTitle>
                <h2>Recent activity</h2>
              </CardTitle>
              <CardDescription>
                The latest changes made through the app.{" "}
                <Link className="underline underline-offset-4" href="/settings/audit">
                  Open the audit log
                </Link>
              </CardDescription>
            </CardHeader>
            <CardContent>
              {recent.length ? (
                <ul className="grid gap-2 text-sm">
                  {recent.map((r) => (
                    <li key={r.id.toString()} className="flex flex-wrap justify-between gap-2 border-b pb-2 last:border-0">
                      <span>
                        <span className="font-mono text-xs">{r.action}</span> <span className="text-muted-foreground">by {r.actorEmail ?? "system"}</span>
                      </span>
                      <RelativeTime value={r.at} className="text-muted-foreground" />
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-sm text-muted-foreground">Nothing has changed yet.</p>
              )}
            </CardContent>
          </Card>
        ) : null}
      </div>
    </>
  );
}

/** Balances, today's deposits, the review queue and pending approvals, read together on the server. */
async function ProviderFigures({ user }: { user: CurrentUser }) {
  const overview = await readOverview(user);
  const balances = overview.balances.ok ? { data: overview.balances.data, fetchedAt: overview.balances.fetchedAt, stale: overview.balances.stale } : null;
  return (
    <>
      <section className="grid gap-3 md:col-span-2" aria-labelledby="overview-balances-heading" data-testid="overview-balances">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="overview-balances-heading" className="text-lg font-semibold">
            Balances
          </h2>
          <Link href="/balances" className="text-sm underline underline-offset-4">
            Open balances
          </Link>
        </div>
        <BalanceCards initial={balances} initialError={overview.balances.ok ? null : overview.balances.error} href="/balances" headingLevel={3} />
      </section>
      <OverviewFigures initial={overview} showApprovals />
    </>
  );
}
