import { Skeleton } from "@/components/ui/skeleton";

export function ApprovalsSkeleton({ label = "Loading approvals" }: { label?: string }) {
  return (
    <div className="grid gap-4" role="status" aria-busy="true" aria-label={label}>
      <Skeleton className="h-8 w-48" />
      <Skeleton className="h-4 w-96" />
      {Array.from({ length: 3 }, (_, section) => (
        <div key={section} className="grid gap-2">
          <Skeleton className="h-6 w-40" />
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-10 w-full" />
          ))}
        </div>
      ))}
    </div>
  );
}
