import { ShieldAlertIcon } from "lucide-react";
import Link from "next/link";
import type { Announcement } from "@/lib/approvals/controls";
import { DateTime } from "@/components/ui/date-time";

/**
 * Loosened controls that will apply by themselves (nobody else could approve them), shown on every
 * page to every member so that none is ever silent. Stopped in Approvals: cancel or reject.
 */
export function ControlAnnouncements({ items }: { items: Announcement[] }) {
  if (items.length === 0) return null;
  return (
    <div role="status" data-testid="control-announcements" className="mb-4 grid gap-1 rounded-md border border-amber-500/50 bg-amber-500/10 px-3 py-2 text-sm">
      {items.map((a) => (
        <p key={a.id} className="flex items-start gap-2">
          <ShieldAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            <strong>Pending control change:</strong> {a.summary}, asked by {a.requestedBy}. Nobody else can approve it, so it applies on{" "}
            <DateTime value={a.applyAt} /> unless cancelled or rejected in{" "}
            <Link href="/approvals" className="underline">
              Approvals
            </Link>
            .
          </span>
        </p>
      ))}
    </div>
  );
}
