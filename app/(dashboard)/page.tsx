import type { Metadata } from "next";
import Link from "next/link";
import { RecentEvents } from "@/components/live/recent-events";
import { PageHeader } from "@/components/page/page-header";
import { ROLE_LABELS } from "@/components/team/role-labels";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { can } from "@/lib/auth/permissions";
import { requirePagePermission } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { formatRelative } from "@/lib/format";

export const metadata: Metadata = { title: "Overview" };

export default async function OverviewPage() {
  const me = await requirePagePermission("data:read");
  const showActivity = can(me.role, "audit:read");
  const recent = showActivity
    ? await db.auditLog.findMany({ where: { organizationId: me.organizationId }, orderBy: { id: "desc" }, take: 8 })
    : [];
  return (
    <>
      <PageHeader title="Overview" description={`Signed in as ${me.name}.`} />
      <div className="grid gap-4 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>
              <h2>Environment</h2>
            </CardTitle>
            <CardDescription>Everything you see and send is in this environment only.</CardDescription>
          </CardHeader>
          <CardContent className="flex items-center gap-3">
            <Badge variant={me.environment === "production" ? "destructive" : "secondary"} data-testid="overview-environment">
              {me.environment === "production" ? "Production" : "Sandbox"}
            </Badge>
            <span className="text-sm text-muted-foreground">
              {me.environment === "production" ? "Real money moves here." : "Simulated money: safe to try anything."}
            </span>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>
              <h2>Your role</h2>
            </CardTitle>
            <CardDescription>{ROLE_LABELS[me.role].description}</CardDescription>
          </CardHeader>
          <CardContent>
            <Badge variant="outline" data-testid="overview-role">
              {ROLE_LABELS[me.role].title}
            </Badge>
          </CardContent>
        </Card>
        {can(me.role, "events:read") ? (
          <Card className="md:col-span-2" data-testid="live-activity">
            <CardHeader>
              <CardTitle>
                <h2>Live activity</h2>
              </CardTitle>
              <CardDescription>The latest events from the provider in this environment, as they arrive.</CardDescription>
            </CardHeader>
            <CardContent>
              <RecentEvents />
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
                The latest changes made through the app. <Link className="underline underline-offset-4" href="/settings/audit">Open the audit log</Link>
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
                      <time className="text-muted-foreground" dateTime={r.at.toISOString()}>
                        {formatRelative(r.at)}
                      </time>
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
