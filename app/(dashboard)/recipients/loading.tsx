import { RecipientsSkeleton } from "@/app/(dashboard)/recipients/_components/skeleton";

export default function Loading() {
  return <RecipientsSkeleton />;
}
