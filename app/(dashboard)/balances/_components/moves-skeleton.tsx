import { Skeleton } from "@/components/ui/skeleton";

export function BalanceMovesSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <div className="grid gap-2 rounded-lg border p-4" aria-busy="true">
      <span className="sr-only">Loading balance moves…</span>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex justify-between gap-4">
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-4 w-20" />
        </div>
      ))}
    </div>
  );
}
