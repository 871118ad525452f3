/**
 * Date filters pick whole days in the viewer's zone: "from 26 Nov" is 00:00 of 26 Nov in that zone,
 * "to 26 Nov" runs to the start of 27 Nov there. These turn such days into UTC instants for the
 * provider's query or the database. Client-safe, no dependencies.
 */

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** Milliseconds to add to a UTC instant to read the zone's wall clock at that instant. */
function offsetAt(zone: string, t: number): number {
  let f = offsetFormats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-GB", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    offsetFormats.set(zone, f);
  }
  const p = Object.fromEntries(f.formatToParts(new Date(t)).map((x) => [x.type, Number(x.value)]));
  const wall = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return wall - Math.floor(t / 1000) * 1000;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const HOUR = 3_600_000;

/** The wall-clock midnight of a YYYY-MM-DD day, as if it were UTC. */
function midnightAsUtc(day: string): number {
  const m = DAY.exec(day);
  if (!m) throw new RangeError(`Not a day: ${day}`);
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
}

/**
 * The first instant of `day` (YYYY-MM-DD) in `zone`. Usually 00:00 there; where the clocks jump
 * over midnight (Santiago in September), the day starts at 01:00, the first time it shows.
 */
export function startOfDayIn(day: string, zone: string): Date {
  const wall = midnightAsUtc(day);
  // At most two offsets apply within a day and a half around any midnight; try each.
  const offsets = new Set([offsetAt(zone, wall - 36 * HOUR), offsetAt(zone, wall), offsetAt(zone, wall + 36 * HOUR)]);
  let best: number | null = null;
  for (const o of offsets) {
    const t = wall - o;
    if (t + offsetAt(zone, t) >= wall && (best === null || t < best)) best = t;
  }
  return new Date(best ?? wall);
}

/** The date (YYYY-MM-DD) it is in `zone` at `now`: "today" for a person there. */
export function todayIn(zone: string, now: Date = new Date()): string {
  // The zone's wall clock, read as if it were UTC, has the zone's date.
  return new Date(now.getTime() + offsetAt(zone, now.getTime())).toISOString().slice(0, 10);
}

/** The day after a YYYY-MM-DD day. */
export function nextDay(day: string): string {
  return new Date(midnightAsUtc(day) + 24 * HOUR).toISOString().slice(0, 10);
}

/** The instant `day` ends in `zone`: the next day's first instant, excluded. */
export function endOfDayIn(day: string, zone: string): Date {
  return startOfDayIn(nextDay(day), zone);
}

/** A from/to pair of days as a half-open range of instants [gte, lt), for the database. */
export function dayRangeIn(from: string | null | undefined, to: string | null | undefined, zone: string): { gte?: Date; lt?: Date } {
  return { ...(from ? { gte: startOfDayIn(from, zone) } : {}), ...(to ? { lt: endOfDayIn(to, zone) } : {}) };
}

/**
 * The same pair as ISO 8601 UTC times for a query whose `to` includes its instant (the provider's
 * deposit list): `to` is the last millisecond of the day in the zone.
 */
export function dayBoundsIso(from: string | null | undefined, to: string | null | undefined, zone: string): { from?: string; to?: string } {
  return {
    ...(from ? { from: startOfDayIn(from, zone).toISOString() } : {}),
    ...(to ? { to: new Date(endOfDayIn(to, zone).getTime() - 1).toISOString() } : {}),
  };
}
