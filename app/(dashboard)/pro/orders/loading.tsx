import { ProOrdersSkeleton } from "@/components/tables/pro-orders/skeleton";

export default function Loading() {
  return <ProOrdersSkeleton />;
}
