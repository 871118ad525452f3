"use client";
import * as React from "react";
import { useTimeZone } from "@/components/ui/date-time";
import { formatDateTime, formatRelative } from "@/lib/format";

/**
 * The one way to show a time relative to now ("2 minutes ago", "Expires in 3 h"). The server's
 * clock and the browser's never agree to the second, and a text that differs between the server's
 * render and hydration makes React rebuild that part of the page, wiping what a person has already
 * typed into a form there. So the server render and the hydration render both show the absolute
 * time (the same text in the viewer's zone on both sides); the relative text appears only once the page is live,
 * and every instance on a page moves on the same shared tick.
 */

const TICK_MS = 15_000;
let tick = 0;
let timer: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (timer === undefined) {
    tick = Date.now();
    timer = setInterval(() => {
      tick = Date.now();
      for (const l of listeners) l();
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}
// Set once before the first subscription, so React sees the same value on every read until a tick.
const clientNow = () => (tick ||= Date.now());
/** Null during the server render and hydration: nothing time-dependent is rendered then. */
const serverNow = () => null;

/** The browser's current time, moving every 15 s; null until the page is hydrated. */
export function useLiveNow(): number | null {
  return React.useSyncExternalStore(subscribe, clientNow, serverNow);
}

/** A past event's age; a provider clock slightly ahead of ours reads "now", never "in 2 seconds". */
export const ago = (ms: number) => formatRelative(new Date(Math.min(ms, 0)), new Date(0));

export function RelativeTime({
  value,
  describe = ago,
  before = (absolute) => absolute,
  tone,
  className,
  testId,
}: {
  value: string | Date;
  /** The words for `value - now` in milliseconds (negative: in the past). */
  describe?: (ms: number) => string;
  /** The text before the page is live, from the absolute time (e.g. "Expires 26 Nov 2026, 10:00 GMT+1"). */
  before?: (absolute: string) => string;
  /** Extra classes from `value - now`, once the page is live. */
  tone?: (ms: number) => string | undefined;
  className?: string;
  testId?: string;
}) {
  const now = useLiveNow();
  const zone = useTimeZone();
  const at = typeof value === "string" ? new Date(value) : value;
  const absolute = formatDateTime(at, zone);
  if (Number.isNaN(at.getTime())) return <span data-testid={testId}>—</span>;
  const ms = now === null ? null : at.getTime() - now;
  const classes = [className, ms === null ? undefined : tone?.(ms)].filter(Boolean).join(" ") || undefined;
  return (
    <time dateTime={at.toISOString()} title={absolute} className={classes} data-testid={testId} data-live={ms === null ? undefined : ""}>
      {ms === null ? before(absolute) : describe(ms)}
    </time>
  );
}
