"use client";
import { useQueryClient } from "@tanstack/react-query";
import { useServerQuery } from "@/components/page/use-server-query";
import { SyncedNote, type SyncedNoteFreshness } from "@/components/page/synced-note";
import { Link } from "@/components/ui/link";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";
import { Amount } from "@/components/page/amount";
import { useLiveRefetchInterval } from "@/components/live/live-provider";
import { DecisionDialog } from "@/app/(dashboard)/deposits/_components/decision-dialog";
import { SecondApprovalActions, type SecondApprovalOutcome } from "@/components/review/second-approval";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { RelativeTime } from "@/components/ui/relative-time";
import { DateTime } from "@/components/ui/date-time";
import { liveKeys } from "@/lib/live/query-keys";
import { creditStage, creditStageLabel, decisionLabel, decisionStatusLabel } from "@/lib/review/flags";

export interface QueueItemView {
  id: string;
  type: string;
  createdAt: string;
  amount: string;
  currency: string;
  expectedAmount: string | null;
  difference: string | null;
  flagCode: string | null;
  flagExplanation: string;
  fundingAccount: { id: string; label: string } | null;
  customer: { id: string; name: string } | null;
  decision: {
    id: string;
    decision: string;
    status: string;
    decidedBy: { id: string; name: string };
    credit?: { state: string; stage: string } | null;
  } | null;
}

export interface QueueView {
  items: QueueItemView[];
  total: number;
  truncated: boolean;
  fetchedAt: string;
  stale: boolean;
  /** How fresh the local copy the queue was read from is. */
  synced?: SyncedNoteFreshness;
}

const CREDIT_VARIANT: Record<string, "success" | "warning" | "destructive"> = { held: "warning", released: "success", off: "destructive" };

export const REVIEW_QUEUE_KEY = liveKeys.list("deposit", "review-queue");

async function fetchQueue(): Promise<QueueView> {
  const res = await fetch("/api/review/queue", { headers: { accept: "application/json" }, cache: "no-store" });
  const body = (await res.json().catch(() => null)) as (QueueView & { error?: string }) | null;
  if (!res.ok || !body?.items) throw new Error(body?.error ?? "The review queue could not be refreshed. Check your connection and try again.");
  return body;
}

/** Keys typed into a field, or with a modifier, belong to that field or the browser. */
function isTyping(e: KeyboardEvent): boolean {
  if (e.altKey || e.ctrlKey || e.metaKey) return true;
  const t = e.target as HTMLElement | null;
  if (!t) return false;
  if (t.isContentEditable) return true;
  return ["INPUT", "TEXTAREA", "SELECT"].includes(t.tagName) || !!t.closest("[role=dialog],[role=alertdialog],[role=listbox],[role=menu]");
}

/**
 * The queue as the second approver's answer leaves it, before the refetch confirms it: a confirmed
 * decision is final (a credit one held until the provider completes the deposit, unless the end
 * event was already stored); a rejected or withdrawn one frees the deposit for a new decision.
 */
export function afterSecondApproval(queue: QueueView, decisionId: string, outcome: SecondApprovalOutcome): QueueView {
  return {
    ...queue,
    items: queue.items.map((item) => {
      if (item.decision?.id !== decisionId) return item;
      if (outcome.status !== "final") return { ...item, decision: null };
      const state = outcome.credit === "held" || outcome.credit === "released" || outcome.credit === "off" ? outcome.credit : null;
      return { ...item, decision: { ...item.decision, status: "final", credit: state ? { state, stage: creditStage(state, null) } : null } };
    }),
  };
}

