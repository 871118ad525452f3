/**
 * Reads for the withdrawal pages and their GET routes, from the local copy of the signed-in user's
 * organization and environment: a page view costs no provider call, a withdrawal made here is in
 * the copy once the provider answered, and a change the provider reports reaches it by webhook or
 * sweep (the live stream then refreshes the page).
 */
import "server-only";
import type { CurrentUser } from "@/lib/auth/session";
import { listFromCopy, objectFromCopy } from "@/lib/ledger/page-read";
import type { MerchantWithdrawal as Withdrawal } from "@/lib/upstream/schemas/core";
import { PAGE_SIZE, type WithdrawalFilters } from "./filters";
import type { WithdrawalListView, WithdrawalView } from "./views";

export async function readWithdrawals(user: CurrentUser, f: WithdrawalFilters): Promise<WithdrawalListView> {
  return listFromCopy<Withdrawal>(user, "withdrawal", { status: f.status ?? undefined, page: f.page, limit: PAGE_SIZE });
}

export async function readWithdrawal(user: CurrentUser, id: string): Promise<WithdrawalView> {
  const r = await objectFromCopy<Withdrawal>(user, "withdrawal", id);
  return { withdrawal: r.data, fetchedAt: r.synced.syncedAt ?? new Date().toISOString(), stale: false, synced: r.synced };
}
