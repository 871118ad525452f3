import type { Metadata } from "next";
import { PendingControlChanges } from "@/app/(dashboard)/settings/_components/pending-control-changes";
import { PageHeader } from "@/components/page/page-header";
import { DeliveryLog, type DeliveryView } from "@/app/(dashboard)/settings/outbound-webhook/_components/delivery-log";
import { OutboundWebhookForm } from "@/app/(dashboard)/settings/outbound-webhook/_components/forms-on-input";
import { pendingControlChanges } from "@/lib/approvals/controls";
import { requirePagePermission } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { ensureOutboundWorker, listDeliveries } from "@/lib/review/outbound";
import { outboundSecretInfo } from "@/lib/review/outbound-secret";
import { maskSecret } from "@/lib/vault/crypto";

export const metadata: Metadata = { title: "Outbound webhook" };

export default async function OutboundWebhookPage() {
  const me = await requirePagePermission("settings:manage");
  ensureOutboundWorker();
  const [hook, secret, deliveries, pending] = await Promise.all([
    db.outboundWebhook.findUnique({ where: { organizationId_environment: { organizationId: me.organizationId, environment: me.environment } } }),
    outboundSecretInfo(me.organizationId, me.environment),
    listDeliveries(me.organizationId, me.environment),
    pendingControlChanges(me.organizationId, ["control_outbound_webhook"]),
  ]);
  const rows = JSON.parse(JSON.stringify(deliveries)) as DeliveryView[];
  return (
    <>
      <PageHeader
        title="Outbound webhook"
        description={`Final deposit-review decisions are sent to your own systems as signed webhooks (${me.environment}).`}
      />
      <PendingControlChanges items={pending} />
      <OutboundWebhookForm
        environment={me.environment}
        current={hook ? { url: hook.url, enabled: hook.enabled } : null}
        secret={secret ? { masked: maskSecret(secret.prefix, secret.last4), createdAt: secret.createdAt.toISOString() } : null}
      />
      <section aria-labelledby="delivery-log" className="mt-8 grid gap-3">
        <h2 id="delivery-log" className="text-base font-semibold">
          Delivery log
        </h2>
        <DeliveryLog rows={rows} />
      </section>
    </>
  );
}
