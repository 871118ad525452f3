import { PortfolioSkeleton } from "@/components/tables/stocks-positions/skeleton";

export default function Loading() {
  return <PortfolioSkeleton />;
}
