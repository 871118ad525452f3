import { createWebhookRoute } from "@/lib/webhooks/intake";

// Signed deliveries from the provider: /api/webhooks/<sandbox|production>/<core|pro>.
export const dynamic = "force-dynamic";
export const POST = createWebhookRoute();
