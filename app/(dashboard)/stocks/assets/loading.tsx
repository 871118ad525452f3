import { ListSkeleton } from "@/components/list/list-skeleton";

export default function Loading() {
  return <ListSkeleton label="Loading the stock assets" rows={10} toolbar={2} />;
}
