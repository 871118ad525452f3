import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { notFound } from "next/navigation";
import { ReadError } from "@/components/page/read-error";
import { PageHeader } from "@/components/page/page-header";
import { LiveOrder } from "@/app/(dashboard)/pro/_components/live-order";
import { Timeline } from "@/components/timeline/timeline";
import { requirePagePermission } from "@/lib/auth/session";
import { readProOrder, tradeAccess } from "@/lib/pro/read";
import { readOrProblem } from "@/lib/upstream/read-or-problem";

export const metadata: Metadata = { title: "Pro order" };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export default async function ProOrderPage({ params }: { params: Promise<{ id: string }> }) {
  const me = await requirePagePermission("data:read");
  const { id } = await params;
  if (!UUID.test(id)) notFound();
  const back = (
    <Link className="rounded-md border px-3 py-1.5 text-sm hover:bg-accent" href="/pro/orders">
      Back to Pro orders
    </Link>
  );
  const read = await readOrProblem(readProOrder(me, id), { notFound });
  if (!read.ok) {
    return (
      <>
        <PageHeader title="Pro order" actions={back} />
        <ReadError title="This order could not load" message={read.message} />
      </>
    );
  }
  const view = read.data;
  const access = await tradeAccess(me);
  return (
    <>
      <PageHeader title={`Pro order ${id.slice(0, 8)}`} description={<span className="font-mono text-xs">{id}</span>} actions={back} />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <LiveOrder orderId={view.order.order_id} initial={view} canTrade={access.allowed} withTrades />
        <Timeline organizationId={me.organizationId} environment={me.environment} resourceType="pro_order" resourceId={view.order.order_id} />
      </div>
    </>
  );
}
