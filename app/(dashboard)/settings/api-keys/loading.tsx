import { Skeleton } from "@/components/ui/skeleton";

export default function Loading() {
  return (
    <div className="grid gap-4" role="status" aria-busy="true" aria-label="Loading API keys">
      <Skeleton className="h-8 w-40" />
      <Skeleton className="h-4 w-[32rem] max-w-full" />
      <Skeleton className="h-9 w-56" />
      <div className="grid gap-2 rounded-lg border p-4">
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} className="h-10 w-full" />
        ))}
      </div>
      <Skeleton className="h-40 w-full" />
    </div>
  );
}
