import { observeWebhook } from "@/lib/metrics";
import { createWebhookRoute } from "@/lib/webhooks/intake";

// Signed deliveries from the provider: /api/webhooks/<sandbox|production>/<core|pro>.
export const dynamic = "force-dynamic";

const intake = createWebhookRoute();

export async function POST(request: Request, context: { params: Promise<{ environment: string; surface: string }> }): Promise<Response> {
  const res = await intake(request, context);
  const { environment, surface } = await context.params;
  // Only known names become label values, so random paths cannot grow the metrics without bound.
  const known = ["sandbox", "production"].includes(environment) && ["core", "pro"].includes(surface);
  observeWebhook(known ? environment : "other", known ? surface : "other", res.status);
  return res;
}
