import { Link } from "@/components/ui/link";

export function WithdrawalsEmptyState({ filtered, canCreate }: { filtered: boolean; canCreate: boolean }) {
  return (
    <div className="rounded-lg border border-dashed p-10 text-center" data-testid="withdrawals-empty">
      <p className="font-medium">{filtered ? "No withdrawals with this status" : "No withdrawals yet"}</p>
      <p className="mt-1 text-sm text-muted-foreground">
        {filtered
          ? "Clear the filter to see every withdrawal."
          : canCreate
            ? "Send stablecoins from the withdrawal balance to a wallet you control."
            : "Withdrawals made by your team appear here."}
      </p>
      {!filtered && canCreate ? (
        <Link className="mt-4 inline-block rounded-md border px-3 py-1.5 text-sm hover:bg-accent" href="/withdrawals/new">
          New withdrawal
        </Link>
      ) : null}
    </div>
  );
}
