import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { CreateFundingAccountForm } from "@/app/(dashboard)/funding-accounts/_components/forms-on-input";
import { QuotaMeter } from "@/app/(dashboard)/funding-accounts/_components/quota-meter";
import { PageHeader } from "@/components/page/page-header";
import { requirePagePermission } from "@/lib/auth/session";
import { readQuota } from "@/lib/funding-accounts/quota";
import { readBanks, readCustomers } from "@/lib/funding-accounts/read";
import { type Problem, readOrProblem } from "@/lib/upstream/read-or-problem";

export const metadata: Metadata = { title: "New funding account" };

const sentence = (problem: Problem): string => `${problem.message} Reload the page to try again.`;

export default async function NewFundingAccountPage() {
  const me = await requirePagePermission("funding:create");
  const [customers, banks, quota] = await Promise.all([
    readOrProblem(readCustomers(me)).then((r) => (r.ok ? { list: r.data.customers, error: null } : { list: [], error: sentence(r) })),
    readOrProblem(readBanks(me)).then((r) =>
      r.ok ? { list: r.data.banks.map((b) => ({ value: b.code, label: `${b.name} (${b.code})` })), error: null } : { list: [], error: sentence(r) },
    ),
    readQuota(me),
  ]);
  return (
    <>
      <PageHeader
        title="New funding account"
        description={`Bank details or a wallet address for one customer to pay into, in ${me.environment === "production" ? "production" : "the sandbox"}.`}
        actions={
          <Link className="rounded-md border px-3 py-1.5 text-sm hover:bg-accent" href="/funding-accounts">
            Back to funding accounts
          </Link>
        }
      />
      <QuotaMeter usage={quota} />
      <CreateFundingAccountForm customers={customers.list} customersError={customers.error} banks={banks.list} banksError={banks.error} />
    </>
  );
}
