import type { Metadata } from "next";
import { ReadError } from "@/components/page/read-error";
import { PageHeader } from "@/components/page/page-header";
import { ProNav } from "@/app/(dashboard)/pro/_components/pro-nav";
import { ProWebhooksTable } from "@/app/(dashboard)/pro/_components/webhooks/data-table";
import { requirePagePermission } from "@/lib/auth/session";
import { readProWebhooks } from "@/lib/pro/read";
import { readOrProblem } from "@/lib/upstream/read-or-problem";

export const metadata: Metadata = { title: "Pro webhooks" };

export default async function ProWebhooksPage() {
  const me = await requirePagePermission("settings:manage");
  const view = await readOrProblem(readProWebhooks(me));
  return (
    <>
      <PageHeader
        title="Pro webhooks"
        description={`Where the provider sends Pro order, trade and deposit events, in ${me.environment === "production" ? "production" : "the sandbox"}. Admins only.`}
        actions={<ProNav current="/pro/webhooks" withWebhooks />}
      />
      {!view.ok ? <ReadError title="Pro webhooks could not load" message={view.message} /> : <ProWebhooksTable initial={view.data} />}
    </>
  );
}
