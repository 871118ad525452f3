import { Skeleton } from "@/components/ui/skeleton";

/** A list page loading: title, description, five filters and eight rows (deposits and the legacy lists). */
export function FilteredListSkeleton({ label }: { label: string }) {
  return (
    <div className="grid gap-4" role="status" aria-busy="true" aria-label={label}>
      <Skeleton className="h-8 w-40" />
      <Skeleton className="h-4 w-[28rem] max-w-full" />
      <div className="flex flex-wrap gap-3">
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} className="h-9 w-40" />
        ))}
      </div>
      <div className="grid gap-2 rounded-lg border p-4">
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} className="h-10 w-full" />
        ))}
      </div>
    </div>
  );
}
