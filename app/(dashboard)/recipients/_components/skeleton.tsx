import { Skeleton } from "@/components/ui/skeleton";

export function RecipientsSkeleton() {
  return (
    <div className="grid gap-4" role="status" aria-busy="true" aria-label="Loading recipients">
      <Skeleton className="h-8 w-40" />
      <Skeleton className="h-4 w-96" />
      <div className="flex gap-3">
        <Skeleton className="h-9 w-52" />
        <Skeleton className="h-9 w-72" />
      </div>
      {Array.from({ length: 8 }, (_, i) => (
        <Skeleton key={i} className="h-10 w-full" />
      ))}
    </div>
  );
}
