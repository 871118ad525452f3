"use client";
import { type Column, DataList } from "@/components/list/data-list";
import { ListEmptyState } from "@/components/list/empty-state";
import { DateTime } from "@/components/ui/date-time";

export interface RejectionRow {
  id: string;
  at: Date;
  surface: string;
  reason: string;
  sourceIp: string | null;
  userAgent: string | null;
  bodyBytes: number;
}

const columns: Column<RejectionRow>[] = [
  { key: "when", header: "When", className: "text-sm whitespace-nowrap", cell: (r) => <DateTime value={r.at} /> },
  {
    key: "source",
    header: "Source address",
    className: "font-mono text-xs",
    cell: (r) => (
      <>
        {r.sourceIp ?? "unknown"}
        {r.userAgent ? (
          <div className="max-w-56 truncate font-sans text-muted-foreground" title={r.userAgent}>
            {r.userAgent}
          </div>
        ) : null}
      </>
    ),
  },
  { key: "reason", header: "Reason", className: "text-sm", cell: (r) => r.reason },
  { key: "surface", header: "Surface", className: "text-sm", cell: (r) => r.surface },
  { key: "size", header: "Size", className: "text-xs whitespace-nowrap", cell: (r) => `${r.bodyBytes.toLocaleString("en-GB")} bytes` },
];

/** Deliveries refused before they were trusted (admins only). Their payloads were never stored. */
export function RejectionsTable({ rows, total, includeUnattributed }: { rows: RejectionRow[]; total: number; includeUnattributed: boolean }) {
  return (
    <section aria-labelledby="refused-heading" className="mt-10 grid gap-3">
      <div>
        <h2 id="refused-heading" className="text-lg font-semibold">
          Refused deliveries <span className="text-muted-foreground">({total})</span>
        </h2>
        <p className="text-sm text-muted-foreground">
          Requests to the webhook address that failed the signature or body checks. Many of them usually mean a webhook secret differs from the provider&apos;s:
          set the current one under API keys. Bodies of refused requests are not kept.
        </p>
        <p className="text-sm text-muted-foreground" data-testid="rejections-scope">
          {includeUnattributed
            ? "Requests that no secret could verify are listed too: this deployment serves only your organization, so they were sent to your address."
            : "Only requests signed with your organization's secret are listed. Requests that no secret could verify cannot be attributed to an organization, so they are kept for the deployment's operator and not shown here."}
        </p>
      </div>
      <DataList
        caption={`Refused webhook deliveries, newest first${total > rows.length ? `, latest ${rows.length} of ${total}` : ""}`}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        rowProps={() => ({ "data-testid": "rejection-row" })}
        empty={
          <ListEmptyState testId="rejections-empty" title="No refused deliveries" hint="No request to the webhook address was refused in this environment." />
        }
      />
    </section>
  );
}
