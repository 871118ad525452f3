import { CoinsListSkeleton } from "@/app/(dashboard)/coins/_components/skeleton";

export default function Loading() {
  return <CoinsListSkeleton label="Loading Coins orders" />;
}
