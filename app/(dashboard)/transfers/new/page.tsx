import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { PageHeader } from "@/components/page/page-header";
import { CreateTransferForm } from "@/app/(dashboard)/transfers/_components/forms-on-input";
import { loadVelocityUsage } from "@/lib/approvals/velocity";
import { requirePagePermission } from "@/lib/auth/session";
import { readBalances } from "@/lib/balances/read";
import { readBanks } from "@/lib/funding-accounts/read";
import { readRecipientOptions } from "@/lib/transfers/read";
import { type Problem, readOrProblem } from "@/lib/upstream/read-or-problem";

export const metadata: Metadata = { title: "New transfer" };

const sentence = (problem: Problem): string => `${problem.message} Reload the page to try again.`;

export default async function NewTransferPage() {
  const me = await requirePagePermission("transfer:create");
  const [recipients, banks, balances, velocity] = await Promise.all([
    readOrProblem(readRecipientOptions(me)).then((r) => (r.ok ? { list: r.data, error: null } : { list: [], error: sentence(r) })),
    readOrProblem(readBanks(me)).then((r) =>
      r.ok ? { list: r.data.banks.map((b) => ({ value: b.code, label: b.name, hint: b.code })), error: null } : { list: [], error: sentence(r) },
    ),
    // The form asks again in the browser; without it the provider's answer is still the check.
    readOrProblem(readBalances(me)).then((r) => (r.ok ? r.data : null)),
    loadVelocityUsage(me),
  ]);
  return (
    <>
      <PageHeader
        title="New transfer"
        description={`Pay a recipient from the withdrawal balance, in ${me.environment === "production" ? "production" : "the sandbox"}.`}
        actions={
          <Link className="rounded-md border px-3 py-1.5 text-sm hover:bg-accent" href="/transfers">
            Back to transfers
          </Link>
        }
      />
      <CreateTransferForm
        recipients={recipients.list}
        recipientsError={recipients.error}
        banks={banks.list}
        banksError={banks.error}
        initialBalances={balances}
        velocity={velocity}
      />
    </>
  );
}
