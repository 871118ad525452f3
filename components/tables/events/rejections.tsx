import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatDateTime } from "@/lib/format";

export interface RejectionRow {
  id: string;
  at: Date;
  surface: string;
  reason: string;
  sourceIp: string | null;
  userAgent: string | null;
  bodyBytes: number;
}

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
      {rows.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground" data-testid="rejections-empty">
          No refused deliveries in this environment.
        </p>
      ) : (
        <div className="rounded-lg border">
          <Table>
            <TableCaption className="sr-only">
              Refused webhook deliveries, newest first{total > rows.length ? `, latest ${rows.length} of ${total}` : ""}
            </TableCaption>
            <TableHeader>
              <TableRow>
                <TableHead>When</TableHead>
                <TableHead>Source address</TableHead>
                <TableHead>Reason</TableHead>
                <TableHead>Surface</TableHead>
                <TableHead>Size</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.id} data-testid="rejection-row">
                  <TableCell className="text-sm whitespace-nowrap">{formatDateTime(r.at)}</TableCell>
                  <TableCell className="font-mono text-xs">
                    {r.sourceIp ?? "unknown"}
                    {r.userAgent ? (
                      <div className="max-w-56 truncate font-sans text-muted-foreground" title={r.userAgent}>
                        {r.userAgent}
                      </div>
                    ) : null}
                  </TableCell>
                  <TableCell className="text-sm">{r.reason}</TableCell>
                  <TableCell className="text-sm">{r.surface}</TableCell>
                  <TableCell className="text-xs whitespace-nowrap">{r.bodyBytes.toLocaleString("en-GB")} bytes</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </section>
  );
}
