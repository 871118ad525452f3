import { Skeleton } from "@/components/ui/skeleton";

export default function Loading() {
  return (
    <div className="grid gap-4" role="status" aria-busy="true" aria-label="Loading the review queue">
      <Skeleton className="h-8 w-48" />
      <Skeleton className="h-4 w-[36rem] max-w-full" />
      <Skeleton className="h-14 w-full" />
      {Array.from({ length: 4 }, (_, i) => (
        <Skeleton key={i} className="h-32 w-full" />
      ))}
    </div>
  );
}
