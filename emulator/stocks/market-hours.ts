/**
 * US equity market hours in America/New_York, computed from emulated time: regular session
 * 09:30-16:00, pre-market 04:00-09:30, after-hours 16:00-20:00, NYSE holidays closed and early
 * closes at 13:00 (after-hours then ends at 17:00). The US daylight-saving rule is applied directly
 * (second Sunday of March to first Sunday of November, at 02:00 local), so results do not depend
 * on the machine's time-zone data.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** NYSE full-day closures (local dates), 2025 to 2027. */
export const NYSE_HOLIDAYS: ReadonlySet<string> = new Set([
  "2025-01-01",
  "2025-01-09",
  "2025-01-20",
  "2025-02-17",
  "2025-04-18",
  "2025-05-26",
  "2025-06-19",
  "2025-07-04",
  "2025-09-01",
  "2025-11-27",
  "2025-12-25",
  "2026-01-01",
  "2026-01-19",
  "2026-02-16",
  "2026-04-03",
  "2026-05-25",
  "2026-06-19",
  "2026-07-03",
  "2026-09-07",
  "2026-11-26",
  "2026-12-25",
  "2027-01-01",
  "2027-01-18",
  "2027-02-15",
  "2027-03-26",
  "2027-05-31",
  "2027-06-18",
  "2027-07-05",
  "2027-09-06",
  "2027-11-25",
  "2027-12-24",
]);
/** Early closes at 13:00 local. */
export const NYSE_EARLY_CLOSES: ReadonlySet<string> = new Set(["2025-07-03", "2025-11-28", "2025-12-24", "2026-11-27", "2026-12-24", "2027-11-26"]);

/** n-th (1-based) Sunday of a month, as a UTC day number of that date. */
function nthSunday(year: number, month: number, n: number): number {
  const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  const day = 1 + ((7 - first) % 7) + (n - 1) * 7;
  return Date.UTC(year, month - 1, day);
}

/** UTC offset of New York at instant t: -4 h in daylight-saving time, else -5 h. */
export function nyOffsetMs(t: number): number {
  const year = new Date(t).getUTCFullYear();
  const dstStart = nthSunday(year, 3, 2) + 7 * HOUR; // 02:00 EST = 07:00 UTC
  const dstEnd = nthSunday(year, 11, 1) + 6 * HOUR; // 02:00 EDT = 06:00 UTC
  return t >= dstStart && t < dstEnd ? -4 * HOUR : -5 * HOUR;
}

/** The local calendar date in New York at instant t, as YYYY-MM-DD, and its weekday (0 = Sunday). */
export function nyDate(t: number): { date: string; weekday: number; dayStartLocalMs: number } {
  const local = t + nyOffsetMs(t);
  const d = new Date(local);
  const dayStartLocalMs = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  return { date: d.toISOString().slice(0, 10), weekday: d.getUTCDay(), dayStartLocalMs };
}

/** UTC instant of a New York wall-clock time on the local day starting at dayStartLocalMs. */
function nyInstant(dayStartLocalMs: number, minutes: number): number {
  const guess = dayStartLocalMs + minutes * 60_000 + 5 * HOUR;
  // Sessions are between 04:00 and 20:00, never inside the 02:00 switch, so one correction suffices.
  return dayStartLocalMs + minutes * 60_000 - nyOffsetMs(guess);
}

export interface Session {
  date: string;
  preOpen: number;
  open: number;
  close: number;
  afterClose: number;
}

/** The trading session of the New York local day starting at dayStartLocalMs, or null when closed. */
export function sessionOfLocalDay(dayStartLocalMs: number): Session | null {
  const d = new Date(dayStartLocalMs);
  const date = d.toISOString().slice(0, 10);
  const weekday = d.getUTCDay();
  if (weekday === 0 || weekday === 6 || NYSE_HOLIDAYS.has(date)) return null;
  const early = NYSE_EARLY_CLOSES.has(date);
  return {
    date,
    preOpen: nyInstant(dayStartLocalMs, 4 * 60),
    open: nyInstant(dayStartLocalMs, 9 * 60 + 30),
    close: nyInstant(dayStartLocalMs, early ? 13 * 60 : 16 * 60),
    afterClose: nyInstant(dayStartLocalMs, early ? 17 * 60 : 20 * 60),
  };
}

export type MarketPhase = "pre_market" | "open" | "after_hours" | "closed";

export interface MarketClock {
  phase: MarketPhase;
  next_open_at: number;
  next_close_at: number;
}

/** Sessions of the local day of t and the following days, in order. */
function* sessionsFrom(t: number, direction: 1 | -1 = 1): Generator<Session> {
  const { dayStartLocalMs } = nyDate(t);
  // Three weeks either way is far more than any run of closed days.
  for (let i = 0; i < 21; i++) {
    const s = sessionOfLocalDay(dayStartLocalMs + direction * i * DAY);
    if (s) yield s;
  }
}

export function marketClock(t: number): MarketClock {
  const today = sessionOfLocalDay(nyDate(t).dayStartLocalMs);
  let phase: MarketPhase = "closed";
  if (today) {
    if (t >= today.open && t < today.close) phase = "open";
    else if (t >= today.preOpen && t < today.open) phase = "pre_market";
    else if (t >= today.close && t < today.afterClose) phase = "after_hours";
  }
  let nextOpen: number | null = null;
  let nextClose: number | null = null;
  for (const s of sessionsFrom(t)) {
    if (nextOpen === null && s.open > t) nextOpen = s.open;
    if (nextClose === null && s.close > t) nextClose = s.close;
    if (nextOpen !== null && nextClose !== null) break;
  }
  if (nextOpen === null || nextClose === null) throw new Error("no trading session within three weeks");
  return { phase, next_open_at: nextOpen, next_close_at: nextClose };
}

/**
 * The latest instant at or before t when an asset was trading: t itself while it trades, else the
 * end of its last session (regular close, or after-hours close for off-hours eligible assets).
 * Prices hold still outside trading hours.
 */
export function lastTradingInstant(t: number, offHoursEligible: boolean): number {
  for (const s of sessionsFrom(t, -1)) {
    const start = offHoursEligible ? s.preOpen : s.open;
    const end = offHoursEligible ? s.afterClose : s.close;
    if (t >= start && t < end) return t;
    if (end <= t) return end;
  }
  throw new Error("no trading session within three weeks");
}
