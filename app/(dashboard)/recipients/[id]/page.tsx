import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { notFound } from "next/navigation";
import { ReadError } from "@/components/page/read-error";
import { PageHeader } from "@/components/page/page-header";
import { RecipientDetail } from "@/app/(dashboard)/recipients/_components/recipient-detail";
import { requirePagePermission } from "@/lib/auth/session";
import { readRecipient } from "@/lib/recipients/read";
import { recipientName } from "@/lib/recipients/views";
import { readOrProblem } from "@/lib/upstream/read-or-problem";

export const metadata: Metadata = { title: "Recipient" };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export default async function RecipientPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const me = await requirePagePermission("data:read");
  const { id } = await params;
  if (!UUID.test(id)) notFound();
  const back = (
    <Link className="rounded-md border px-3 py-1.5 text-sm hover:bg-accent" href="/recipients">
      Back to recipients
    </Link>
  );
  const read = await readOrProblem(readRecipient(me, id), { notFound });
  if (!read.ok) {
    return (
      <>
        <PageHeader title="Recipient" actions={back} />
        <ReadError title="This recipient could not load" message={read.message} />
      </>
    );
  }
  const view = read.data;
  // Set by the create form when the provider answered with a recipient it already had.
  const existing = (await searchParams).existing === "1";
  return (
    <>
      <PageHeader title={recipientName(view.recipient)} description={<span className="font-mono text-xs">{view.recipient.id}</span>} actions={back} />
      <RecipientDetail view={view} existing={existing} />
    </>
  );
}
