import { PortfolioSkeleton } from "@/app/(dashboard)/stocks/_components/positions/skeleton";

export default function Loading() {
  return <PortfolioSkeleton />;
}
