import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { notFound } from "next/navigation";
import { ReadError } from "@/components/page/read-error";
import { PageHeader } from "@/components/page/page-header";
import { LiveTimeline } from "@/components/timeline/live-timeline";
import { TransferDetail } from "@/app/(dashboard)/transfers/_components/transfer-detail";
import { requirePagePermission } from "@/lib/auth/session";
import { readTransfer } from "@/lib/transfers/read";
import { readOrProblem } from "@/lib/upstream/read-or-problem";
import { getTimeline } from "@/lib/webhooks/query";

export const metadata: Metadata = { title: "Transfer" };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export default async function TransferPage({ params }: { params: Promise<{ id: string }> }) {
  const me = await requirePagePermission("data:read");
  const { id } = await params;
  if (!UUID.test(id)) notFound();
  const back = (
    <Link className="rounded-md border px-3 py-1.5 text-sm hover:bg-accent" href="/transfers">
      Back to transfers
    </Link>
  );
  const read = await readOrProblem(readTransfer(me, id), { notFound });
  if (!read.ok) {
    return (
      <>
        <PageHeader title="Transfer" actions={back} />
        <ReadError title="This transfer could not load" message={read.message} />
      </>
    );
  }
  const view = read.data;
  const timeline = await getTimeline(me.organizationId, me.environment, "transfer", id);
  const t = view.transfer;
  return (
    <>
      <PageHeader title={`Transfer ${t.reference || t.id.slice(0, 8)}`} description={<span className="font-mono text-xs">{t.id}</span>} actions={back} />
      <div className="grid gap-8">
        <TransferDetail initial={view} />
        <section aria-labelledby="transfer-timeline" className="grid gap-3">
          <h2 id="transfer-timeline" className="text-base font-semibold">
            Timeline
          </h2>
          <LiveTimeline resourceType="transfer" resourceId={t.id} initial={timeline} label="Transfer timeline" />
        </section>
      </div>
    </>
  );
}
