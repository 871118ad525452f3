/**
 * Older history for one merchant, added through the control API (POST /__emulator/merchants/{id}/history):
 * a merchant that has been live for years holds thousands of deposits, and the provider's own
 * simulator makes one per call under the 100-a-minute limit, so the backfill benchmark could not
 * build such a history in a reasonable time. The deposits are settled, dated before the oldest one
 * the merchant holds (so they are history, reached only by paging back), one minute apart.
 */
import { randomUUID } from "node:crypto";
import { fixed } from "../lib/money";
import { computeSettlement, depositRecord, DELAYS } from "./engine";
import type { CoreSlice } from "./types";

export const MAX_HISTORY_DEPOSITS = 100_000;
const MINUTE = 60_000;

/** Appends `count` completed NGN deposits older than any the merchant has; returns how many it holds now. */
export function addDepositHistory(s: CoreSlice, count: number, nowMs: number): { added: number; total: number } | { error: string } {
  const fa = s.fundingAccounts.find((f) => f.status === "ACTIVE" && f.rail === "NGN_VIRTUAL_ACCOUNT" && !f.merchant_owned);
  if (!fa) return { error: "The merchant has no active NGN funding account to date deposits on." };
  const oldest = Math.min(nowMs, ...s.deposits.map((d) => Date.parse(d.created_at)));
  // One settlement for the lot: each deposit's own historic rate would add a rate record per hour.
  const st = computeSettlement(s, fa, "50000.00", nowMs);
  for (let i = 1; i <= count; i++) {
    const at = oldest - i * MINUTE;
    const amount = fixed(String(10_000 + ((i * 7_919) % 990_000)), 2);
    s.deposits.push(
      depositRecord(fa, amount, st, {
        id: randomUUID(),
        status: "COMPLETED",
        settlement_status: "COMPLETED",
        tx_hash: null,
        created_at: new Date(at).toISOString(),
        updated_at: new Date(at + DELAYS.depositOutcome).toISOString(),
      }),
    );
  }
  fa.deposit_count += count;
  return { added: count, total: s.deposits.length };
}
