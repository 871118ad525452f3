/**
 * What the transfer pages show, as plain JSON the server hands to client components and the GET
 * routes answer with, and the one way a recipient is named (form, list, detail, approver's summary).
 * Client-safe.
 */
import type { SyncedFreshness } from "@/lib/ledger/page-read";
import type { Recipient, Transfer } from "@/lib/upstream/schemas/core";

export interface Freshness {
  fetchedAt: string;
  stale: boolean;
  /** How fresh the local copy this was read from is (absent for reads that still ask the provider). */
  synced?: SyncedFreshness;
}

export interface TransferRow {
  transfer: Transfer;
  /** "Ada Obi, Access Bank ••••0031"; null when the provider did not say who it went to. */
  recipient: string | null;
}

export interface TransferListView extends Freshness {
  rows: TransferRow[];
  page: number;
  pages: number;
  total: number;
}

export interface TransferView extends Freshness, TransferRow {}

/** A saved recipient the form can pay, with what the quote needs. */
export interface RecipientOption {
  id: string;
  type: string;
  name: string;
  destination: string;
  currency: string;
  payoutScheme: string | null;
}

type RecipientLike = Pick<Recipient, "type"> &
  Partial<Pick<Recipient, "first_name" | "last_name" | "bank_account" | "crypto_address" | "us_bank_account" | "swift_bank_account">>;

const masked = (last4: string | null | undefined) => (last4 ? `••••${last4.slice(-4)}` : "");
const shortAddress = (a: string) => (a.length > 14 ? `${a.slice(0, 6)}…${a.slice(-4)}` : a);

/** Who receives the money: the person or business, or the asset and chain of a wallet. */
export function recipientName(r: RecipientLike): string {
  const person = [r.first_name, r.last_name].filter(Boolean).join(" ").trim();
  if (r.type === "BANK_ACCOUNT") return r.bank_account?.account_name || person || "Bank account";
  if (r.type === "US_BANK_ACCOUNT") return r.us_bank_account?.account_owner_name || person || "US bank account";
  if (r.type === "SWIFT_BANK_ACCOUNT") return r.swift_bank_account?.account_owner_name || r.swift_bank_account?.business_name || person || "SWIFT bank account";
  if (r.type === "CRYPTO_ADDRESS") return `${r.crypto_address?.asset ?? "Crypto"} wallet`;
  return person || r.type;
}

/** Where it lands, masked: "Access Bank ••••0031", "USDC on BASE 0x12ab…cdef". */
export function recipientDestination(r: RecipientLike): string {
  if (r.type === "BANK_ACCOUNT") {
    const b = r.bank_account;
    return [b?.bank_name ?? b?.bank_code, masked(b?.account_number_last4 ?? b?.account_number)].filter(Boolean).join(" ");
  }
  if (r.type === "US_BANK_ACCOUNT") {
    const u = r.us_bank_account;
    return [u?.bank_name, masked(u?.account_number_last4), u?.payout_scheme ? `(${String(u.payout_scheme).toUpperCase()})` : ""].filter(Boolean).join(" ");
  }
  if (r.type === "SWIFT_BANK_ACCOUNT") {
    const s = r.swift_bank_account;
    return [s?.bank_name ?? s?.bic, masked(s?.iban_last4)].filter(Boolean).join(" ");
  }
  if (r.type === "CRYPTO_ADDRESS") {
    const c = r.crypto_address;
    return [c?.chain ? `on ${c.chain}` : "", c?.address ? shortAddress(c.address) : ""].filter(Boolean).join(" ");
  }
  return "";
}

export function recipientLabel(r: RecipientLike): string {
  const where = recipientDestination(r);
  return where ? `${recipientName(r)}, ${where}` : recipientName(r);
}

/** The currency a transfer to this recipient is paid in (the provider refuses any other). */
export function payoutCurrency(r: RecipientLike): string {
  if (r.type === "BANK_ACCOUNT") return "NGN";
  if (r.type === "CRYPTO_ADDRESS") return r.crypto_address?.asset ?? "USDC";
  return "USD";
}

export const STATUS_LABEL: Record<string, string> = {
  PROCESSING: "Processing",
  COMPLETED: "Completed",
  FAILED: "Failed",
  REQUIRES_REVIEW: "Held for review",
  REVERSED: "Reversed",
};
export const statusLabel = (s: string) => STATUS_LABEL[s] ?? s;
