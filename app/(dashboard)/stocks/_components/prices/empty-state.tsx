export function PricesEmptyState() {
  return (
    <div className="rounded-lg border border-dashed p-10 text-center" data-testid="prices-empty">
      <p className="font-medium">No prices</p>
      <p className="mt-1 text-sm text-muted-foreground">The provider returned no price for these symbols. Clear the symbols to see every asset.</p>
    </div>
  );
}
