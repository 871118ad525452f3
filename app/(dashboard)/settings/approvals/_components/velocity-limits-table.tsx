"use client";
import { useRouter } from "next/navigation";
import { toast } from "@/components/ui/toast";
import { Button } from "@/components/ui/button";
import { answerOrFailure } from "@/lib/server-actions/answer-or-failure";
import { setVelocityLimit } from "@/lib/approvals/set-velocity-limit";
import { VELOCITY_SCOPE_LABEL } from "@/lib/approvals/filters";
import { formatMoney } from "@/lib/money";

/** The 24-hour limits set, each removable. */
export function VelocityLimitsTable({ rows }: { rows: { currency: string; scope: "organization" | "requester"; amount: string }[] }) {
  const router = useRouter();
  if (rows.length === 0)
    return (
      <p className="text-sm text-muted-foreground" data-testid="velocity-none">
        No 24-hour limit is set: payments are judged one by one against the limits above.
      </p>
    );
  return (
    <table className="w-full text-sm" data-testid="velocity-table">
      <thead>
        <tr className="text-left text-muted-foreground">
          <th className="py-2 font-medium">Currency</th>
          <th className="py-2 font-medium">Whose total</th>
          <th className="py-2 font-medium">Limit in 24 hours</th>
          <th className="py-2" />
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={`${r.currency}:${r.scope}`} className="border-t" data-testid="velocity-row">
            <td className="py-2">{r.currency}</td>
            <td className="py-2">{VELOCITY_SCOPE_LABEL[r.scope]}</td>
            <td className="py-2 tabular-nums">{formatMoney(r.amount, r.currency)}</td>
            <td className="py-2 text-right">
              <Button
                type="button"
                variant="outline"
                size="sm"
                aria-label={`Remove the ${VELOCITY_SCOPE_LABEL[r.scope].toLowerCase()} 24-hour limit in ${r.currency}`}
                onClick={async () => {
                  const res = await answerOrFailure(setVelocityLimit({ currency: r.currency, scope: r.scope, remove: true }));
                  if (res.ok && "status" in res.data && res.data.status === "pending_approval") {
                    toast.info(`${res.data.summary}: ${res.data.message}`, { duration: 10_000 });
                    router.refresh();
                  } else if (res.ok) {
                    toast.success(`Removed the 24-hour limit in ${r.currency}.`);
                    router.refresh();
                  } else toast.error(res.error);
                }}
              >
                Remove
              </Button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
