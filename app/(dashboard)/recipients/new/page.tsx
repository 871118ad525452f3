import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { PageHeader } from "@/components/page/page-header";
import { CreateRecipientForm } from "@/app/(dashboard)/recipients/_components/forms-on-input";
import { requirePagePermission } from "@/lib/auth/session";
import { readBanks, readCustomers } from "@/lib/funding-accounts/read";
import { type Problem, readOrProblem } from "@/lib/upstream/read-or-problem";

export const metadata: Metadata = { title: "New recipient" };

/** A failed list read becomes the sentence shown at its field; the rest of the form still works. */
const sentence = (problem: Problem): string => `${problem.message} Reload the page to try again.`;

export default async function NewRecipientPage() {
  const me = await requirePagePermission("recipient:create");
  const [customers, banks] = await Promise.all([
    readOrProblem(readCustomers(me)).then((r) => (r.ok ? { list: r.data.customers, error: null } : { list: [], error: sentence(r) })),
    readOrProblem(readBanks(me)).then((r) =>
      r.ok ? { list: r.data.banks.map((b) => ({ value: b.code, label: `${b.name} (${b.code})` })), error: null } : { list: [], error: sentence(r) },
    ),
  ]);
  return (
    <>
      <PageHeader
        title="New recipient"
        description={`A bank account or wallet address to pay out to, in ${me.environment === "production" ? "production" : "the sandbox"}.`}
        actions={
          <Link className="rounded-md border px-3 py-1.5 text-sm hover:bg-accent" href="/recipients">
            Back to recipients
          </Link>
        }
      />
      <CreateRecipientForm customers={customers.list} customersError={customers.error} banks={banks.list} banksError={banks.error} />
    </>
  );
}
