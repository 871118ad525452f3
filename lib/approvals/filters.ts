/**
 * The approvals inbox: its statuses and their labels, and the history's filters as they live in the
 * URL (read by the page and the GET route with the loader, written by the inbox, serialized for its
 * refetch URL). Client-safe and free of the validation library.
 */
import { createLoader, createSerializer, type inferParserType, parseAsStringLiteral } from "nuqs/server";
import { pageParser } from "@/lib/http/list-params";

export const APPROVAL_STATUSES = ["pending", "approved", "sent", "failed", "rejected", "expired", "cancelled"] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

export const STATUS_LABEL: Record<ApprovalStatus, string> = {
  pending: "Waiting for approval",
  approved: "Approved, sending",
  sent: "Sent",
  failed: "Failed",
  rejected: "Rejected",
  expired: "Expired",
  cancelled: "Cancelled",
};

/** The two kinds of 24-hour limit: the organization's total, and each requester's own total. */
export const VELOCITY_SCOPE_LABEL = { organization: "Whole organization", requester: "Each requester" } as const;

/** What waits, by kind: money movements, changes to the controls, and deposit review decisions. */
export const INBOX_KINDS = ["money", "control", "review"] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

export const KIND_LABEL: Record<InboxKind, string> = {
  money: "Money movements",
  control: "Control changes",
  review: "Deposit review decisions",
};

/** `kind` narrows what waits (the open lists); `status` and `page` are the history's. */
export const inboxFilters = { kind: parseAsStringLiteral(INBOX_KINDS), status: parseAsStringLiteral(APPROVAL_STATUSES), page: pageParser };
export const loadInboxFilters = createLoader(inboxFilters);
export const serializeInboxFilters = createSerializer(inboxFilters);
export type InboxFilters = inferParserType<typeof inboxFilters>;
