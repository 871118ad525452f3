import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { CryptoWithdrawalForm, FiatWithdrawalForm } from "@/app/(dashboard)/coins/_components/forms-on-input";
import { ReadError } from "@/components/page/read-error";
import { PageHeader } from "@/components/page/page-header";
import { loadVelocityUsage } from "@/lib/approvals/velocity";
import { requirePagePermission } from "@/lib/auth/session";
import { readAddresses, readBalances, readWithdrawalAssets } from "@/lib/coins/read";
import { readBanks } from "@/lib/funding-accounts/read";
import { readOrProblem } from "@/lib/upstream/read-or-problem";

export const metadata: Metadata = { title: "New Coins withdrawal" };

const TAB = "rounded-md px-3 py-1.5 text-sm focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none";

export default async function NewCoinsWithdrawalPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const me = await requirePagePermission("withdrawal:create");
  const velocity = await loadVelocityUsage(me);
  const kind = (await searchParams).kind === "fiat" ? "fiat" : "crypto";
  // The forms work without the balance (the provider checks it).
  const balances = await readOrProblem(readBalances(me)).then((r) => (r.ok ? r.data : null));
  let body: React.ReactNode;
  if (kind === "crypto") {
    const [addresses, assets] = await Promise.all([
      readOrProblem(readAddresses(me, { current: true })),
      readOrProblem(readWithdrawalAssets(me, { current: true })),
    ]);
    body = !addresses.ok ? (
      <ReadError title="Saved addresses could not load, so nothing can be sent yet" message={addresses.message} />
    ) : (
      <CryptoWithdrawalForm
        addresses={addresses.data.rows}
        assets={!assets.ok ? [] : assets.data.assets}
        balances={balances?.balances ?? null}
        velocity={velocity}
      />
    );
  } else {
    const banks = await readOrProblem(readBanks(me));
    body = !banks.ok ? (
      <ReadError title="The bank list could not load, so nothing can be sent yet" message={banks.message} />
    ) : (
      <FiatWithdrawalForm banks={banks.data.banks} availableNgn={balances?.balances.find((b) => b.asset === "NGN")?.available ?? null} velocity={velocity} />
    );
  }
  return (
    <>
      <PageHeader
        title={kind === "crypto" ? "New crypto withdrawal" : "New fiat withdrawal"}
        description={`From the Coins balance, in ${me.environment === "production" ? "production" : "the sandbox"}. Above your organization's approval limit a second person with the approver role approves before anything is sent.`}
        actions={
          <Link className="rounded-md border px-3 py-1.5 text-sm hover:bg-accent" href="/coins/withdrawals">
            Back to withdrawals
          </Link>
        }
      />
      <nav aria-label="Kind of withdrawal" className="mb-6 flex gap-2">
        <Link
          href="/coins/withdrawals/new"
          aria-current={kind === "crypto" ? "page" : undefined}
          className={`${TAB} ${kind === "crypto" ? "bg-accent font-medium" : "hover:bg-accent"}`}
        >
          Crypto to a saved address
        </Link>
        <Link
          href="/coins/withdrawals/new?kind=fiat"
          aria-current={kind === "fiat" ? "page" : undefined}
          className={`${TAB} ${kind === "fiat" ? "bg-accent font-medium" : "hover:bg-accent"}`}
        >
          Naira to a bank account
        </Link>
      </nav>
      {body}
    </>
  );
}
