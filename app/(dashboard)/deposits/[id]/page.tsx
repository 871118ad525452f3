import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { notFound } from "next/navigation";
import { DepositFields, type DepositDetail } from "@/app/(dashboard)/deposits/_components/deposit-fields";
import { LiveRefresh } from "@/app/(dashboard)/deposits/_components/live-refresh";
import { SyncedNote } from "@/components/page/synced-note";
import { UpstreamProblem } from "@/components/page/upstream-problem";
import { PageHeader } from "@/components/page/page-header";
import { DecisionPanel, type DecisionItem } from "@/app/(dashboard)/deposits/_components/decision-panel";
import { Timeline } from "@/components/timeline/timeline";
import { can } from "@/lib/auth/permissions";
import { requirePagePermission } from "@/lib/auth/session";
import { liveKeys } from "@/lib/live/query-keys";
import { decisionsForDeposit } from "@/lib/review/decisions";
import { ensureOutboundWorker } from "@/lib/review/outbound";
import { readSyncedOne } from "@/lib/ledger/page-read";

export const metadata: Metadata = { title: "Deposit" };

export default async function DepositPage({ params }: { params: Promise<{ id: string }> }) {
  const me = await requirePagePermission("data:read");
  ensureOutboundWorker();
  const { id } = await params;
  const back = (
    <Link href="/deposits" className="rounded-md border px-3 py-2 text-sm hover:bg-accent">
      All deposits
    </Link>
  );
  const read = await readSyncedOne<DepositDetail>(me, "deposit", id, { notFound });
  if (!read.ok) {
    return (
      <>
        <PageHeader title="Deposit" actions={back} />
        <UpstreamProblem title="This deposit could not load" message={read.message} />
      </>
    );
  }
  const d = read.data;
  const decisions = await decisionsForDeposit(me.organizationId, me.environment, d.id, d.status);
  const items: DecisionItem[] = decisions.map((x) => ({
    id: x.id,
    decision: x.decision,
    reason: x.reason,
    status: x.status,
    decidedBy: { id: x.decidedBy.id, name: x.decidedBy.name },
    confirmedBy: x.confirmedBy ? { id: x.confirmedBy.id, name: x.confirmedBy.name } : null,
    confirmedAt: x.confirmedAt?.toISOString() ?? null,
    confirmNote: x.confirmNote,
    createdAt: x.createdAt.toISOString(),
    statusAtDecision: x.snapshot.status,
    providerOutcome: x.providerOutcome ? { status: x.providerOutcome.status, at: x.providerOutcome.at?.toISOString() ?? null } : null,
    delivery: x.delivery,
    credit: x.credit
      ? {
          state: x.credit.state,
          stage: x.credit.stage,
          heldAt: x.credit.heldAt?.toISOString() ?? null,
          changedAt: x.credit.changedAt?.toISOString() ?? null,
          event: x.credit.event ? { name: x.credit.event.name, occurredAt: x.credit.event.occurredAt?.toISOString() ?? null } : null,
          delivery: x.credit.delivery ? { ...x.credit.delivery, deliveredAt: x.credit.delivery.deliveredAt?.toISOString() ?? null } : null,
        }
      : null,
  }));
  return (
    <>
      <PageHeader title="Deposit" description={<span className="font-mono">{d.id}</span>} actions={back} />
      <LiveRefresh queryKey={liveKeys.resource("deposit", d.id)} />
      <SyncedNote freshness={read.freshness} id={d.id} className="mb-3" />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="grid content-start gap-8">
          <DepositFields d={d} environment={me.environment} />
          <DecisionPanel depositId={d.id} providerStatus={d.status} decisions={items} canDecide={can(me.role, "review:decide")} currentUserId={me.id} />
        </div>
        <Timeline organizationId={me.organizationId} environment={me.environment} resourceType="deposit" resourceId={d.id} />
      </div>
    </>
  );
}
