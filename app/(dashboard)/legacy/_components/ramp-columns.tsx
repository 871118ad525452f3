import { Link } from "@/components/ui/link";
import type { Column } from "@/app/(dashboard)/legacy/_components/data-table";
import { StatusBadge } from "@/components/timeline/status-badge";
import { DateTime } from "@/components/ui/date-time";
import type { RampKind, RampRow } from "@/lib/legacy/views";

/** Onramps and offramps list alike; only what the customer paid into differs. */
export function rampColumns(kind: RampKind): Column<RampRow>[] {
  const noun = kind === "onramps" ? "onramp" : "offramp";
  return [
    {
      header: noun === "onramp" ? "Onramp" : "Offramp",
      cell: (r) => (
        <Link href={`/legacy/${kind}/${r.id}`} className="font-mono text-xs underline underline-offset-4">
          {r.id.slice(0, 8)}
          <span className="sr-only">
            {" "}
            {noun} {r.id}
          </span>
        </Link>
      ),
    },
    { header: "Customer", cell: (r) => r.customer, className: "text-sm" },
    { header: "Type", cell: (r) => r.type, className: "text-sm" },
    { header: "Status", cell: (r) => <StatusBadge status={r.status} /> },
    { header: kind === "onramps" ? "Virtual account" : "Deposit address", cell: (r) => r.paysInto, className: "font-mono text-xs" },
    { header: kind === "onramps" ? "Expects" : "Asset", cell: (r) => r.expects, className: "text-sm whitespace-nowrap" },
    { header: "Settles to", cell: (r) => r.settlesTo, className: "text-sm" },
    { header: "Created", cell: (r) => <DateTime value={r.createdAt} />, className: "text-sm whitespace-nowrap" },
  ];
}
