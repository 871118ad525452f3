import { LegacyDetailSkeleton } from "@/app/(dashboard)/legacy/_components/detail-skeleton";

export default function Loading() {
  return <LegacyDetailSkeleton label="Loading the onramp" />;
}
