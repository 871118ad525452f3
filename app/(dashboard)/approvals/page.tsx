import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { ApprovalsInbox } from "@/app/(dashboard)/approvals/_components/inbox";
import { PageHeader } from "@/components/page/page-header";
import { loadInbox, mayDecide } from "@/lib/approvals/queries";
import { loadInboxFilters } from "@/lib/approvals/filters";
import { can } from "@/lib/auth/permissions";
import { requirePagePermission } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Approvals" };

export default async function ApprovalsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const me = await requirePagePermission("data:read");
  const filters = await loadInboxFilters(searchParams);
  const inbox = await loadInbox(me, filters);
  const env = me.environment === "production" ? "production" : "the sandbox";
  return (
    <>
      <PageHeader
        title="Approvals"
        description={
          <>
            Money movements above your organization&apos;s limits and deposit review decisions wait here for a second person with the approver role, in {env}.
            The person who requested one cannot approve it.
            {can(me.role, "settings:manage") ? (
              <>
                {" "}
                <Link href="/settings/approvals" className="underline underline-offset-4">
                  Change the limits
                </Link>
                .
              </>
            ) : null}
          </>
        }
      />
      <ApprovalsInbox
        initial={inbox}
        initialKind={filters.kind ?? null}
        initialStatus={filters.status ?? null}
        initialPage={filters.page}
        mayDecide={mayDecide(me.role)}
        environment={me.environment}
        viewerId={me.id}
      />
    </>
  );
}
