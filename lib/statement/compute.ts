/**
 * The statement's arithmetic, on sums the database worked out per day bucket, currency and line
 * (./read.ts). Pure and client-safe, so it is tested without a database.
 *
 * The provider keeps no balance history: it answers only today's balance. So a day's closing
 * balance is worked forward from the copy (everything before the range, then each day's lines), and
 * the provider's side is worked back from today's balance through the copy's later objects: for
 * today it is the live figure itself, for a past day it is the next day's opening as the provider's
 * balance implies it. A difference between the two is what the copy lacks or has too much of.
 */
import { addDecimals, compareDecimals, plainDecimal, subtractDecimals } from "@/lib/money";

/** The lines between the opening and the closing balance, in the order the statement shows them. */
export const MOVEMENT_LINES = ["deposits", "transfers", "withdrawals", "balance_withdrawals", "moves_in", "moves_out", "fees"] as const;
export type MovementLine = (typeof MOVEMENT_LINES)[number];

export const LINE_LABEL: Record<MovementLine, string> = {
  deposits: "Deposits completed",
  transfers: "Transfers",
  withdrawals: "Merchant withdrawals",
  balance_withdrawals: "Withdrawals from balance",
  moves_in: "Balance moves in",
  moves_out: "Balance moves out",
  fees: "Fees",
};

/** One sum from the database: bucket 0 is before the range, 1..n its days, n + 1 after it. */
export interface BucketSum {
  bucket: number;
  currency: string;
  line: MovementLine;
  /** Signed decimal string: credits positive, debits negative. */
  amount: string;
  count: number;
}

export interface StatementDay {
  day: string;
  currency: string;
  opening: string;
  lines: Record<MovementLine, string>;
  /** How many objects each line sums. */
  counts: Record<MovementLine, number>;
  closing: string;
  /** The provider's balance for the day's end, or null when it could not be read. */
  reported: string | null;
  /** "live" for today's figure as read, "next_opening" for a past day's worked-back figure. */
  reportedFrom: "live" | "next_opening" | null;
  /** closing - reported; null without a reported figure. */
  difference: string | null;
}

/** Currencies in the order finance reads them: the dollar, the naira, then any other by code. */
export function orderCurrencies(codes: Iterable<string>): string[] {
  const rank = (c: string) => (c === "USD" ? 0 : c === "NGN" ? 1 : 2);
  return [...new Set(codes)].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

const zeroLines = <T>(v: T) => Object.fromEntries(MOVEMENT_LINES.map((l) => [l, v])) as Record<MovementLine, T>;

/**
 * Every day of the range per currency. `live` is the provider's balance per currency as read now
 * (null when the read failed); `todayIndex` the position of today in `days` (-1 when the range ends
 * before today: then every day is compared with its worked-back next opening).
 */
export function buildStatement(input: {
  days: readonly string[];
  sums: readonly BucketSum[];
  live: Readonly<Record<string, string>> | null;
  todayIndex: number;
}): StatementDay[] {
  const { days, sums, live, todayIndex } = input;
  const n = days.length;
  const currencies = orderCurrencies([...sums.map((s) => s.currency), ...Object.keys(live ?? {})]);
  const out: StatementDay[] = [];
  for (const currency of currencies) {
    const mine = sums.filter((s) => s.currency === currency);
    const inBucket = (k: number) => mine.filter((s) => s.bucket === k);
    const total = (rows: readonly BucketSum[]) => rows.reduce((acc, s) => addDecimals(acc, s.amount), "0");
    let opening = total(inBucket(0));
    // Everything after day k, summed once from the end: the provider's balance less these is its balance at day k's end.
    // Day k is bucket k + 1, so what follows it is buckets k + 2 to n + 1.
    const after: string[] = new Array(n).fill("0");
    if (n > 0) after[n - 1] = total(inBucket(n + 1));
    for (let k = n - 2; k >= 0; k--) after[k] = addDecimals(after[k + 1]!, total(inBucket(k + 2)));
    for (let k = 0; k < n; k++) {
      const lines = zeroLines("0");
      const counts = zeroLines(0);
      for (const s of inBucket(k + 1)) {
        lines[s.line] = addDecimals(lines[s.line], s.amount);
        counts[s.line] += s.count;
      }
      const closing = MOVEMENT_LINES.reduce((acc, l) => addDecimals(acc, lines[l]), opening);
      const liveHere = live?.[currency] ?? (live ? "0" : null);
      const reported = liveHere === null ? null : subtractDecimals(liveHere, after[k]!);
      out.push({
        day: days[k]!,
        currency,
        opening: plainDecimal(opening),
        lines: Object.fromEntries(MOVEMENT_LINES.map((l) => [l, plainDecimal(lines[l])])) as Record<MovementLine, string>,
        counts,
        closing: plainDecimal(closing),
        reported: reported === null ? null : plainDecimal(reported),
        reportedFrom: reported === null ? null : k === todayIndex ? "live" : "next_opening",
        difference: reported === null ? null : plainDecimal(subtractDecimals(closing, reported)),
      });
      opening = closing;
    }
  }
  return out;
}

/** Whether a day's figures disagree with the provider's. */
export function isFlagged(d: Pick<StatementDay, "difference">): boolean {
  return d.difference !== null && compareDecimals(d.difference, "0") !== 0;
}

/** The provider's balance answer as one figure per currency: the dollar balances together, the naira one alone. */
export function liveByCurrency(b: { collectionUsd: string; withdrawalUsd: string; withdrawalNgn: string | null }): Record<string, string> {
  return {
    USD: plainDecimal(addDecimals(b.collectionUsd, b.withdrawalUsd)),
    ...(b.withdrawalNgn !== null ? { NGN: plainDecimal(b.withdrawalNgn) } : {}),
  };
}
