/**
 * The one formatter of times: day, month, year and time as a finance team reads them (en-GB), in
 * the viewer's time zone and always labelled with it ("26 Nov 2026, 14:05 GMT+1"), so a time read
 * aloud or pasted into a ticket is never ambiguous. Pages take the zone from `useTimeZone()`
 * (components/ui/date-time.tsx) or render `<DateTime>`; the server passes the same zone, so the
 * server's render and hydration agree.
 */

// Building an Intl formatter costs far more than using one; a list formats hundreds of times.
const cache = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: string, kind: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${kind}|${zone}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat("en-GB", { ...options, timeZone: zone });
    cache.set(key, f);
  }
  return f;
}

const DATE_TIME: Intl.DateTimeFormatOptions = {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZoneName: "short",
};

const toDate = (value: Date | string | number) => (value instanceof Date ? value : new Date(value));

/** "26 Nov 2026, 14:05 GMT+1"; "—" for no time or one that is not a time. */
export function formatDateTime(value: Date | string | null | undefined, zone: string): string {
  if (value === null || value === undefined || value === "") return "—";
  const d = toDate(value);
  return Number.isNaN(d.getTime()) ? "—" : formatter(zone, "date-time", DATE_TIME).format(d);
}

/** The zone's label at that instant ("GMT+1", "GMT-4" in summer and "GMT-5" in winter for New York, "UTC"). */
export function formatZoneLabel(zone: string, at: Date | string | number = Date.now()): string {
  const d = toDate(at);
  const parts = formatter(zone, "zone", { timeZoneName: "short" }).formatToParts(Number.isNaN(d.getTime()) ? new Date() : d);
  return parts.find((p) => p.type === "timeZoneName")?.value ?? zone;
}

/** A chart's axis tick: "26 Nov", or "26 Nov, 14:05" when the range is short enough to need the hour. */
export function formatAxisTick(value: Date | string | number, zone: string, withTime: boolean): string {
  const d = toDate(value);
  if (Number.isNaN(d.getTime())) return "";
  return withTime
    ? formatter(zone, "tick-time", { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(d)
    : formatter(zone, "tick-day", { day: "numeric", month: "short" }).format(d);
}

const relative = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["second", 60],
  ["minute", 60],
  ["hour", 24],
  ["day", 30],
  ["month", 12],
  ["year", Infinity],
];

/** "2 minutes ago", "in 3 hours": the same in every zone; its tooltip is `formatDateTime`. */
export function formatRelative(value: Date | string, now: Date = new Date()): string {
  let delta = (new Date(value).getTime() - now.getTime()) / 1000;
  for (const [unit, size] of STEPS) {
    if (Math.abs(delta) < size) return relative.format(Math.round(delta), unit);
    delta /= size;
  }
  return relative.format(Math.round(delta), "year");
}
