import type { Metadata } from "next";
import { PendingControlChanges } from "@/app/(dashboard)/settings/_components/pending-control-changes";
import { PageHeader } from "@/components/page/page-header";
import { ApiKeysView } from "@/app/(dashboard)/settings/api-keys/_components/api-keys-view";
import { KeyAgeReminder } from "@/components/page/key-age-reminder";
import { environmentViews } from "@/lib/vault/view-model";
import { pendingControlChanges } from "@/lib/approvals/controls";
import { requirePagePermission } from "@/lib/auth/session";
import { listSecrets } from "@/lib/vault";
import { agingKeys } from "@/lib/vault/key-age";

export const metadata: Metadata = { title: "API keys" };

export default async function ApiKeysPage() {
  const me = await requirePagePermission("keys:manage");
  // Metadata only: the vault never returns a value to a page.
  const [secrets, pending] = await Promise.all([listSecrets(me.organizationId), pendingControlChanges(me.organizationId, ["control_api_key"])]);
  const now = new Date();
  const environments = environmentViews(secrets, now);
  return (
    <>
      <PageHeader
        title="API keys"
        description="The provider keys and webhook secrets this app uses, per environment. Keys are checked with the provider when added and stored encrypted; only the start and the last four characters are ever shown."
      />
      <PendingControlChanges items={pending} />
      <KeyAgeReminder keys={agingKeys(secrets, now)} />
      <ApiKeysView environments={environments} defaultEnvironment={me.environment} />
    </>
  );
}
