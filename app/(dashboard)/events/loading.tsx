import { EventsSkeleton } from "@/components/tables/events/skeleton";

export default function Loading() {
  return <EventsSkeleton />;
}
