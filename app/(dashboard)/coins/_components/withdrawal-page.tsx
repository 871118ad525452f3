import { Link } from "@/components/ui/link";
import { notFound } from "next/navigation";
import { CoinsWithdrawalDetail } from "@/app/(dashboard)/coins/_components/withdrawal-detail";
import { ReadError } from "@/components/page/read-error";
import { PageHeader } from "@/components/page/page-header";
import { requirePagePermission } from "@/lib/auth/session";
import { isCoinsId } from "@/lib/coins/filters";
import { readWithdrawal } from "@/lib/coins/read";
import type { WithdrawalKind } from "@/lib/coins/views";
import { readOrProblem } from "@/lib/upstream/read-or-problem";

const TITLE: Record<WithdrawalKind, string> = { crypto: "Crypto withdrawal", fiat: "Fiat withdrawal" };

const BACK = "rounded-md border px-3 py-1.5 text-sm hover:bg-accent";

/** Back to the withdrawals list, for the detail page and its not-found page. */
export function BackToWithdrawals() {
  return (
    <Link className={BACK} href="/coins/withdrawals">
      Back to withdrawals
    </Link>
  );
}

/** The body of both withdrawal detail pages: one record read from the provider, or why not. */
export async function WithdrawalPage({ kind, params }: { kind: WithdrawalKind; params: Promise<{ id: string }> }) {
  const me = await requirePagePermission("data:read");
  const { id } = await params;
  if (!isCoinsId(id)) notFound();
  const read = await readOrProblem(readWithdrawal(me, kind, id), { notFound });
  if (!read.ok) {
    return (
      <>
        <PageHeader title={TITLE[kind]} actions={<BackToWithdrawals />} />
        <ReadError title="This withdrawal could not load" message={read.message} />
      </>
    );
  }
  const view = read.data;
  return (
    <>
      <PageHeader title={`${TITLE[kind]} ${id.slice(0, 8)}`} description={<span className="font-mono text-xs">{id}</span>} actions={<BackToWithdrawals />} />
      <CoinsWithdrawalDetail initial={view} />
    </>
  );
}

/** Shown for an id the provider does not know (in this environment). */
export function WithdrawalNotFound() {
  return (
    <div className="grid max-w-xl gap-3 rounded-lg border p-6" data-testid="coins-withdrawal-not-found">
      <h1 className="text-lg font-semibold">This withdrawal does not exist</h1>
      <p className="text-sm text-muted-foreground">It may belong to the other environment. Check the environment switch, or go back to the list.</p>
      <div>
        <BackToWithdrawals />
      </div>
    </div>
  );
}
