import { Link } from "@/components/ui/link";

export default function StockAssetNotFound() {
  return (
    <div className="grid max-w-xl gap-3 rounded-lg border p-6">
      <h1 className="text-lg font-semibold">This asset does not exist</h1>
      <p className="text-sm text-muted-foreground">
        The provider offers no tokenized stock with this symbol in this environment. Check the symbol, or pick one from the list.
      </p>
      <div>
        <Link className="rounded-md border px-3 py-1.5 text-sm hover:bg-accent" href="/stocks/assets">
          Back to assets
        </Link>
      </div>
    </div>
  );
}
