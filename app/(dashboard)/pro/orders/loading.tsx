import { ProOrdersSkeleton } from "@/app/(dashboard)/pro/_components/orders/skeleton";

export default function Loading() {
  return <ProOrdersSkeleton />;
}
