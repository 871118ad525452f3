import { Skeleton } from "@/components/ui/skeleton";

export default function StatementLoading() {
  return (
    <div className="grid gap-6" role="status" aria-busy="true" aria-label="Loading the statement">
      <Skeleton className="h-8 w-48" />
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-64 w-full" />
      <Skeleton className="h-40 w-full" />
    </div>
  );
}
