"use client";
import { useEffect, useState } from "react";

/** Milliseconds until `expiresAt`, updated every second; null before the first client render. */
export function useRemaining(expiresAt: string | null | undefined): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const t = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(t);
  }, []);
  if (!expiresAt || now === null) return null;
  const at = new Date(expiresAt).getTime();
  return Number.isNaN(at) ? null : at - now;
}

export function formatRemaining(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h > 0) return `${h} h ${m} min`;
  if (m > 0) return `${m} min ${String(s).padStart(2, "0")} s`;
  return `${s} s`;
}

/** The minute marks a screen reader hears; every other second changes only the visible text. */
const ANNOUNCE_AT_MIN = [1, 5, 10, 30];

export function announcement(ms: number, what: string): string {
  if (ms <= 0) return `${what} has expired.`;
  const minutes = Math.ceil(ms / 60_000);
  // The smallest mark at or above the minutes left, so the message changes only when a mark is crossed.
  const mark = ANNOUNCE_AT_MIN.find((m) => minutes <= m);
  if (mark === undefined) return "";
  return `${what} expires in ${mark === 1 ? "less than a minute" : `less than ${mark} minutes`}.`;
}

/**
 * A countdown to an expiry. The visible text changes every second but is not a live region, so a
 * screen reader is not interrupted each second; a separate polite region speaks only at 30, 10, 5
 * and 1 minute left and at expiry.
 */
export function Countdown({
  expiresAt,
  what,
  expiredText = "Expired",
  onExpire,
}: {
  expiresAt: string;
  what: string;
  expiredText?: string;
  onExpire?: () => void;
}) {
  const remaining = useRemaining(expiresAt);
  const expired = remaining !== null && remaining <= 0;
  useEffect(() => {
    if (expired) onExpire?.();
  }, [expired, onExpire]);
  const said = remaining === null ? "" : announcement(remaining, what);
  return (
    <span data-testid="countdown" data-expired={expired ? "true" : undefined}>
      <time dateTime={expiresAt} className={expired ? "font-medium text-destructive" : "tabular-nums"}>
        {remaining === null ? "…" : expired ? expiredText : `${formatRemaining(remaining)} left`}
      </time>
      <span className="sr-only" aria-live="polite" aria-atomic="true">
        {said}
      </span>
    </span>
  );
}
