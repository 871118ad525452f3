import { FundingAccountsSkeleton } from "@/components/tables/funding-accounts/skeleton";

export default function Loading() {
  return <FundingAccountsSkeleton />;
}
