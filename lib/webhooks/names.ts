/**
 * Event names: older core names map to the current ones (the spec's table), so filters, timelines
 * and deduplication see one name per change. Names not in the table are kept exactly as received.
 */
export const OLDER_TO_CURRENT: Readonly<Record<string, string>> = {
  "deposit.settled": "deposit.completed",
  "deposit.flagged": "deposit.requires_review",
  "transfer.flagged": "transfer.requires_review",
  "transfer.settled": "transfer.completed",
  "withdrawal.settled": "withdrawal.completed",
  "virtual_account.created": "funding_account.active",
  "onramp.created": "funding_account.active",
  "onramp.failed": "funding_account.failed",
};

export function currentName(received: string): string {
  return OLDER_TO_CURRENT[received] ?? received;
}

/** Resource types the app knows; an unknown event family is stored under its name's first segment. */
export const RESOURCE_TYPES = ["deposit", "funding_account", "transfer", "withdrawal", "pro_order", "pro_deposit", "pro_webhook", "balance_move"] as const;
export type KnownResourceType = (typeof RESOURCE_TYPES)[number];

export const RESOURCE_LABELS: Readonly<Record<string, string>> = {
  deposit: "Deposit",
  funding_account: "Funding account",
  transfer: "Transfer",
  withdrawal: "Withdrawal",
  pro_order: "Pro order",
  pro_deposit: "Pro deposit",
  pro_webhook: "Pro webhook",
  balance_move: "Balance move",
};

/**
 * Status order per resource family, used only to break a tie when two events carry the same
 * timestamp (the sandbox emits `deposit.received` and `deposit.completed` in the same instant).
 * Terminal statuses share the highest rank: between two of them the first stored one stays.
 */
const RANKS: Readonly<Record<string, readonly (readonly string[])[]>> = {
  deposit: [["PENDING"], ["RECEIVED"], ["PROCESSING"], ["REQUIRES_REVIEW", "FLAGGED"], ["COMPLETED", "FAILED", "REVERSED"]],
  transfer: [["CREATED", "PENDING"], ["PROCESSING"], ["SUBMITTED"], ["REQUIRES_REVIEW", "FLAGGED"], ["COMPLETED", "FAILED", "REVERSED"]],
  withdrawal: [["PENDING"], ["SUBMITTED"], ["SETTLED", "COMPLETED", "FAILED"]],
  funding_account: [["PENDING"], ["ACTIVE", "FAILED"], ["DISABLED", "EXPIRED"]],
  pro_order: [["pending_settlement"], ["new"], ["open"], ["partially_filled"], ["filled", "cancelled", "rejected", "failed"]],
  pro_deposit: [["pending"], ["processing"], ["completed", "failed"]],
  balance_move: [["PENDING"], ["COMPLETED", "FAILED"]],
};

/** [status, rank] pairs of one family, for comparing stored states in SQL. */
export function statusRankTable(resourceType: string | null): [string, number][] {
  const groups = resourceType ? RANKS[resourceType] : undefined;
  return groups ? groups.flatMap((g, i) => g.map((s): [string, number] => [s, i + 1])) : [];
}

/** 0 for an unknown status or family: any known status wins a tie against it. */
export function statusRank(resourceType: string, status: string | null): number {
  if (!status) return 0;
  const groups = RANKS[resourceType];
  if (!groups) return 0;
  const i = groups.findIndex((g) => g.includes(status));
  return i < 0 ? 0 : i + 1;
}
