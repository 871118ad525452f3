export function EventsEmptyState({ filtered }: { filtered: boolean }) {
  return (
    <div className="rounded-lg border border-dashed p-10 text-center" data-testid="events-empty">
      {filtered ? (
        <>
          <p className="font-medium">No events match these filters</p>
          <p className="mt-1 text-sm text-muted-foreground">Clear a filter or widen the dates.</p>
        </>
      ) : (
        <>
          <p className="font-medium">No events received yet in this environment</p>
          <p className="mt-1 text-sm text-muted-foreground">
            Events appear here once the provider sends webhooks to this app. Check that a webhook secret is set under API keys.
          </p>
        </>
      )}
    </div>
  );
}
