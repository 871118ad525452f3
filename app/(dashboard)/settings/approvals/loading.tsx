import { ApprovalsSkeleton } from "@/app/(dashboard)/approvals/_components/skeleton";

export default function Loading() {
  return <ApprovalsSkeleton label="Loading approval limits" />;
}
