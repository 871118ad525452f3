/**
 * What the recipient pages show, as plain JSON the server hands to client components and the GET
 * route answers with, and the display helpers both use. Client-safe.
 */
import type { CustomerOption, Freshness } from "@/lib/funding-accounts/views";
import type { Recipient } from "@/lib/upstream/schemas/core";

export interface RecipientListView extends Freshness {
  rows: Recipient[];
  page: number;
  pages: number;
  total: number;
  /** With a search: false when only the newest recipients could be searched (see read.ts). */
  searchedAll: boolean;
}

export interface RecipientView extends Freshness {
  recipient: Recipient;
  customer: CustomerOption | null;
}

/** The name a person knows the recipient by, from whichever object its type fills. */
export function recipientName(r: Recipient): string {
  const person = [r.first_name, r.last_name].filter(Boolean).join(" ");
  const swift = r.swift_bank_account;
  const name = r.bank_account?.account_name || r.us_bank_account?.account_owner_name || swift?.business_name || swift?.account_owner_name || person;
  if (name) return name;
  const wallet = r.crypto_address;
  return wallet ? `${wallet.asset ?? ""} wallet on ${wallet.chain ?? "an unknown chain"}`.trim() : "Unnamed recipient";
}

/** Only the last four characters of a number are ever shown. */
export const masked = (last4: string | null | undefined): string => (last4 ? `••••${last4}` : "••••");

/** A shortened wallet address: enough to recognise it, never mistaken for the full one. */
export const shortAddress = (address: string): string => (address.length > 14 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address);

/** Where the money goes, in one line, with numbers masked. */
export function recipientSummary(r: Recipient): string {
  if (r.bank_account) return `${r.bank_account.bank_name ?? r.bank_account.bank_code ?? "Bank"} ${masked(r.bank_account.account_number_last4)}`;
  if (r.crypto_address) return `${r.crypto_address.asset ?? ""} on ${r.crypto_address.chain ?? "?"} ${shortAddress(r.crypto_address.address ?? "")}`.trim();
  if (r.us_bank_account)
    return `${r.us_bank_account.bank_name ?? "US bank"} ${masked(r.us_bank_account.account_number_last4)} (${(r.us_bank_account.payout_scheme ?? "").toUpperCase()})`;
  if (r.swift_bank_account) return `${r.swift_bank_account.bank_name ?? r.swift_bank_account.bic ?? "Bank"} IBAN ${masked(r.swift_bank_account.iban_last4)}`;
  return "—";
}

/**
 * The list's search: a name fragment (case-insensitive), or the last four digits of an account or
 * IBAN, or the end of a wallet address.
 */
export function matchesSearch(r: Recipient, q: string): boolean {
  const needle = q.trim().toLowerCase();
  if (needle === "") return true;
  const names = [r.first_name, r.last_name, recipientName(r), r.swift_bank_account?.account_owner_name, r.swift_bank_account?.business_name];
  if (names.some((n) => n?.toLowerCase().includes(needle))) return true;
  const ends = [r.bank_account?.account_number_last4, r.us_bank_account?.account_number_last4, r.swift_bank_account?.iban_last4, r.crypto_address?.address];
  return needle.length >= 4 && ends.some((e) => e?.toLowerCase().endsWith(needle));
}
