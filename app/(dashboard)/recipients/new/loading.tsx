import { Skeleton } from "@/components/ui/skeleton";

export default function Loading() {
  return (
    <div className="grid max-w-2xl gap-5" role="status" aria-busy="true" aria-label="Loading the form">
      <Skeleton className="h-8 w-48" />
      <Skeleton className="h-4 w-96" />
      {Array.from({ length: 4 }, (_, i) => (
        <Skeleton key={i} className="h-14 w-full" />
      ))}
    </div>
  );
}
