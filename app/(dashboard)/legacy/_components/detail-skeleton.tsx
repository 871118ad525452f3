import { Skeleton } from "@/components/ui/skeleton";

/** The loading state of a legacy detail page: header, banner and two field panels. */
export function LegacyDetailSkeleton({ label }: { label: string }) {
  return (
    <div className="grid gap-4" role="status" aria-busy="true" aria-label={label}>
      <Skeleton className="h-8 w-64" />
      <Skeleton className="h-4 w-96 max-w-full" />
      <Skeleton className="h-20 w-full" />
      <div className="grid gap-4 lg:grid-cols-2">
        {Array.from({ length: 2 }, (_, n) => (
          <div key={n} className="grid gap-2 rounded-lg border p-4">
            {Array.from({ length: 7 }, (_, i) => (
              <Skeleton key={i} className="h-6 w-full" />
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}
