import { Skeleton } from "@/components/ui/skeleton";

export function ProOrdersSkeleton() {
  return (
    <div className="grid gap-4" role="status" aria-busy="true" aria-label="Loading Pro orders">
      <Skeleton className="h-8 w-48" />
      <Skeleton className="h-4 w-96" />
      <div className="flex gap-3">
        <Skeleton className="h-9 w-52" />
        <Skeleton className="h-9 w-52" />
        <Skeleton className="h-9 w-52" />
      </div>
      {Array.from({ length: 8 }, (_, i) => (
        <Skeleton key={i} className="h-10 w-full" />
      ))}
    </div>
  );
}
