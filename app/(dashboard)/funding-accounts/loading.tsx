import { FundingAccountsSkeleton } from "@/app/(dashboard)/funding-accounts/_components/skeleton";

export default function Loading() {
  return <FundingAccountsSkeleton />;
}
