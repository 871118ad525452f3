/**
 * What the legacy pages show, mapped from the provider's records into display values. Client-safe.
 * Values the provider adds later (a new type, status or mode) are shown raw, never dropped.
 */
import type { SyncedFreshness } from "@/lib/ledger/page-read";
import type { z } from "zod";
import { settlementLabel, typeLabel } from "@/lib/funding-accounts/labels";
import { formatMoney } from "@/lib/money";
import type { Deposit, FundingAccount, Payout, offramp, onramp } from "@/lib/upstream/schemas/core";
import { LEGACY_STATUSES, PAYOUT_STATUSES } from "@/lib/upstream/schemas/core";
import { PAYOUT_TYPES, type IgnoredParam, type LegacyKind } from "./filters";

export type Onramp = z.output<typeof onramp>;
export type Offramp = z.output<typeof offramp>;
export type Ramp = Onramp | Offramp;
export type RampKind = Exclude<LegacyKind, "payouts">;
export type RampOf<K extends RampKind> = K extends "onramps" ? Onramp : Offramp;

export interface Freshness {
  fetchedAt: string;
  stale: boolean;
  /** How fresh the local copy this was read from is (absent for reads that still ask the provider). */
  synced?: SyncedFreshness;
}

export interface LegacyListView<T> extends Freshness {
  rows: T[];
  page: number;
  pages: number;
  total: number;
  /** Customer id -> display name, for the rows on this page (ids still show without it). */
  customerNames: Record<string, string>;
  ignored: IgnoredParam[];
}

export interface RampDetailView<T extends Ramp> extends Freshness {
  ramp: T;
  customer: { id: string; name: string } | null;
  /** The customer's funding accounts on the rail that replaces this route; null when they could not be read. */
  replacements: FundingAccount[] | null;
  /** Deposits that came in through this onramp or offramp; null when they could not be read. */
  deposits: Deposit[] | null;
}

export const PAYOUT_TYPE_LABEL: Record<string, string> = { NGN_PAYOUT: "NGN payout", CRYPTO_PAYOUT: "Crypto payout" };
export const payoutTypeLabel = (t: string) => PAYOUT_TYPE_LABEL[t] ?? t;

export const KIND_NOUN: Record<LegacyKind, [string, string]> = {
  payouts: ["payout", "payouts"],
  onramps: ["onramp", "onramps"],
  offramps: ["offramp", "offramps"],
};

/** The funding-account rail that took over each route: onramps took NGN in, offramps crypto. */
export const REPLACEMENT_RAIL: Record<RampKind, "NGN_VIRTUAL_ACCOUNT" | "CRYPTO_ADDRESS"> = {
  onramps: "NGN_VIRTUAL_ACCOUNT",
  offramps: "CRYPTO_ADDRESS",
};

/** The funding-account list filtered to the customer (and rail) an onramp or offramp served. */
export function replacementHref(kind: RampKind, customerId: string): string {
  return `/funding-accounts?${new URLSearchParams({ rail: REPLACEMENT_RAIL[kind], customer: customerId.toLowerCase() })}`;
}

/** "Access Bank 0690000031" style: the parts that exist, in reading order. */
const joined = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(" ") || "—";

export function shortAddress(address: string | null | undefined): string {
  if (!address) return "—";
  return address.length > 16 ? `${address.slice(0, 8)}…${address.slice(-4)}` : address;
}

const money = (amount: string | null | undefined, currency: string | null | undefined) =>
  amount && currency ? formatMoney(amount, currency) : (amount ?? "—");

export interface PayoutRow {
  id: string;
  reference: string;
  type: string;
  status: string;
  sent: string;
  received: string;
  fee: string;
  recipient: string;
  createdAt: string | null;
  settledAt: string | null;
}

/** Who a payout went to, in one line: the bank account or the wallet address. */
export function payoutRecipient(p: Payout): string {
  const r = p.recipient;
  if (!r) return "—";
  if (r.bank_account)
    return joined(
      r.bank_account.bank_name ?? r.bank_account.bank_code,
      r.bank_account.account_number,
      r.bank_account.account_name ? `(${r.bank_account.account_name})` : null,
    );
  if (r.crypto_address) return shortAddress(r.crypto_address);
  return r.type ?? "—";
}

export function payoutRow(p: Payout): PayoutRow {
  return {
    id: p.id,
    reference: p.reference ?? "—",
    type: payoutTypeLabel(p.type),
    status: p.status,
    sent: money(p.source_amount, p.source_currency),
    received: money(p.destination_amount, p.destination_currency),
    // The provider's fee is taken from what was sent, so it is in the source currency.
    fee: money(p.fee, p.source_currency),
    recipient: payoutRecipient(p),
    createdAt: p.created_at ?? null,
    settledAt: p.settled_at ?? null,
  };
}

export interface RampRow {
  id: string;
  customerId: string | null;
  customer: string;
  type: string;
  status: string;
  /** Where the customer paid: the virtual bank account (onramps) or the deposit address (offramps). */
  paysInto: string;
  /** What it expected: a fixed NGN amount, any amount, or the stablecoin on its chain. */
  expects: string;
  settlesTo: string;
  createdAt: string | null;
}

function rampBase(r: Ramp, names: Record<string, string>) {
  const id = r.customer_id ?? null;
  return {
    id: r.id,
    customerId: id,
    customer: id ? (names[id] ?? id) : "—",
    type: typeLabel(r.type),
    status: r.status,
    settlesTo: r.settlement?.mode ? settlementLabel(r.settlement.mode) : "—",
    createdAt: r.created_at ?? null,
  };
}

export function onrampRow(r: Onramp, names: Record<string, string>): RampRow {
  const va = r.virtual_account;
  return {
    ...rampBase(r, names),
    paysInto: va ? joined(va.bank_name ?? va.bank_code, va.account_number) : "—",
    expects: r.amount ? money(r.amount, r.currency ?? "NGN") : "Any amount",
  };
}

export function offrampRow(r: Offramp, names: Record<string, string>): RampRow {
  return { ...rampBase(r, names), paysInto: shortAddress(r.address), expects: joined(r.asset, r.chain ? `on ${r.chain}` : null) };
}

/** One select of a list's toolbar: the URL parameter, its label and the values it offers. */
export interface ToolbarFilter {
  param: string;
  label: string;
  all: string;
  options: { value: string; label: string }[];
}

export const PAYOUT_TOOLBAR: ToolbarFilter[] = [
  { param: "type", label: "Type", all: "All types", options: PAYOUT_TYPES.map((t) => ({ value: t, label: payoutTypeLabel(t) })) },
  { param: "status", label: "Status", all: "All statuses", options: PAYOUT_STATUSES.map((s) => ({ value: s, label: s })) },
];

/** Onramps and offramps filter by status and by customer (named where the customers could be read). */
export function rampToolbar(customerNames: Record<string, string>): ToolbarFilter[] {
  const customers = Object.entries(customerNames)
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => a.label.localeCompare(b.label));
  return [
    { param: "status", label: "Status", all: "All statuses", options: LEGACY_STATUSES.map((s) => ({ value: s, label: s })) },
    { param: "customer", label: "Customer", all: "All customers", options: customers },
  ];
}
