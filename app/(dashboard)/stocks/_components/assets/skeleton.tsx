import { Skeleton } from "@/components/ui/skeleton";

/** A Stocks list page while it loads (assets, prices): title, toolbar and rows. */
export function StocksListSkeleton({ label }: { label: string }) {
  return (
    <div className="grid gap-4" role="status" aria-busy="true" aria-label={label}>
      <Skeleton className="h-8 w-48" />
      <Skeleton className="h-4 w-96" />
      <Skeleton className="h-9 w-96" />
      {Array.from({ length: 10 }, (_, i) => (
        <Skeleton key={i} className="h-10 w-full" />
      ))}
    </div>
  );
}
