import { CoinsListSkeleton } from "@/components/tables/coins-shared/skeleton";

export default function Loading() {
  return <CoinsListSkeleton label="Loading Coins orders" />;
}
