import type { Metadata } from "next";
import { PageHeader } from "@/components/page/page-header";
import { ApiKeysView } from "@/components/settings/keys/api-keys-view";
import { environmentViews } from "@/components/settings/keys/view-model";
import { requirePagePermission } from "@/lib/auth/session";
import { listSecrets } from "@/lib/vault";

export const metadata: Metadata = { title: "API keys" };

export default async function ApiKeysPage() {
  const me = await requirePagePermission("keys:manage");
  // Metadata only: the vault never returns a value to a page.
  const environments = environmentViews(await listSecrets(me.organizationId));
  return (
    <>
      <PageHeader
        title="API keys"
        description="The provider keys and webhook secrets this app uses, per environment. Keys are checked with the provider when added and stored encrypted; only the start and the last four characters are ever shown."
      />
      <ApiKeysView environments={environments} defaultEnvironment={me.environment} />
    </>
  );
}
