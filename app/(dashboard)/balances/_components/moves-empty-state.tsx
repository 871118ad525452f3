export function BalanceMovesEmptyState() {
  return (
    <div className="rounded-lg border border-dashed p-10 text-center" data-testid="balance-moves-empty">
      <p className="font-medium">No balance moves yet</p>
      <p className="mt-1 text-sm text-muted-foreground">Moves from the collection balance to the withdrawal balance appear here, newest first.</p>
    </div>
  );
}
