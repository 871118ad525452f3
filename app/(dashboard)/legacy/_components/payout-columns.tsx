import { Link } from "@/components/ui/link";
import type { Column } from "@/app/(dashboard)/legacy/_components/data-table";
import { StatusBadge } from "@/components/timeline/status-badge";
import { DateTime } from "@/components/ui/date-time";
import type { PayoutRow } from "@/lib/legacy/views";

export const payoutColumns: Column<PayoutRow>[] = [
  {
    header: "Payout",
    cell: (p) => (
      <>
        <Link href={`/legacy/payouts/${p.id}`} className="font-mono text-xs underline underline-offset-4">
          {p.reference}
          <span className="sr-only"> payout {p.id}</span>
        </Link>
        <div className="font-mono text-xs text-muted-foreground">{p.id.slice(0, 8)}</div>
      </>
    ),
  },
  { header: "Type", cell: (p) => p.type, className: "text-sm" },
  { header: "Status", cell: (p) => <StatusBadge status={p.status} /> },
  { header: "Sent", cell: (p) => p.sent, className: "text-right text-sm tabular-nums whitespace-nowrap" },
  { header: "Received", cell: (p) => p.received, className: "text-right text-sm tabular-nums whitespace-nowrap" },
  { header: "Fee", cell: (p) => p.fee, className: "text-right text-sm tabular-nums whitespace-nowrap" },
  { header: "Recipient", cell: (p) => p.recipient, className: "font-mono text-xs" },
  { header: "Created", cell: (p) => <DateTime value={p.createdAt} />, className: "text-sm whitespace-nowrap" },
];
