import { Skeleton } from "@/components/ui/skeleton";

export function ProWebhooksSkeleton() {
  return (
    <div className="grid gap-4" role="status" aria-busy="true" aria-label="Loading Pro webhooks">
      <Skeleton className="h-8 w-48" />
      <Skeleton className="h-4 w-96" />
      {Array.from({ length: 5 }, (_, i) => (
        <Skeleton key={i} className="h-16 w-full" />
      ))}
    </div>
  );
}
