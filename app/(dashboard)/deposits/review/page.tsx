import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { UpstreamProblem } from "@/components/page/upstream-problem";
import { PageHeader } from "@/components/page/page-header";
import { ReviewQueue, type QueueView } from "@/app/(dashboard)/deposits/_components/review-queue";
import { can } from "@/lib/auth/permissions";
import { requirePagePermission } from "@/lib/auth/session";
import { ensureOutboundWorker } from "@/lib/review/outbound";
import { loadQueue } from "@/lib/review/queue";
import { readOrProblem } from "@/lib/upstream/read-or-problem";

export const metadata: Metadata = { title: "Review queue" };

export default async function ReviewQueuePage() {
  const me = await requirePagePermission("data:read");
  ensureOutboundWorker();
  const header = (
    <PageHeader
      title="Review queue"
      description="Every deposit the provider holds for review, oldest first. The provider resolves these by hand; your team's decision is recorded here, confirmed by a second approver and sent to your own systems."
      actions={
        <a href="/api/review/export" className="rounded-md border px-3 py-2 text-sm hover:bg-accent" download>
          Export decisions (CSV)
        </a>
      }
    />
  );
  const read = await readOrProblem(loadQueue(me));
  if (!read.ok) {
    return (
      <>
        {header}
        <UpstreamProblem title="The review queue could not load" message={read.message} />
        <p className="mt-4 text-sm">
          <Link href="/deposits" className="underline underline-offset-4">
            See all deposits
          </Link>
        </p>
      </>
    );
  }
  const queue = read.data;
  // Plain JSON, the same shape the client's refetch gets from the route.
  const initial = JSON.parse(JSON.stringify(queue)) as QueueView;
  return (
    <>
      {header}
      <ReviewQueue initial={initial} canDecide={can(me.role, "review:decide")} currentUserId={me.id} />
    </>
  );
}
