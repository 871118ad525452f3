"use client";
import { RotateCwIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { RelativeTime, useLiveNow } from "@/components/ui/relative-time";
import type { SyncedFreshness } from "@/lib/ledger/page-read";
import { refreshSynced } from "@/lib/ledger/refresh-action";
import { answerOrFailure } from "@/lib/server-actions/answer-or-failure";

/** What a page knows about the copy it shows. */
export type SyncedNoteFreshness = SyncedFreshness;

/** Older than this, the age is shown as a warning: the watched sweep reads an open list every few seconds. */
const BEHIND_MS = 60_000;
/** After "Refresh" the page renders again this long later, so the time shown moves even when nothing changed. */
const RERENDER_AFTER_MS = 3_000;

const count = (n: number) => n.toLocaleString("en-US");

/** Whether a list's age means its sweep is failing: past a minute, or twice its own pace when slower (reference data). */
export function isBehind(f: Pick<SyncedNoteFreshness, "syncedAt" | "everyMs">, now: number): boolean {
  return f.syncedAt !== null && now - new Date(f.syncedAt).getTime() > Math.max(BEHIND_MS, 2 * (f.everyMs ?? 0));
}

/**
 * The line above a list or detail read from the local copy: how long ago the provider was last
 * read ("Synced 4 s ago", the exact time in its title), a Refresh that asks the provider now when
 * the budget allows, how far older history has loaded, and why the copy is not moving (the provider
 * refused the last read, or no key reads the list), in a sentence that stands alone.
 * `id` makes Refresh re-read that one object instead of the list.
 */
export function SyncedNote({ freshness, id, className }: { freshness: SyncedNoteFreshness; id?: string; className?: string }) {
  const router = useRouter();
  const now = useLiveNow();
  const [pending, start] = useTransition();
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const { syncedAt, backfill, error } = freshness;
  // A list is swept every few seconds while open, so an old time means the sweep is failing. One
  // object's time is when the provider last confirmed it, which a settled object never needs again.
  const behind = !id && now !== null && isBehind(freshness, now);

  const refresh = () =>
    start(async () => {
      const r = await answerOrFailure(refreshSynced({ kind: freshness.kind, ...(id ? { id } : {}) }));
      if (!r.ok) {
        setAnswer({ ok: false, text: r.error });
        return;
      }
      setAnswer({ ok: true, text: "Asked the provider. The page updates when it answers." });
      clearTimeout(timer.current);
      timer.current = setTimeout(() => router.refresh(), RERENDER_AFTER_MS);
    });

  return (
    <div className={["grid gap-1 text-xs", className].filter(Boolean).join(" ")} data-testid="synced-note">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <p className={behind ? "rounded bg-warning px-1.5 py-0.5 font-medium text-warning-foreground" : "text-muted-foreground"}>
          {syncedAt ? (
            <>
              Synced <RelativeTime value={syncedAt} testId="synced-at" />
            </>
          ) : error ? (
            "Not read from the provider yet."
          ) : (
            "Not read from the provider yet: the first read is on its way."
          )}
        </p>
        <Button type="button" variant="outline" size="xs" onClick={refresh} disabled={pending}>
          <RotateCwIcon aria-hidden="true" className={pending ? "animate-spin" : undefined} />
          {pending ? "Asking…" : "Refresh"}
        </Button>
        <span role="status" className={answer && !answer.ok ? "text-destructive" : "text-muted-foreground"} data-testid="synced-refresh-answer">
          {answer?.text ?? ""}
        </span>
      </div>
      {!backfill.done && backfill.read > 0 ? (
        <p className="text-muted-foreground" data-testid="synced-backfill">
          Older history is still loading: {count(backfill.read)}
          {backfill.total !== null ? ` of ${count(backfill.total)}` : " so far"}.
        </p>
      ) : null}
      {error ? (
        <p className="text-destructive" data-testid="synced-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
