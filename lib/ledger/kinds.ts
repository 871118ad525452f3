import "server-only";
/**
 * The families of provider objects the local copy keeps, and how each is read: its list endpoint
 * (for sweeps and backfill), its single-object endpoint (for a webhook whose payload is partial)
 * and the columns read from the object when it is stored. A kind's name is the webhook resource
 * type where the provider sends events for it (lib/webhooks/names.ts), so an event and a swept
 * page land on the same row.
 */
import type { z } from "zod";
import type { Upstream, UpstreamResult } from "@/lib/upstream";
import * as core from "@/lib/upstream/schemas/core";

/** What the store reads from an object besides keeping it whole. */
export interface ObjectColumns {
  status?: string | null;
  amount?: string | null;
  currency?: string | null;
  createdAt?: string | null;
  updatedAt?: string | null;
  /** Values worth finding it by: ids, references, account numbers, names, emails, hashes. */
  search: readonly (string | null | undefined)[];
}

/** One page of a provider list, as every paged endpoint answers it. */
export interface ProviderPage<T> {
  data: T[];
  page?: number;
  total?: number;
  total_pages?: number;
}

export interface KindDef<T extends { id: string } = { id: string }> {
  kind: string;
  /** Singular, for people: "deposit", "merchant withdrawal". */
  label: string;
  /** The family whose status order breaks ties (lib/webhooks/names.ts), when it has one. */
  rankFamily?: string;
  item: z.ZodType<T>;
  list: (up: Upstream, page: number, limit: number) => Promise<UpstreamResult<ProviderPage<T>>>;
  get?: (up: Upstream, id: string) => Promise<UpstreamResult<T>>;
  columns: (o: T) => ObjectColumns;
}

function define<T extends { id: string }>(def: KindDef<T>): KindDef<T> {
  return def;
}

const name = (first?: string | null, last?: string | null) => [first, last].filter(Boolean).join(" ") || null;

