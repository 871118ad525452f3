import { Skeleton } from "@/components/ui/skeleton";

/** A list page while it loads (its loading.tsx): title, description, `toolbar` filters and `rows` rows. */
export function ListSkeleton({ label, rows = 8, toolbar = 1 }: { label: string; rows?: number; toolbar?: number }) {
  return (
    <div className="grid gap-4" role="status" aria-busy="true" aria-label={label}>
      <Skeleton className="h-8 w-40" />
      <Skeleton className="h-4 w-[28rem] max-w-full" />
      {toolbar > 0 ? (
        <div className="flex flex-wrap gap-3">
          {Array.from({ length: toolbar }, (_, i) => (
            <Skeleton key={i} className="h-9 w-44" />
          ))}
        </div>
      ) : null}
      <div className="grid gap-2 rounded-lg border p-4">
        {Array.from({ length: rows }, (_, i) => (
          <Skeleton key={i} className="h-10 w-full" />
        ))}
      </div>
    </div>
  );
}
