import { FilteredListSkeleton } from "@/components/page/filtered-list-skeleton";

export default function Loading() {
  return <FilteredListSkeleton label="Loading onramps" />;
}