export const KINDS = {
  deposit: define({
    kind: "deposit",
    label: "deposit",
    rankFamily: "deposit",
    item: core.deposit,
    list: (up, page, limit) => up.core.listDeposits({ page, limit }, { cache: false }),
    get: (up, id) => up.core.getDeposit(id, { cache: false }),
    columns: (d) => ({
      status: d.status,
      amount: d.amount,
      currency: d.currency,
      createdAt: d.created_at,
      updatedAt: d.updated_at,
      search: [d.id, d.funding_account_id, d.customer_id, d.onramp_id, d.offramp_id, d.tx_hash],
    }),
  }),
  funding_account: define({
    kind: "funding_account",
    label: "funding account",
    rankFamily: "funding_account",
    item: core.fundingAccount,
    list: (up, page, limit) => up.core.listFundingAccounts({ page, limit }, { cache: false }),
    get: (up, id) => up.core.getFundingAccount(id, { cache: false }),
    columns: (f) => ({
      status: f.status,
      amount: f.amount,
      currency: f.currency,
      createdAt: f.created_at,
      updatedAt: f.updated_at,
      search: [f.id, f.customer_id, ...f.instructions.flatMap((i) => [i.account_number, i.account_name, i.address])],
    }),
  }),
  transfer: define({
    kind: "transfer",
    label: "transfer",
    rankFamily: "transfer",
    item: core.transfer,
    list: (up, page, limit) => up.core.listTransfers({ page, limit }, { cache: false }),
    get: (up, id) => up.core.getTransfer(id, { cache: false }),
    columns: (t) => ({
      status: t.status,
      amount: t.amount,
      currency: t.currency,
      createdAt: t.created_at,
      updatedAt: t.updated_at ?? t.completed_at,
      search: [t.id, t.reference, t.recipient?.id, t.customer_id],
    }),
  }),
  recipient: define({
    kind: "recipient",
    label: "recipient",
    item: core.recipient,
    list: (up, page, limit) => up.core.listRecipients({ page, limit }, { cache: false }),
    get: (up, id) => up.core.getRecipient(id, { cache: false }),
    columns: (r) => ({
      createdAt: r.created_at,
      search: [
        r.id,
        r.customer_id,
        name(r.first_name, r.last_name),
        r.bank_account?.account_name,
        r.bank_account?.account_number ?? r.bank_account?.account_number_last4,
        r.crypto_address?.address,
        r.us_bank_account?.account_owner_name,
        r.swift_bank_account?.account_owner_name ?? r.swift_bank_account?.business_name,
      ],
    }),
  }),
  withdrawal: define({
    kind: "withdrawal",
    label: "merchant withdrawal",
    rankFamily: "withdrawal",
    item: core.withdrawal,
    list: (up, page, limit) => up.core.listMerchantWithdrawals({ page, limit }, { cache: false }),
    get: (up, id) => up.core.getMerchantWithdrawal(id, { cache: false }),
    columns: (w) => ({
      status: w.status,
      amount: w.amount_usd,
      currency: "USD",
      createdAt: w.created_at,
      updatedAt: w.updated_at ?? w.settled_at ?? w.submitted_at,
      search: [w.id, w.destination_address, w.tx_hash, w.provider_tx_id],
    }),
  }),
  balance_move: define({
    kind: "balance_move",
    label: "balance move",
    rankFamily: "balance_move",
    item: core.balanceTransfer,
    list: (up, page, limit) => up.core.listBalanceTransfers({ page, limit }, { cache: false }),
    columns: (m) => ({ status: m.status, amount: m.amount_usd, currency: "USD", createdAt: m.created_at, search: [m.id] }),
  }),
  payout: define({
    kind: "payout",
    label: "legacy payout",
    item: core.payout,
    list: (up, page, limit) => up.core.listPayouts({ page, limit }, { cache: false }),
    get: (up, id) => up.core.getPayout(id, { cache: false }),
    columns: (p) => ({
      status: p.status,
      amount: p.source_amount,
      currency: p.source_currency,
      createdAt: p.created_at,
      updatedAt: p.settled_at,
      search: [
        p.id,
        p.reference,
        p.recipient?.id,
        p.recipient?.bank_account?.account_number,
        p.recipient?.bank_account?.account_name,
        p.recipient?.crypto_address,
        p.tx_hash,
      ],
    }),
  }),
  onramp: define({
    kind: "onramp",
    label: "legacy onramp",
    item: core.onramp,
    list: (up, page, limit) => up.core.listOnramps({ page, limit }, { cache: false }),
    get: (up, id) => up.core.getOnramp(id, { cache: false }),
    columns: (o) => ({
      status: o.status,
      amount: o.amount,
      currency: o.currency,
      createdAt: o.created_at,
      updatedAt: o.updated_at,
      search: [o.id, o.customer_id, o.virtual_account?.account_number, o.virtual_account?.account_name, o.settlement?.address],
    }),
  }),
  offramp: define({
    kind: "offramp",
    label: "legacy offramp",
    item: core.offramp,
    list: (up, page, limit) => up.core.listOfframps({ page, limit }, { cache: false }),
    get: (up, id) => up.core.getOfframp(id, { cache: false }),
    columns: (o) => ({
      status: o.status,
      createdAt: o.created_at,
      updatedAt: o.updated_at,
      search: [o.id, o.customer_id, o.address, o.settlement?.destination_bank?.account_number, o.settlement?.destination_bank?.account_name],
    }),
  }),
};

export type Kind = keyof typeof KINDS;
export const KIND_NAMES = Object.keys(KINDS) as Kind[];

/** A kind with its object type erased, for code that handles every kind alike (store, sync). */
export type AnyKindDef = KindDef<{ id: string }>;

export function kindDef(kind: string): AnyKindDef | undefined {
  return (KINDS as unknown as Record<string, AnyKindDef>)[kind];
}
