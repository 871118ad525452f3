import { ProWebhooksSkeleton } from "@/components/tables/pro-webhooks/skeleton";

export default function Loading() {
  return <ProWebhooksSkeleton />;
}
