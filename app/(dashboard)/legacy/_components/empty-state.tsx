import { Link } from "@/components/ui/link";

/** No rows: because of the filters, because the page is past the end, or because there are none. */
export function LegacyEmptyState({
  noun,
  filtered,
  pastEnd,
}: {
  noun: string;
  filtered: boolean;
  pastEnd: { href: { pathname: string; query: Record<string, string> } } | null;
}) {
  return (
    <div className="rounded-lg border border-dashed p-10 text-center" data-testid="legacy-empty">
      <p className="font-medium">{pastEnd ? "This page is past the end of the list" : filtered ? `No ${noun} match these filters` : `No ${noun}`}</p>
      <p className="mt-1 text-sm text-muted-foreground">
        {pastEnd ? (
          <Link className="underline underline-offset-4" href={pastEnd.href}>
            Go to the first page
          </Link>
        ) : filtered ? (
          "Clear a filter to see more."
        ) : (
          `This merchant has no ${noun} in this environment. They were made through the provider's older routes, which the app does not create.`
        )}
      </p>
    </div>
  );
}
