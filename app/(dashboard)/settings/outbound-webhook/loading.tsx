import { Skeleton } from "@/components/ui/skeleton";

export default function Loading() {
  return (
    <div className="grid gap-4" role="status" aria-busy="true" aria-label="Loading the outbound webhook">
      <Skeleton className="h-8 w-52" />
      <Skeleton className="h-4 w-[30rem] max-w-full" />
      <Skeleton className="h-48 w-full max-w-2xl" />
      <Skeleton className="h-40 w-full" />
    </div>
  );
}
