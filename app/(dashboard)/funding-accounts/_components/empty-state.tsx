import { Link } from "@/components/ui/link";

export function FundingAccountsEmptyState({ filtered, canCreate }: { filtered: boolean; canCreate: boolean }) {
  return (
    <div className="rounded-lg border border-dashed p-10 text-center" data-testid="funding-accounts-empty">
      <p className="font-medium">{filtered ? "No funding accounts match these filters" : "No funding accounts yet"}</p>
      <p className="mt-1 text-sm text-muted-foreground">
        {filtered
          ? "Clear a filter to see more."
          : canCreate
            ? "Open one to give a customer bank details or a wallet address to pay into."
            : "Accounts opened by your team appear here."}
      </p>
      {!filtered && canCreate ? (
        <Link className="mt-4 inline-block rounded-md border px-3 py-1.5 text-sm hover:bg-accent" href="/funding-accounts/new">
          New funding account
        </Link>
      ) : null}
    </div>
  );
}
