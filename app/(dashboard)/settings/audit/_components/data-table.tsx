import { AuditEmptyState } from "@/app/(dashboard)/settings/audit/_components/empty-state";
import { Pager } from "@/components/tables/pager";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatDateTime } from "@/lib/format";

export interface AuditRow {
  id: string;
  at: Date;
  actorEmail: string | null;
  action: string;
  targetType: string;
  targetId: string | null;
  environment: string | null;
  before: unknown;
  after: unknown;
  requestId: string | null;
  ip: string | null;
  userAgent: string | null;
}

function Change({ before, after }: { before: unknown; after: unknown }) {
  if (before == null && after == null) return <span className="text-muted-foreground">—</span>;
  return (
    <dl className="grid gap-0.5 text-xs">
      {before != null ? (
        <div className="flex gap-1">
          <dt className="text-muted-foreground">before</dt>
          <dd className="font-mono break-all">{JSON.stringify(before)}</dd>
        </div>
      ) : null}
      {after != null ? (
        <div className="flex gap-1">
          <dt className="text-muted-foreground">after</dt>
          <dd className="font-mono break-all">{JSON.stringify(after)}</dd>
        </div>
      ) : null}
    </dl>
  );
}

export function AuditTable({
  rows,
  page,
  pages,
  total,
  filters,
}: {
  rows: AuditRow[];
  page: number;
  pages: number;
  total: number;
  filters: Record<string, string | number | undefined>;
}) {
  if (!rows.length) return <AuditEmptyState />;
  return (
    <div className="grid gap-3">
      <div className="rounded-lg border">
        <Table>
          <TableCaption className="sr-only">Audit log entries, newest first</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead>When</TableHead>
              <TableHead>Who</TableHead>
              <TableHead>Action</TableHead>
              <TableHead>Target</TableHead>
              <TableHead>Change</TableHead>
              <TableHead>Request</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.id} data-testid="audit-row">
                <TableCell className="whitespace-nowrap text-sm">{formatDateTime(r.at)}</TableCell>
                <TableCell className="text-sm">{r.actorEmail ?? "system"}</TableCell>
                <TableCell className="font-mono text-xs">{r.action}</TableCell>
                <TableCell className="text-xs">
                  {r.targetType}
                  {r.targetId ? <div className="font-mono text-muted-foreground">{r.targetId}</div> : null}
                </TableCell>
                <TableCell className="max-w-80">
                  <Change before={r.before} after={r.after} />
                </TableCell>
                <TableCell className="text-xs text-muted-foreground">
                  <div className="font-mono">{r.requestId ?? "—"}</div>
                  <div>{r.ip ?? ""}</div>
                  <div className="max-w-48 truncate" title={r.userAgent ?? undefined}>
                    {r.userAgent ?? ""}
                  </div>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <Pager label="Audit log pages" noun={["entry", "entries"]} page={page} pages={pages} total={total} filters={filters} />
    </div>
  );
}
