export function DepositsEmptyState({ filtered }: { filtered: boolean }) {
  return (
    <div className="rounded-lg border border-dashed p-10 text-center">
      <p className="font-medium">{filtered ? "No deposits match these filters" : "No deposits yet"}</p>
      <p className="mt-1 text-sm text-muted-foreground">
        {filtered ? "Clear a filter or widen the dates." : "Deposits appear here when money reaches one of your funding accounts."}
      </p>
    </div>
  );
}
