import { ProWebhooksSkeleton } from "@/app/(dashboard)/pro/_components/webhooks/skeleton";

export default function Loading() {
  return <ProWebhooksSkeleton />;
}
