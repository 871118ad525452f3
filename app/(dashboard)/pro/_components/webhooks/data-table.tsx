"use client";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { SecretOnce } from "@/app/(dashboard)/pro/_components/secret-once";
import { WebhookActions } from "@/app/(dashboard)/pro/_components/webhook-actions";
import { WebhookDialog } from "@/app/(dashboard)/pro/_components/webhook-dialog";
import { type Column, DataList } from "@/components/list/data-list";
import { ListEmptyState } from "@/components/list/empty-state";
import { useLiveList } from "@/components/list/use-live-list";
import { StatusBadge } from "@/components/timeline/status-badge";
import { Button } from "@/components/ui/button";
import { DateTime } from "@/components/ui/date-time";
import { liveKeys } from "@/lib/live/query-keys";
import type { ProWebhooksView } from "@/lib/pro/views";
import type { WebhookSecretResult } from "@/lib/pro/webhook-schema";
import { MAX_PRO_WEBHOOKS } from "@/lib/pro/webhook-values";

type Webhook = ProWebhooksView["webhooks"][number];

const STATUS_HELP: Record<string, string> = {
  active: "Receiving events.",
  paused: "Paused by your team; nothing is delivered until it is resumed.",
};

const columns: Column<Webhook>[] = [
  {
    key: "url",
    header: "Address and events",
    className: "max-w-80",
    cell: (w) => (
      <>
        <p className="font-mono text-xs break-all">{w.url}</p>
        {w.description ? <p className="text-sm">{w.description}</p> : null}
        <p className="text-xs text-muted-foreground">{w.events.join(", ")}</p>
      </>
    ),
  },
  {
    key: "status",
    header: "Status",
    className: "max-w-64",
    cell: (w) => (
      <div data-testid="pro-webhook-status">
        <StatusBadge status={w.status} />
        <p className="mt-1 text-xs text-muted-foreground">
          {w.status === "disabled"
            ? `The provider disabled it after repeated delivery failures${w.last_failure_reason ? `; the last one: ${w.last_failure_reason}` : ""}. Fix the receiver, then resume it.`
            : (STATUS_HELP[w.status] ?? "")}
        </p>
      </div>
    ),
  },
  { key: "failures", header: "Failures in a row", numeric: true, className: "text-sm", cell: (w) => w.failure_count ?? 0 },
  { key: "success", header: "Last success", className: "text-sm whitespace-nowrap", cell: (w) => <DateTime value={w.last_success_at ?? null} /> },
  {
    key: "failure",
    header: "Last failure",
    className: "max-w-56 text-sm",
    cell: (w) => (
      <>
        <span className="whitespace-nowrap">
          <DateTime value={w.last_failure_at ?? null} />
        </span>
        {w.last_failure_reason ? <p className="text-xs text-muted-foreground">{w.last_failure_reason}</p> : null}
      </>
    ),
  },
];

/** The Pro webhooks with their delivery health; a disabled one says why, with its last failure. */
export function ProWebhooksTable({ initial }: { initial: ProWebhooksView }) {
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<WebhookSecretResult | null>(null);
  const q = useLiveList({
    kind: "pro_webhooks",
    query: "",
    url: "/api/pro/webhooks",
    initial,
    errorMessage: "The webhooks could not be loaded. Try again in a moment.",
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: liveKeys.list("pro_webhooks") });
  // The kit hook types its data as possibly undefined; it is hydrated with `initial`, so it never is.
  const view = q.data ?? initial;
  const rows = view.webhooks;
  const full = rows.length >= MAX_PRO_WEBHOOKS;
  const actions: Column<Webhook> = {
    key: "actions",
    header: "Actions",
    cell: (w) => <WebhookActions webhook={w} onChanged={refresh} onSecret={setSecret} />,
  };
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
      <DataList
        caption="Pro webhooks"
        columns={[...columns, actions]}
        rows={rows}
        rowKey={(w) => w.id}
        rowProps={(w) => ({ "data-testid": "pro-webhook-row", "data-webhook-id": w.id, className: "align-top" })}
        stale={view}
        refresh={q.refresh}
        empty={
          <ListEmptyState
            testId="pro-webhooks-empty"
            title="No Pro webhooks yet"
            hint="Create one to have the provider send order, trade and deposit events to an HTTPS address."
          />
        }
      />
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
