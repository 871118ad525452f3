import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { ListRegion } from "@/components/list/list-region";
import { ReadError } from "@/components/page/read-error";
import { PageHeader } from "@/components/page/page-header";
import { RecipientsTable } from "@/app/(dashboard)/recipients/_components/data-table";
import { RecipientsToolbar } from "@/app/(dashboard)/recipients/_components/toolbar";
import { can } from "@/lib/auth/permissions";
import { requirePagePermission } from "@/lib/auth/session";
import { loadRecipientFilters } from "@/lib/recipients/filters";
import { readRecipients } from "@/lib/recipients/read";
import { readOrProblem } from "@/lib/upstream/read-or-problem";

export const metadata: Metadata = { title: "Recipients" };

export default async function RecipientsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const me = await requirePagePermission("data:read");
  const filters = await loadRecipientFilters(searchParams);
  const canCreate = can(me.role, "recipient:create");
  const list = await readOrProblem(readRecipients(me, filters));
  return (
    <>
      <PageHeader
        title="Recipients"
        description={`Bank accounts and wallet addresses you pay out to, in ${me.environment === "production" ? "production" : "the sandbox"}.`}
        actions={
          canCreate ? (
            <Link
              className="rounded-md bg-primary px-3 py-2 text-sm font-medium text-primary-foreground hover:bg-primary/90 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
              href="/recipients/new"
            >
              New recipient
            </Link>
          ) : null
        }
      />
      <ListRegion>
        <RecipientsToolbar />
        {!list.ok ? (
          <ReadError title="Recipients could not load" message={list.message} />
        ) : (
          <RecipientsTable initial={list.data} filters={filters} canCreate={canCreate} />
        )}
      </ListRegion>
    </>
  );
}
