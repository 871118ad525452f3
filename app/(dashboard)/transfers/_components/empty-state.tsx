import { Link } from "@/components/ui/link";

export function TransfersEmptyState({ filtered, canCreate }: { filtered: boolean; canCreate: boolean }) {
  return (
    <div className="rounded-lg border border-dashed p-10 text-center" data-testid="transfers-empty">
      <p className="font-medium">{filtered ? "No transfers match this filter" : "No transfers yet"}</p>
      <p className="mt-1 text-sm text-muted-foreground">
        {filtered
          ? "Clear the filter to see more."
          : canCreate
            ? "Send one to pay a recipient from the withdrawal balance."
            : "Transfers sent by your team appear here."}
      </p>
      {!filtered && canCreate ? (
        <Link className="mt-4 inline-block rounded-md border px-3 py-1.5 text-sm hover:bg-accent" href="/transfers/new">
          New transfer
        </Link>
      ) : null}
    </div>
  );
}
