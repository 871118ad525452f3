/**
 * The statement's days: a range of calendar days in the viewer's zone and the instants where each
 * begins, which the database buckets objects by. Client-safe, no dependencies beyond lib/time-zone.
 */
import { nextDay, startOfDayIn, todayIn } from "@/lib/time-zone/days";

/** The longest range one statement covers: a quarter, so the page and the CSV stay readable. */
export const MAX_DAYS = 92;
/** Without a range in the URL: the last seven days, today included. */
export const DEFAULT_DAYS = 7;

/** Every day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to && out.length <= MAX_DAYS; d = nextDay(d)) out.push(d);
  return out;
}

/**
 * The first instant of each day and of the day after the last: n days give n + 1 bounds, so an
 * instant before the first bound is before the range (the opening balance), one at or after the
 * last is after it, and otherwise it falls in day k where bounds[k - 1] <= t < bounds[k].
 */
export function dayBounds(days: readonly string[], zone: string): Date[] {
  if (days.length === 0) return [];
  return [...days.map((d) => startOfDayIn(d, zone)), startOfDayIn(nextDay(days[days.length - 1]!), zone)];
}

/** The bucket of an instant as PostgreSQL's width_bucket numbers it against `dayBounds`: 0 before, n + 1 after. */
export function bucketOf(t: Date, bounds: readonly Date[]): number {
  let k = 0;
  while (k < bounds.length && bounds[k]!.getTime() <= t.getTime()) k++;
  return k;
}

function addDays(day: string, n: number): string {
  const t = Date.parse(`${day}T00:00:00Z`) + n * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

export interface StatementRange {
  from: string;
  to: string;
  days: string[];
  today: string;
  /** A sentence when the asked range was changed (reversed, too long, in the future), else null. */
  adjusted: string | null;
}

/**
 * The range to show from what the URL asked: missing ends default to the last week, a range ending
 * after today stops today (the provider's balance is not known ahead), a reversed one is swapped and
 * one longer than MAX_DAYS keeps its last MAX_DAYS days.
 */
export function statementRange(asked: { from?: string | null; to?: string | null }, zone: string, now: Date = new Date()): StatementRange {
  const today = todayIn(zone, now);
  let to = asked.to ?? today;
  let from = asked.from ?? addDays(to, -(DEFAULT_DAYS - 1));
  const notes: string[] = [];
  if (from > to) {
    [from, to] = [to, from];
    notes.push("the dates were swapped");
  }
  if (to > today) {
    to = today;
    notes.push("it ends today");
    if (from > to) from = to;
  }
  if (daysBetween(from, to).length > MAX_DAYS) {
    from = addDays(to, -(MAX_DAYS - 1));
    notes.push(`it is cut to the last ${MAX_DAYS} days`);
  }
  return { from, to, days: daysBetween(from, to), today, adjusted: notes.length ? `The range was adjusted: ${notes.join(", ")}.` : null };
}
