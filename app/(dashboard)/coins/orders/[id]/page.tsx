import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { notFound } from "next/navigation";
import { CoinsOrderDetail } from "@/app/(dashboard)/coins/_components/order-detail";
import { ReadError } from "@/components/page/read-error";
import { PageHeader } from "@/components/page/page-header";
import { can } from "@/lib/auth/permissions";
import { requirePagePermission } from "@/lib/auth/session";
import { readOrder } from "@/lib/coins/read";
import { readOrProblem } from "@/lib/upstream/read-or-problem";

export const metadata: Metadata = { title: "Coins order" };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export default async function CoinsOrderPage({ params }: { params: Promise<{ id: string }> }) {
  const me = await requirePagePermission("data:read");
  const { id } = await params;
  if (!UUID.test(id)) notFound();
  const back = (
    <Link className="rounded-md border px-3 py-1.5 text-sm hover:bg-accent" href="/coins/orders">
      Back to orders
    </Link>
  );
  const read = await readOrProblem(readOrder(me, id), { notFound });
  if (!read.ok) {
    return (
      <>
        <PageHeader title="Coins order" actions={back} />
        <ReadError title="This order could not load" message={read.message} />
      </>
    );
  }
  const view = read.data;
  return (
    <>
      <PageHeader title={`Order ${id.slice(0, 8)}`} description={<span className="font-mono text-xs">{id}</span>} actions={back} />
      <CoinsOrderDetail initial={view} canTrade={can(me.role, "order:trade")} />
    </>
  );
}
