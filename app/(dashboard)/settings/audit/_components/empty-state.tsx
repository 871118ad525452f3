export function AuditEmptyState() {
  return (
    <div className="rounded-lg border border-dashed p-10 text-center">
      <p className="font-medium">No audit entries match these filters</p>
      <p className="mt-1 text-sm text-muted-foreground">Clear a filter or widen the dates.</p>
    </div>
  );
}
