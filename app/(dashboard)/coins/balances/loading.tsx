import { ListSkeleton } from "@/components/list/list-skeleton";

export default function Loading() {
  return <ListSkeleton label="Loading Coins balances" rows={7} toolbar={0} />;
}
