import { HourglassIcon } from "lucide-react";
import { Link } from "@/components/ui/link";
import type { PendingControl } from "@/lib/approvals/controls";
import { DateTime } from "@/components/ui/date-time";

/**
 * The loosenings of this page's control still waiting, so whoever asked (or anyone else) sees on the
 * page itself that the change is not in force yet, and what it waits for.
 */
export function PendingControlChanges({ items }: { items: PendingControl[] }) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="pending-control-changes" data-testid="pending-control-changes" className="mb-6 grid gap-2 rounded-md border px-4 py-3 text-sm">
      <h2 id="pending-control-changes" className="font-semibold">
        Waiting for approval, not in force yet
      </h2>
      <ul className="grid gap-1">
        {items.map((c) => (
          <li key={c.id} className="flex items-start gap-2">
            <HourglassIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            <span>
              {c.summary}, asked by {c.requestedBy}.{" "}
              {c.applyAt ? (
                <>
                  Nobody else can approve it, so it applies on <DateTime value={c.applyAt} /> unless cancelled or rejected.
                </>
              ) : (
                "Another admin or approver decides it."
              )}{" "}
              <Link href={`/approvals/${c.id}`} className="underline underline-offset-4">
                Open the request
              </Link>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
