export function AssetsEmptyState({ filtered }: { filtered: boolean }) {
  return (
    <div className="rounded-lg border border-dashed p-10 text-center" data-testid="assets-empty">
      <p className="font-medium">{filtered ? "No asset matches these filters" : "The provider lists no stock assets"}</p>
      <p className="mt-1 text-sm text-muted-foreground">
        {filtered ? "Clear the filters to see every asset." : "Tokenized stocks appear here once the provider offers them in this environment."}
      </p>
    </div>
  );
}
