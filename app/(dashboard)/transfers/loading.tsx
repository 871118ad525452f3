import { TransfersSkeleton } from "@/components/tables/transfers/skeleton";

export default function Loading() {
  return <TransfersSkeleton />;
}
