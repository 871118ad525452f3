import type { Metadata } from "next";
import { ProNav } from "@/app/(dashboard)/pro/_components/pro-nav";
import { OrderTicket } from "@/app/(dashboard)/pro/_components/order-ticket";
import { VelocityUsageLine } from "@/components/page/velocity-usage";
import { PageHeader } from "@/components/page/page-header";
import { can } from "@/lib/auth/permissions";
import { loadVelocityUsage } from "@/lib/approvals/velocity";
import { requirePagePermission } from "@/lib/auth/session";
import { readProBalances, tradeAccess } from "@/lib/pro/read";
import { readOrProblem } from "@/lib/upstream/read-or-problem";

export const metadata: Metadata = { title: "Pro desk" };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export default async function ProDeskPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const me = await requirePagePermission("data:read");
  const velocity = await loadVelocityUsage(me);
  const order = (await searchParams).order;
  const orderId = typeof order === "string" && UUID.test(order) ? order.toLowerCase() : null;
  const [access, balances] = await Promise.all([
    tradeAccess(me),
    // The ticket works without the balance (the provider checks it); it then says why it is missing.
    readOrProblem(readProBalances(me)).then((r) => (r.ok ? { value: r.data, error: null } : { value: null, error: r.message })),
  ]);
  return (
    <>
      <PageHeader
        title="Pro desk"
        description={`Convert between NGN and USD with limit and market orders on the Pro surface, in ${me.environment === "production" ? "production" : "the sandbox"}.`}
        actions={<ProNav current="/pro" withWebhooks={can(me.role, "settings:manage")} />}
      />
      {/* Pro orders count in USD (the unified balance): the same line as every money form. */}
      <VelocityUsageLine usage={velocity} currency="USD" />
      <OrderTicket access={access} initialBalances={balances.value} balancesError={balances.error} initialOrderId={orderId} />
    </>
  );
}
