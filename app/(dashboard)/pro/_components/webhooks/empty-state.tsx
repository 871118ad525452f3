export function ProWebhooksEmptyState() {
  return (
    <div className="rounded-lg border border-dashed p-10 text-center" data-testid="pro-webhooks-empty">
      <p className="font-medium">No Pro webhooks yet</p>
      <p className="mt-1 text-sm text-muted-foreground">Create one to have the provider send order, trade and deposit events to an HTTPS address.</p>
    </div>
  );
}
