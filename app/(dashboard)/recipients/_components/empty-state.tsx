import { Link } from "@/components/ui/link";

export function RecipientsEmptyState({ filtered, canCreate }: { filtered: boolean; canCreate: boolean }) {
  return (
    <div className="rounded-lg border border-dashed p-10 text-center" data-testid="recipients-empty">
      <p className="font-medium">{filtered ? "No recipients match this type or search" : "No recipients yet"}</p>
      <p className="mt-1 text-sm text-muted-foreground">
        {filtered
          ? "Clear the filter or search for something else."
          : canCreate
            ? "Save a bank account or wallet address to pay out to."
            : "Recipients saved by your team appear here."}
      </p>
      {!filtered && canCreate ? (
        <Link className="mt-4 inline-block rounded-md border px-3 py-1.5 text-sm hover:bg-accent" href="/recipients/new">
          New recipient
        </Link>
      ) : null}
    </div>
  );
}
