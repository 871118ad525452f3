import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { notFound } from "next/navigation";
import { ReadError } from "@/components/page/read-error";
import { PageHeader } from "@/components/page/page-header";
import { Timeline } from "@/components/timeline/timeline";
import { WithdrawalDetail } from "@/app/(dashboard)/withdrawals/_components/withdrawal-detail";
import { requirePagePermission } from "@/lib/auth/session";
import { readOrProblem } from "@/lib/upstream/read-or-problem";
import { readWithdrawal } from "@/lib/withdrawals/read";

export const metadata: Metadata = { title: "Withdrawal" };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export default async function WithdrawalPage({ params }: { params: Promise<{ id: string }> }) {
  const me = await requirePagePermission("data:read");
  const { id } = await params;
  if (!UUID.test(id)) notFound();
  const back = (
    <Link className="rounded-md border px-3 py-1.5 text-sm hover:bg-accent" href="/withdrawals">
      Back to withdrawals
    </Link>
  );
  const read = await readOrProblem(readWithdrawal(me, id), { notFound });
  if (!read.ok) {
    return (
      <>
        <PageHeader title="Withdrawal" actions={back} />
        <ReadError title="This withdrawal could not load" message={read.message} />
      </>
    );
  }
  const view = read.data;
  return (
    <>
      <PageHeader title={`Withdrawal ${id.slice(0, 8)}`} description={<span className="font-mono text-xs">{id}</span>} actions={back} />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <WithdrawalDetail initial={view} environment={me.environment} />
        <Timeline organizationId={me.organizationId} environment={me.environment} resourceType="withdrawal" resourceId={id} />
      </div>
    </>
  );
}
