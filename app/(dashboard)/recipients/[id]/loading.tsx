import { Skeleton } from "@/components/ui/skeleton";

export default function Loading() {
  return (
    <div className="grid max-w-3xl gap-4" role="status" aria-busy="true" aria-label="Loading the recipient">
      <Skeleton className="h-8 w-72" />
      <Skeleton className="h-4 w-96" />
      <Skeleton className="h-40 w-full" />
      <Skeleton className="h-56 w-full" />
    </div>
  );
}
