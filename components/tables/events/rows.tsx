"use client";
import { ChevronRight } from "lucide-react";
import { Fragment, useState } from "react";
import { StatusBadge } from "@/components/timeline/status-badge";
import { TableCell, TableRow } from "@/components/ui/table";
import { formatDateTime } from "@/lib/format";

export interface EventTableRow {
  id: string;
  surface: string;
  name: string;
  receivedName: string;
  resourceLabel: string | null;
  resourceId: string | null;
  resourceStatus: string | null;
  signature: string;
  occurredAt: string | null;
  receivedAt: string;
  deliveries: number;
  /** Pretty-printed on the server. */
  payload: string;
  headers: string;
}

const COLUMNS = 7;

/** Rows that open to show the raw payload and delivery headers (a button per row, so keyboard users can too). */
export function EventRows({ rows }: { rows: EventTableRow[] }) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <>
      {rows.map((r) => {
        const expanded = open.has(r.id);
        const detailId = `event-detail-${r.id}`;
        return (
          <Fragment key={r.id}>
            <TableRow data-testid="event-row" data-event={r.name}>
              <TableCell className="w-10 p-1">
                <button
                  type="button"
                  className="inline-flex size-8 items-center justify-center rounded-md hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
                  aria-expanded={expanded}
                  aria-controls={detailId}
                  onClick={() => toggle(r.id)}
                >
                  <ChevronRight aria-hidden className={`size-4 transition-transform ${expanded ? "rotate-90" : ""}`} />
                  <span className="sr-only">
                    {expanded ? "Hide" : "Show"} payload of {r.name}
                  </span>
                </button>
              </TableCell>
              <TableCell className="text-sm whitespace-nowrap">{formatDateTime(r.receivedAt)}</TableCell>
              <TableCell>
                <div className="font-mono text-xs">{r.name}</div>
                {r.receivedName !== r.name ? <div className="text-xs text-muted-foreground">received as {r.receivedName}</div> : null}
              </TableCell>
              <TableCell className="text-xs">
                {r.resourceLabel ?? "—"}
                {r.resourceId ? <div className="font-mono break-all text-muted-foreground">{r.resourceId}</div> : null}
              </TableCell>
              <TableCell>
                <StatusBadge status={r.resourceStatus} />
              </TableCell>
              <TableCell className="text-xs whitespace-nowrap">{r.deliveries > 1 ? `${r.deliveries}×` : "1×"}</TableCell>
              <TableCell className="text-xs text-muted-foreground">
                {r.surface} · {r.signature === "previous" ? "previous secret" : "current secret"}
              </TableCell>
            </TableRow>
            {expanded ? (
              <TableRow id={detailId} data-testid="event-detail">
                <TableCell colSpan={COLUMNS} className="bg-muted/40">
                  <div className="grid gap-3 p-2 lg:grid-cols-2">
                    <div className="min-w-0">
                      <p className="mb-1 text-xs font-semibold">Payload</p>
                      <pre className="max-h-96 overflow-auto rounded-md border bg-background p-3 text-xs" tabIndex={0} aria-label={`Payload of ${r.name}`}>
                        {r.payload}
                      </pre>
                    </div>
                    <div className="min-w-0">
                      <p className="mb-1 text-xs font-semibold">Delivery headers</p>
                      <pre className="max-h-96 overflow-auto rounded-md border bg-background p-3 text-xs" tabIndex={0} aria-label={`Headers of ${r.name}`}>
                        {r.headers}
                      </pre>
                      <p className="mt-2 text-xs text-muted-foreground">
                        Happened {formatDateTime(r.occurredAt)} · arrived {formatDateTime(r.receivedAt)}
                      </p>
                    </div>
                  </div>
                </TableCell>
              </TableRow>
            ) : null}
          </Fragment>
        );
      })}
    </>
  );
}
