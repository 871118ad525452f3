import { Skeleton } from "@/components/ui/skeleton";

export default function Loading() {
  return (
    <div className="grid gap-4" role="status" aria-busy="true" aria-label="Loading the deposit">
      <Skeleton className="h-8 w-40" />
      <Skeleton className="h-4 w-80" />
      <div className="grid gap-8 lg:grid-cols-[3fr_2fr]">
        <div className="grid gap-2 rounded-lg border p-4">
          {Array.from({ length: 12 }, (_, i) => (
            <Skeleton key={i} className="h-6 w-full" />
          ))}
        </div>
        <Skeleton className="h-64 w-full" />
      </div>
    </div>
  );
}
