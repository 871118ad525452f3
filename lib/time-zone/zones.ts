/**
 * Time zones a person can choose, and the check of a zone that came from outside (the setting's
 * form, the browser's cookie). Client-safe: the settings form and the cookie writer use it too.
 */

/** The cookie in which the browser reports its own zone, for people who follow the browser. */
export const BROWSER_ZONE_COOKIE = "time-zone";

/** Shown, and used, when nothing better is known (a first visit before the browser reported its zone). */
export const FALLBACK_ZONE = "UTC";

/**
 * The IANA zones this runtime knows, UTC first. The server renders the list and checks a choice
 * against its own, so a zone the server could not format is never stored.
 */
export function timeZoneList(): string[] {
  const zones = Intl.supportedValuesOf("timeZone").filter((z) => z !== FALLBACK_ZONE);
  return [FALLBACK_ZONE, ...zones];
}

let known: Set<string> | undefined;
/** Whether `zone` is one of `timeZoneList()` exactly (the setting's rule). */
export function isListedTimeZone(zone: string): boolean {
  known ??= new Set(timeZoneList());
  return known.has(zone);
}

/**
 * The runtime's own name for a zone it can format (an alias such as "Asia/Kolkata" becomes the
 * name the runtime uses), or null for anything else: a cookie is text anyone can write, and an
 * unknown zone would make every formatter throw.
 */
export function canonicalTimeZone(zone: string | null | undefined): string | null {
  if (!zone || zone.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(zone)) return null;
  try {
    return new Intl.DateTimeFormat("en-GB", { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}
