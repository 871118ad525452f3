"use client";
import { useRouter } from "next/navigation";
import { useEffect, useTransition } from "react";
import { toast } from "@/components/ui/toast";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { redeliverOutbound } from "@/lib/review/redeliver-outbound";
import { DateTime } from "@/components/ui/date-time";
import { answerOrFailure } from "@/lib/server-actions/answer-or-failure";

export interface DeliveryView {
  id: string;
  event: string;
  url: string;
  status: string;
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  nextAttemptAt: string;
  deliveredAt: string | null;
  createdAt: string;
  decisionId: string | null;
}

const VARIANT: Record<string, "success" | "warning" | "destructive"> = { delivered: "success", pending: "warning", failed: "destructive" };
const LABEL: Record<string, string> = { delivered: "Acknowledged", pending: "Retrying", failed: "Gave up" };

export function DeliveryLog({ rows }: { rows: DeliveryView[] }) {
  const router = useRouter();
  const retrying = rows.some((r) => r.status === "pending");
  // Deliveries change in the worker, not through provider events: re-read while any is still going.
  useEffect(() => {
    if (!retrying) return;
    const t = setInterval(() => router.refresh(), 5_000);
    return () => clearInterval(t);
  }, [retrying, router]);
  if (!rows.length) {
    return (
      <div className="rounded-lg border border-dashed p-10 text-center">
        <p className="font-medium">No deliveries yet</p>
        <p className="mt-1 text-sm text-muted-foreground">A delivery is queued each time a second approver confirms a review decision.</p>
      </div>
    );
  }
  return (
    <div className="overflow-x-auto rounded-lg border">
      <Table>
        <TableCaption className="sr-only">Outbound webhook deliveries, newest first</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead>Queued</TableHead>
            <TableHead>Event</TableHead>
            <TableHead>Status</TableHead>
            <TableHead align="right">Attempts</TableHead>
            <TableHead>Last answer</TableHead>
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((d) => (
            <TableRow key={d.id} data-testid="delivery-row">
              <TableCell className="whitespace-nowrap text-sm">
                <DateTime value={d.createdAt} />
              </TableCell>
              <TableCell className="text-xs">
                <div className="font-mono">{d.event}</div>
                <div className="max-w-64 truncate text-muted-foreground" title={d.url}>
                  {d.url}
                </div>
              </TableCell>
              <TableCell>
                <Badge variant={VARIANT[d.status] ?? "secondary"}>{LABEL[d.status] ?? d.status}</Badge>
                <div className="text-xs text-muted-foreground">
                  {d.status === "delivered" ? (
                    <DateTime value={d.deliveredAt} />
                  ) : d.status === "pending" ? (
                    <>
                      next try <DateTime value={d.nextAttemptAt} />
                    </>
                  ) : (
                    ""
                  )}
                </div>
              </TableCell>
              <TableCell className="text-right tabular-nums">{d.attempts}</TableCell>
              <TableCell className="text-xs">
                {d.lastStatus ? <span className="font-mono">HTTP {d.lastStatus}</span> : null}
                {d.lastError ? <div className="text-muted-foreground">{d.lastError}</div> : null}
                {!d.lastStatus && !d.lastError ? "—" : null}
              </TableCell>
              <TableCell>
                <Redeliver id={d.id} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

function Redeliver({ id }: { id: string }) {
  const router = useRouter();
  const [pending, start] = useTransition();
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={pending}
      aria-label={`Redeliver ${id}`}
      onClick={() =>
        start(async () => {
          const r = await answerOrFailure(redeliverOutbound({ deliveryId: id }));
          if (r.ok) toast.success("Queued to send again now.");
          else toast.error(r.error);
          router.refresh();
        })
      }
    >
      Redeliver
    </Button>
  );
}
