import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { CoinsOrderForm } from "@/app/(dashboard)/coins/_components/forms-on-input";
import { ReadError } from "@/components/page/read-error";
import { PageHeader } from "@/components/page/page-header";
import { loadVelocityUsage } from "@/lib/approvals/velocity";
import { requirePagePermission } from "@/lib/auth/session";
import { readMarkets } from "@/lib/coins/read";
import { readOrProblem } from "@/lib/upstream/read-or-problem";

export const metadata: Metadata = { title: "New Coins order" };

export default async function NewCoinsOrderPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const me = await requirePagePermission("order:trade");
  const velocity = await loadVelocityUsage(me);
  const raw = (await searchParams).market;
  const initialMarket = typeof raw === "string" ? raw.toUpperCase() : null;
  // Prices at most seconds old; the action checks the minimum again at the provider's current price.
  const markets = await readOrProblem(readMarkets(me, {}));
  return (
    <>
      <PageHeader
        title="New Coins order"
        description={`Buy or sell at the market price, in ${me.environment === "production" ? "production" : "the sandbox"}.`}
        actions={
          <Link className="rounded-md border px-3 py-1.5 text-sm hover:bg-accent" href="/coins/orders">
            Back to orders
          </Link>
        }
      />
      {!markets.ok ? (
        <ReadError title="The markets could not load, so no order can be placed yet" message={markets.message} />
      ) : (
        <CoinsOrderForm markets={markets.data.all} initialMarket={initialMarket} velocity={velocity} />
      )}
    </>
  );
}
