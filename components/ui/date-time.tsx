"use client";
import { useRouter } from "next/navigation";
import * as React from "react";
import { formatDateTime } from "@/lib/format";
import { BROWSER_ZONE_COOKIE, FALLBACK_ZONE } from "@/lib/time-zone/zones";

/**
 * The viewer's time zone for every time on the page. The dashboard layout reads it on the server
 * (the person's setting, else the browser's zone from its cookie) and provides it here, so the
 * server's render and hydration format every time alike.
 */
const TimeZoneContext = React.createContext<string>(FALLBACK_ZONE);

/** The zone to pass to `formatDateTime` and the other formatters of lib/format.ts. */
export function useTimeZone(): string {
  return React.useContext(TimeZoneContext);
}

/** The zone the browser runs in, or null where it does not say. */
export function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

function cookieValue(name: string): string | null {
  const hit = document.cookie.split("; ").find((c) => c.startsWith(`${name}=`));
  return hit ? decodeURIComponent(hit.slice(name.length + 1)) : null;
}

export function TimeZoneProvider({ zone, followsBrowser, children }: { zone: string; followsBrowser: boolean; children: React.ReactNode }) {
  const router = useRouter();
  // Reports the browser's zone for the server's next render. A person who follows the browser and
  // whose zone the server did not know yet (a first visit, a journey) gets the page again in it;
  // once the cookie is written this never runs again, so it cannot loop.
  React.useEffect(() => {
    const detected = browserTimeZone();
    if (!detected || cookieValue(BROWSER_ZONE_COOKIE) === detected) return;
    // biome-ignore lint/suspicious/noDocumentCookie: a one-value preference cookie; the Cookie Store API is missing in Safari
    document.cookie = `${BROWSER_ZONE_COOKIE}=${encodeURIComponent(detected)}; path=/; max-age=31536000; samesite=lax`;
    if (followsBrowser && detected !== zone) router.refresh();
  }, [followsBrowser, zone, router]);
  return <TimeZoneContext.Provider value={zone}>{children}</TimeZoneContext.Provider>;
}

/** A time in the viewer's zone, labelled with it ("26 Nov 2026, 14:05 GMT+1"), as a <time> element. */
export function DateTime({ value, className }: { value: Date | string | null | undefined; className?: string }) {
  const zone = useTimeZone();
  const text = formatDateTime(value, zone);
  if (text === "—") return <>{text}</>;
  const iso = (value instanceof Date ? value : new Date(value!)).toISOString();
  return (
    <time dateTime={iso} className={className}>
      {text}
    </time>
  );
}
