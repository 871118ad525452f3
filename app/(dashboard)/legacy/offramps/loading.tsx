import { DepositsSkeleton } from "@/components/tables/deposits/skeleton";

export default function Loading() {
  return <DepositsSkeleton label="Loading offramps" />;
}
