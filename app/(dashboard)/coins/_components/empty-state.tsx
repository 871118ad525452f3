import { Link } from "@/components/ui/link";

/** A Coins list with nothing to show: why, and what to do next. */
export function CoinsEmptyState({
  testId,
  title,
  hint,
  action,
}: {
  testId: string;
  title: string;
  hint: string;
  action?: { href: string; label: string } | null;
}) {
  return (
    <div className="rounded-lg border border-dashed p-10 text-center" data-testid={testId}>
      <p className="font-medium">{title}</p>
      <p className="mt-1 text-sm text-muted-foreground">{hint}</p>
      {action ? (
        <Link className="mt-4 inline-block rounded-md border px-3 py-1.5 text-sm hover:bg-accent" href={action.href}>
          {action.label}
        </Link>
      ) : null}
    </div>
  );
}
