import { ListSkeleton } from "@/components/list/list-skeleton";

export default function Loading() {
  return <ListSkeleton label="Loading Coins withdrawals" rows={10} toolbar={0} />;
}
