import { LegacyDetailSkeleton } from "@/components/legacy/detail-skeleton";

export default function Loading() {
  return <LegacyDetailSkeleton label="Loading the onramp" />;
}
