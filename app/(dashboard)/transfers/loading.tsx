import { TransfersSkeleton } from "@/app/(dashboard)/transfers/_components/skeleton";

export default function Loading() {
  return <TransfersSkeleton />;
}
