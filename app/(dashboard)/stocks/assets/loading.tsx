import { StocksListSkeleton } from "@/components/tables/stocks-assets/skeleton";

export default function Loading() {
  return <StocksListSkeleton label="Loading the stock assets" />;
}
