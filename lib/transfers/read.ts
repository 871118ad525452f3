/**
 * Reads for the transfer pages and their GET routes, from the local copy of the signed-in user's
 * organization and environment (never the other environment's data).
 */
import "server-only";
import { listFromCopy, objectFromCopy } from "@/lib/ledger/page-read";
import type { CurrentUser } from "@/lib/auth/session";
import { type Recipient, recipient as recipientSchema, type Transfer } from "@/lib/upstream/schemas/core";
import { PAGE_SIZE, type TransferFilters } from "./filters";
import {
  payoutCurrency,
  recipientDestination,
  recipientLabel,
  recipientName,
  type RecipientOption,
  type TransferListView,
  type TransferRow,
  type TransferView,
} from "./views";

/** The transfer's embedded recipient (id, type and its masked details), named; null if the provider sent too little. */
function rowOf(transfer: Transfer): TransferRow {
  const r = recipientSchema.safeParse(transfer.recipient ?? null);
  return { transfer, recipient: r.success ? recipientLabel(r.data) : null };
}

/** From the local copy: a transfer sent here is in it as soon as the provider answered the write. */
export async function readTransfers(user: CurrentUser, f: TransferFilters): Promise<TransferListView> {
  const r = await listFromCopy<Transfer>(user, "transfer", { status: f.status ?? undefined, page: f.page, limit: PAGE_SIZE });
  return { ...r, rows: r.rows.map(rowOf) };
}

export async function readTransfer(user: CurrentUser, id: string): Promise<TransferView> {
  const r = await objectFromCopy<Transfer>(user, "transfer", id);
  return { ...rowOf(r.data), fetchedAt: r.synced.syncedAt ?? new Date().toISOString(), stale: false, synced: r.synced };
}

/** Saved recipients the form can pay: the first 100 (the provider's largest page), newest first. */
export async function readRecipientOptions(user: CurrentUser): Promise<RecipientOption[]> {
  const r = await listFromCopy<Recipient>(user, "recipient", { limit: 100 });
  return r.rows.map((x) => ({
    id: x.id,
    type: x.type,
    name: recipientName(x),
    destination: recipientDestination(x),
    currency: payoutCurrency(x),
    payoutScheme: x.us_bank_account?.payout_scheme ?? null,
  }));
}
