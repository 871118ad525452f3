import { DetailSkeleton } from "@/components/page/detail-skeleton";

export default function Loading() {
  return <DetailSkeleton label="Loading the withdrawal" />;
}
