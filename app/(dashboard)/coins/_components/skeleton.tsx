import { Skeleton } from "@/components/ui/skeleton";

/** Every Coins list page while it loads: title, description, toolbar and table rows. */
export function CoinsListSkeleton({ label, rows = 8 }: { label: string; rows?: number }) {
  return (
    <div className="grid gap-4" role="status" aria-busy="true" aria-label={label}>
      <Skeleton className="h-8 w-48" />
      <Skeleton className="h-4 w-96" />
      <Skeleton className="h-9 w-72" />
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className="h-10 w-full" />
      ))}
    </div>
  );
}