export function ReviewQueue({ initial, canDecide, currentUserId }: { initial: QueueView; canDecide: boolean; currentUserId: string }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const refetchInterval = useLiveRefetchInterval();
  const q = useServerQuery({ queryKey: REVIEW_QUEUE_KEY, queryFn: fetchQueue, initialData: initial, refetchInterval, staleTime: 5_000 });
  const items = q.data.items;
  const [selected, setSelected] = useState(0);
  const [deciding, setDeciding] = useState<string | null>(null);
  const links = useRef(new Map<string, HTMLAnchorElement>());
  const moved = useRef(false);
  const index = Math.min(selected, Math.max(items.length - 1, 0));
  const current = items[index];

  const move = useCallback(
    (delta: number) => {
      if (!items.length) return;
      moved.current = true;
      setSelected((i) => Math.min(Math.max(Math.min(i, items.length - 1) + delta, 0), items.length - 1));
    },
    [items.length],
  );

  // Focus follows the selection, so a screen reader announces the deposit and Enter opens it.
  // Keyed on the id, so a background refetch (new objects, same selection) never moves focus.
  const currentId = current?.id;
  useEffect(() => {
    if (!moved.current || !currentId) return;
    links.current.get(currentId)?.focus();
  }, [currentId]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || deciding || isTyping(e)) return;
      if (e.key === "j" || e.key === "ArrowDown") {
        e.preventDefault();
        move(1);
      } else if (e.key === "k" || e.key === "ArrowUp") {
        e.preventDefault();
        move(-1);
      } else if ((e.key === "Enter" || e.key === "o") && current) {
        // A focused link or button acts itself; this covers a selection made before focus reached the list.
        if (e.key === "Enter" && ["A", "BUTTON"].includes((e.target as HTMLElement | null)?.tagName ?? "")) return;
        e.preventDefault();
        router.push(`/deposits/${encodeURIComponent(current.id)}`);
      } else if (e.key === "d" && current && canDecide && !current.decision) {
        e.preventDefault();
        setDeciding(current.id);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [current, deciding, canDecide, move, router]);

  return (
    <div className="grid gap-4">
      <section aria-labelledby="queue-keys" className="rounded-lg border bg-muted/30 p-3 text-sm">
        <h2 id="queue-keys" className="mb-1 font-medium">
          Keyboard
        </h2>
        <p className="text-muted-foreground">
          <kbd className="rounded border px-1">j</kbd> or <kbd className="rounded border px-1">↓</kbd> next, <kbd className="rounded border px-1">k</kbd> or{" "}
          <kbd className="rounded border px-1">↑</kbd> previous, <kbd className="rounded border px-1">Enter</kbd> open the deposit
          {canDecide ? (
            <>
              , <kbd className="rounded border px-1">d</kbd> record a decision
            </>
          ) : null}
          . Keys do nothing while you type in a field.
        </p>
      </section>
      {q.data.synced ? (
        <SyncedNote freshness={q.data.synced} />
      ) : q.data.stale ? (
        <p role="status" className="rounded-md border border-warning/50 bg-warning/10 px-3 py-2 text-sm">
          The provider could not be reached just now; this is the queue as of <DateTime value={q.data.fetchedAt} />.
        </p>
      ) : null}
      {q.isRefetchError ? (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm"
        >
          <span>{q.error.message}</span>
          <Button size="sm" variant="outline" onClick={() => void q.refetch()}>
            Try again
          </Button>
        </div>
      ) : null}
      {items.length === 0 ? (
        <div className="rounded-lg border border-dashed p-10 text-center">
          <p className="font-medium">Nothing to review</p>
          <p className="mt-1 text-sm text-muted-foreground">Deposits the provider flags for review appear here, oldest first.</p>
        </div>
      ) : (
        <ol aria-label="Deposits that require review, oldest first" className="grid gap-2">
          {items.map((item, i) => {
            const isSelected = i === index;
            return (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the click is a pointer shortcut; the keyboard selects an item by focusing its link
              <li
                key={item.id}
                data-testid="queue-item"
                data-selected={isSelected ? "true" : undefined}
                onClick={() => setSelected(i)}
                className={`grid gap-2 rounded-lg border p-4 ${isSelected ? "border-primary ring-2 ring-primary/40" : ""}`}
              >
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <Link
                    ref={(el) => {
                      if (el) links.current.set(item.id, el);
                      else links.current.delete(item.id);
                    }}
                    href={`/deposits/${encodeURIComponent(item.id)}`}
                    onFocus={() => setSelected(i)}
                    className="font-medium underline-offset-4 hover:underline focus-visible:underline"
                  >
                    <Amount value={item.amount} currency={item.currency} /> <span className="font-mono text-xs text-muted-foreground">{item.id}</span>
                  </Link>
                  <span className="text-sm text-muted-foreground">
                    received <RelativeTime value={item.createdAt} />
                  </span>
                </div>
                <p className="text-sm" data-testid="queue-flag">
                  {item.flagExplanation}
                </p>
                <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
                  <div>
                    <dt className="text-xs text-muted-foreground">Funding account</dt>
                    <dd>
                      {item.fundingAccount ? (
                        <>
                          {item.fundingAccount.label}{" "}
                          <Link
                            href={`/funding-accounts/${encodeURIComponent(item.fundingAccount.id)}`}
                            className="block font-mono text-xs text-muted-foreground underline underline-offset-4"
                          >
                            {item.fundingAccount.id}
                          </Link>
                        </>
                      ) : (
                        "—"
                      )}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-xs text-muted-foreground">Customer</dt>
                    <dd>{item.customer ? item.customer.name : "—"}</dd>
                  </div>
                  <div>
                    <dt className="text-xs text-muted-foreground">Amount versus expected</dt>
                    <dd>
                      {item.expectedAmount ? (
                        <>
                          <Amount value={item.amount} currency={item.currency} /> received, <Amount value={item.expectedAmount} currency={item.currency} />{" "}
                          expected
                          {item.difference && item.difference !== "0.00" ? (
                            <span className="block text-xs text-muted-foreground">
                              difference <Amount value={item.difference} currency={item.currency} />
                            </span>
                          ) : null}
                        </>
                      ) : (
                        <span className="text-muted-foreground">No expected amount (the account takes any amount)</span>
                      )}
                    </dd>
                  </div>
                </dl>
                <div className="flex flex-wrap items-center gap-2">
                  {item.decision ? (
                    <Badge variant={item.decision.status === "final" ? "success" : "warning"}>
                      {decisionLabel(item.decision.decision)} · {decisionStatusLabel(item.decision.status)} · {item.decision.decidedBy.name}
                    </Badge>
                  ) : (
                    <Badge variant="outline">No decision yet</Badge>
                  )}
                  {item.decision?.credit ? (
                    <Badge
                      variant={CREDIT_VARIANT[item.decision.credit.state] ?? "secondary"}
                      data-testid="queue-credit"
                      data-credit-stage={item.decision.credit.stage}
                    >
                      {creditStageLabel(item.decision.credit.stage)}
                    </Badge>
                  ) : null}
                  {canDecide && !item.decision ? (
                    <Button size="sm" variant="outline" onClick={() => setDeciding(item.id)}>
                      Decide
                    </Button>
                  ) : null}
                </div>
                {canDecide && item.decision?.status === "awaiting_confirmation" ? (
                  <div data-testid="queue-second-approval">
                    <SecondApprovalActions
                      decision={{ id: item.decision.id, depositId: item.id, decision: item.decision.decision, decidedBy: item.decision.decidedBy }}
                      currentUserId={currentUserId}
                      size="sm"
                      context={`on deposit ${item.id}`}
                      onDecided={(outcome) => {
                        const decisionId = item.decision!.id;
                        queryClient.setQueryData<QueueView>(REVIEW_QUEUE_KEY, (q) => (q ? afterSecondApproval(q, decisionId, outcome) : q));
                        void queryClient.invalidateQueries({ queryKey: liveKeys.list("deposit") });
                      }}
                      afterDecided={() => links.current.get(item.id)?.focus()}
                    />
                  </div>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
      {q.data.truncated ? (
        <p className="text-sm text-muted-foreground">
          Showing the oldest {items.length} of {q.data.total}. Work these first; the rest appear as these are resolved.
        </p>
      ) : null}
      {canDecide && deciding ? (
        <DecisionDialog
          key={deciding}
          depositId={deciding}
          open
          onOpenChange={(open) => {
            if (!open) {
              setDeciding(null);
              void q.refetch();
            }
          }}
        />
      ) : null}
    </div>
  );
}
