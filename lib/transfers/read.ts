/**
 * Reads for the transfer pages and their GET routes, through the upstream client bound to the
 * signed-in user's organization and environment (never the other environment's data).
 */
import "server-only";
import { listPageOf } from "@/lib/upstream/list-page";
import type { CurrentUser } from "@/lib/auth/session";
import { ALWAYS_ASK, upstreamFor, type Upstream } from "@/lib/upstream";
import { recipient as recipientSchema, type Transfer } from "@/lib/upstream/schemas/core";
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

const upstreamOf = (user: CurrentUser): Upstream => upstreamFor({ organizationId: user.organizationId, environment: user.environment });

/** The transfer's embedded recipient (id, type and its masked details), named; null if the provider sent too little. */
function rowOf(transfer: Transfer): TransferRow {
  const r = recipientSchema.safeParse(transfer.recipient ?? null);
  return { transfer, recipient: r.success ? recipientLabel(r.data) : null };
}

export async function readTransfers(user: CurrentUser, f: TransferFilters): Promise<TransferListView> {
  // Always asked (ALWAYS_ASK): the list is refetched when a transfer webhook arrives, and must show that change.
  const r = await upstreamOf(user).core.listTransfers({ status: f.status ?? undefined, page: f.page, limit: PAGE_SIZE }, { cache: ALWAYS_ASK });
  return { rows: r.data.data.map(rowOf), ...listPageOf(r, f.page, PAGE_SIZE) };
}

export async function readTransfer(user: CurrentUser, id: string): Promise<TransferView> {
  // Refetched because a webhook said it changed: a cached answer could predate that change.
  const r = await upstreamOf(user).core.getTransfer(id, { cache: ALWAYS_ASK });
  return { ...rowOf(r.data), fetchedAt: r.fetchedAt.toISOString(), stale: r.stale };
}

/** Saved recipients the form can pay: the first 100 (the provider's largest page), newest first. */
export async function readRecipientOptions(user: CurrentUser): Promise<RecipientOption[]> {
  const r = await upstreamOf(user).core.listRecipients({ limit: 100 }, { cache: { ttlMs: 30_000 } });
  return r.data.data.map((x) => ({
    id: x.id,
    type: x.type,
    name: recipientName(x),
    destination: recipientDestination(x),
    currency: payoutCurrency(x),
    payoutScheme: x.us_bank_account?.payout_scheme ?? null,
  }));
}
