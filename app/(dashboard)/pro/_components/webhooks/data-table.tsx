"use client";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { fetchJson } from "@/components/page/fetch-json";
import { ReadError } from "@/components/page/read-error";
import { StaleNote } from "@/components/page/stale-note";
import { SecretOnce } from "@/app/(dashboard)/pro/_components/secret-once";
import { WebhookActions } from "@/app/(dashboard)/pro/_components/webhook-actions";
import { WebhookDialog } from "@/app/(dashboard)/pro/_components/webhook-dialog";
import { ProWebhooksEmptyState } from "@/app/(dashboard)/pro/_components/webhooks/empty-state";
import { StatusBadge } from "@/components/timeline/status-badge";
import { Button } from "@/components/ui/button";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatDateTime } from "@/lib/format";
import { liveKeys } from "@/lib/live/query-keys";
import { MAX_PRO_WEBHOOKS, type WebhookSecretResult } from "@/lib/pro/webhook-schema";
import type { ProWebhooksView } from "@/lib/pro/views";

const KEY = liveKeys.list("pro_webhook");

const STATUS_HELP: Record<string, string> = {
  active: "Receiving events.",
  paused: "Paused by your team; nothing is delivered until it is resumed.",
};

/** The Pro webhooks with their delivery health; a disabled one says why, with its last failure. */
export function ProWebhooksTable({ initial }: { initial: ProWebhooksView }) {
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<WebhookSecretResult | null>(null);
  const q = useQuery({
    queryKey: KEY,
    queryFn: () => fetchJson<ProWebhooksView>("/api/pro/webhooks", "The webhooks could not be loaded. Try again in a moment."),
    initialData: initial,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: KEY });
  const rows = q.data.webhooks;
  const full = rows.length >= MAX_PRO_WEBHOOKS;
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">
          {rows.length} of at most {MAX_PRO_WEBHOOKS} webhooks.
        </p>
        <Button type="button" onClick={() => setCreating(true)} disabled={full} data-testid="pro-webhook-new">
          New webhook
        </Button>
      </div>
      {full ? <p className="text-sm text-muted-foreground">The provider allows {MAX_PRO_WEBHOOKS} webhooks per account: delete one to add another.</p> : null}
      {secret ? <SecretOnce result={secret} onDismiss={() => setSecret(null)} /> : null}
      {q.isError ? <ReadError title="Could not refresh" message={q.error.message} onRetry={() => void q.refetch()} /> : null}
      <StaleNote stale={q.data.stale} fetchedAt={q.data.fetchedAt} />
      {rows.length === 0 ? (
        <ProWebhooksEmptyState />
      ) : (
        <div className="rounded-lg border">
          <Table>
            <TableCaption className="sr-only">Pro webhooks</TableCaption>
            <TableHeader>
              <TableRow>
                <TableHead>Address and events</TableHead>
                <TableHead>Status</TableHead>
                <TableHead className="text-right">Failures in a row</TableHead>
                <TableHead>Last success</TableHead>
                <TableHead>Last failure</TableHead>
                <TableHead>Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((w) => (
                <TableRow key={w.id} data-testid="pro-webhook-row" data-webhook-id={w.id} className="align-top">
                  <TableCell className="max-w-80">
                    <p className="font-mono text-xs break-all">{w.url}</p>
                    {w.description ? <p className="text-sm">{w.description}</p> : null}
                    <p className="text-xs text-muted-foreground">{w.events.join(", ")}</p>
                  </TableCell>
                  <TableCell className="max-w-64" data-testid="pro-webhook-status">
                    <StatusBadge status={w.status} />
                    <p className="mt-1 text-xs text-muted-foreground">
                      {w.status === "disabled"
                        ? `The provider disabled it after repeated delivery failures${w.last_failure_reason ? `; the last one: ${w.last_failure_reason}` : ""}. Fix the receiver, then resume it.`
                        : (STATUS_HELP[w.status] ?? "")}
                    </p>
                  </TableCell>
                  <TableCell className="text-right text-sm tabular-nums">{w.failure_count ?? 0}</TableCell>
                  <TableCell className="text-sm whitespace-nowrap">{formatDateTime(w.last_success_at ?? null)}</TableCell>
                  <TableCell className="max-w-56 text-sm">
                    <span className="whitespace-nowrap">{formatDateTime(w.last_failure_at ?? null)}</span>
                    {w.last_failure_reason ? <p className="text-xs text-muted-foreground">{w.last_failure_reason}</p> : null}
                  </TableCell>
                  <TableCell>
                    <WebhookActions webhook={w} onChanged={refresh} onSecret={setSecret} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      <WebhookDialog
        mode="create"
        open={creating}
        onOpenChange={setCreating}
        onDone={(r) => {
          setCreating(false);
          if (r) setSecret(r);
          toast.success("Webhook created.");
          refresh();
        }}
      />
    </div>
  );
}
