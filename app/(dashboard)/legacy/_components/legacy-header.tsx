import { Link } from "@/components/ui/link";
import { History } from "lucide-react";
import { PageHeader } from "@/components/page/page-header";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import type { Role } from "@/lib/auth/permissions";
import type { LegacyKind } from "@/lib/legacy/filters";
import { navFor } from "@/lib/nav";

/** What replaced each route, in the spec's words, and the pages (by their nav titles) that do that work now. */
const REPLACED_BY: Record<LegacyKind, { work: string; pages: string[] }> = {
  payouts: { work: "New send-money work uses transfers and merchant withdrawals", pages: ["Transfers", "Withdrawals"] },
  onramps: { work: "New receive-money work uses funding accounts and deposits", pages: ["Funding accounts", "Deposits"] },
  offramps: { work: "New receive-money work uses funding accounts and deposits", pages: ["Funding accounts", "Deposits"] },
};

/**
 * Links to the pages that replaced a route, from the nav the role sees: a page that is not in this
 * build, or that the role may not open, is not linked (no dead ends).
 */
function replacementLinks(kind: LegacyKind, role: Role) {
  const items = navFor(role).flatMap((a) => a.items);
  return REPLACED_BY[kind].pages.flatMap((title) => {
    const item = items.find((i) => i.title.toLowerCase().includes(title.toLowerCase()));
    return item ? [{ title: item.title, href: item.href }] : [];
  });
}

/** The page title and the banner every legacy page carries: these are older routes, kept for reference. */
export function LegacyHeader({
  kind,
  role,
  title,
  description,
  back,
}: {
  kind: LegacyKind;
  role: Role;
  title: string;
  description?: React.ReactNode;
  back?: { href: string; label: string };
}) {
  const links = replacementLinks(kind, role);
  return (
    <>
      <PageHeader
        title={title}
        description={description}
        actions={
          back ? (
            <Link className="rounded-md border px-3 py-1.5 text-sm hover:bg-accent" href={back.href}>
              {back.label}
            </Link>
          ) : null
        }
      />
      <Alert className="mb-6" data-testid="legacy-banner">
        <History aria-hidden="true" />
        <AlertTitle>Legacy route, read only</AlertTitle>
        <AlertDescription>
          <p>
            {kind === "payouts" ? "Payouts" : kind === "onramps" ? "Onramps" : "Offramps"} are an older route of the provider, kept for reference and for
            existing integrations. {REPLACED_BY[kind].work}.
          </p>
          {links.length ? (
            <p>
              Go to{" "}
              {links.map((l, i) => (
                <span key={l.href}>
                  {i > 0 ? " or " : null}
                  <Link className="font-medium text-foreground underline underline-offset-4" href={l.href}>
                    {l.title}
                  </Link>
                </span>
              ))}
              .
            </p>
          ) : null}
        </AlertDescription>
      </Alert>
    </>
  );
}
