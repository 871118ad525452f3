import { Link } from "@/components/ui/link";

export function PositionsEmptyState() {
  return (
    <div className="rounded-lg border border-dashed p-10 text-center" data-testid="positions-empty">
      <p className="font-medium">No open positions</p>
      <p className="mt-1 text-sm text-muted-foreground">
        The wallet holds only US dollars. Positions bought through the provider appear here with their value.
      </p>
      <Link className="mt-4 inline-block rounded-md border px-3 py-1.5 text-sm hover:bg-accent" href="/stocks/assets">
        Browse the assets
      </Link>
    </div>
  );
}
