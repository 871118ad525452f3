import { RecipientsSkeleton } from "@/components/tables/recipients/skeleton";

export default function Loading() {
  return <RecipientsSkeleton />;
}
