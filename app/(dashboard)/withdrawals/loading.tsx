import { WithdrawalsSkeleton } from "@/app/(dashboard)/withdrawals/_components/skeleton";

export default function Loading() {
  return <WithdrawalsSkeleton />;
}
