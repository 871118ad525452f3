import { Skeleton } from "@/components/ui/skeleton";

export function TransfersSkeleton() {
  return (
    <div className="grid gap-4" role="status" aria-busy="true" aria-label="Loading transfers">
      <Skeleton className="h-8 w-40" />
      <Skeleton className="h-4 w-96" />
      <Skeleton className="h-9 w-52" />
      {Array.from({ length: 8 }, (_, i) => (
        <Skeleton key={i} className="h-10 w-full" />
      ))}
    </div>
  );
}
