"use client";
import type * as React from "react";
import { RotateCwIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { RelativeTime } from "@/components/ui/relative-time";

/** Shown when a figure is older than the provider's current state: its age, in words and exactly. */
export function StaleNote({ fetchedAt, testId }: { fetchedAt: string; testId?: string }) {
  return (
    <p className="text-xs" data-testid={testId ?? "stale-note"}>
      <span className="rounded bg-warning px-1.5 py-0.5 font-medium text-warning-foreground">
        As of <RelativeTime value={fetchedAt} />
      </span>{" "}
      <span className="text-muted-foreground">The provider could not be reached; this is the last figure we have.</span>
    </p>
  );
}

/** A figure that could not be loaded at all: the sentence and a retry. */
export function FigureError({ message, onRetry, retrying, testId }: { message: React.ReactNode; onRetry: () => void; retrying: boolean; testId?: string }) {
  return (
    <div role="alert" className="grid gap-2 text-sm" data-testid={testId ?? "figure-error"}>
      <p className="text-destructive">{message}</p>
      <div>
        <Button type="button" variant="outline" size="sm" onClick={onRetry} disabled={retrying}>
          <RotateCwIcon aria-hidden="true" className={retrying ? "animate-spin" : undefined} />
          {retrying ? "Retrying…" : "Retry"}
        </Button>
      </div>
    </div>
  );
}
