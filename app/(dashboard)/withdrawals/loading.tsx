import { WithdrawalsSkeleton } from "@/components/tables/withdrawals/skeleton";

export default function Loading() {
  return <WithdrawalsSkeleton />;
}
