"use client";
import { type Column, DataList } from "@/components/list/data-list";
import { ListEmptyState } from "@/components/list/empty-state";
import { Pager } from "@/components/list/pager";
import { type AuditFilters, serializeAuditFilters } from "@/lib/audit/filters";
import { DateTime } from "@/components/ui/date-time";

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

const columns: Column<AuditRow>[] = [
  { key: "when", header: "When", className: "whitespace-nowrap text-sm", cell: (r) => <DateTime value={r.at} /> },
  { key: "who", header: "Who", className: "text-sm", cell: (r) => r.actorEmail ?? "system" },
  { key: "action", header: "Action", className: "font-mono text-xs", cell: (r) => r.action },
  {
    key: "target",
    header: "Target",
    className: "text-xs",
    cell: (r) => (
      <>
        {r.targetType}
        {r.targetId ? <div className="font-mono text-muted-foreground">{r.targetId}</div> : null}
      </>
    ),
  },
  { key: "change", header: "Change", className: "max-w-80", cell: (r) => <Change before={r.before} after={r.after} /> },
  {
    key: "request",
    header: "Request",
    className: "text-xs text-muted-foreground",
    cell: (r) => (
      <>
        <div className="font-mono">{r.requestId ?? "—"}</div>
        <div>{r.ip ?? ""}</div>
        <div className="max-w-48 truncate" title={r.userAgent ?? undefined}>
          {r.userAgent ?? ""}
        </div>
      </>
    ),
  },
];

/** One page of the audit log as the server read it, for the URL's filters. */
export function AuditTable({ rows, page, pages, total, filters }: { rows: AuditRow[]; page: number; pages: number; total: number; filters: AuditFilters }) {
  return (
    <DataList
      caption="Audit log entries, newest first"
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      rowProps={() => ({ "data-testid": "audit-row" })}
      empty={<ListEmptyState testId="audit-empty" title="No audit entries match these filters" hint="Clear a filter or widen the dates." />}
      pager={
        <Pager
          label="Audit log pages"
          noun={["entry", "entries"]}
          page={page}
          pages={pages}
          total={total}
          to={(p) => serializeAuditFilters("/settings/audit", { ...filters, page: p })}
        />
      }
    />
  );
}
