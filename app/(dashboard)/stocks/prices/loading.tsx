import { StocksListSkeleton } from "@/app/(dashboard)/stocks/_components/assets/skeleton";

export default function Loading() {
  return <StocksListSkeleton label="Loading the stock prices" />;
}
