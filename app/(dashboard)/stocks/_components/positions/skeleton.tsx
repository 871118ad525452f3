import { Skeleton } from "@/components/ui/skeleton";

/** The portfolio page while it loads: the four figures, the chart and the positions. */
export function PortfolioSkeleton() {
  return (
    <div className="grid gap-6" role="status" aria-busy="true" aria-label="Loading the stock portfolio">
      <Skeleton className="h-8 w-48" />
      <Skeleton className="h-4 w-96" />
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-28" />
        ))}
      </div>
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} className="h-10 w-full" />
      ))}
      <Skeleton className="h-56 w-full" />
    </div>
  );
}
