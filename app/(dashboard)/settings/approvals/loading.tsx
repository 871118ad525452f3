import { ApprovalsSkeleton } from "@/components/tables/approvals/skeleton";

export default function Loading() {
  return <ApprovalsSkeleton label="Loading approval limits" />;
}
