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

export const inboxFilters = { status: parseAsStringLiteral(APPROVAL_STATUSES), page: pageParser };
export const loadInboxFilters = createLoader(inboxFilters);
export const serializeInboxFilters = createSerializer(inboxFilters);
export type InboxFilters = inferParserType<typeof inboxFilters>;
