import "server-only";
/**
 * The recipient list's export: every recipient of the filtered set in the local copy, newest first.
 * Accounts appear as the list shows them (bank and last four), never in full; the name search the
 * page applies to what it reads is applied here too.
 */
import { copyExport } from "@/lib/ledger/export";
import type { Recipient } from "@/lib/upstream/schemas/core";
import { recipientFilters } from "./filters";
import { matchesSearch, recipientName, recipientSummary } from "./views";

export const recipientExport = copyExport<typeof recipientFilters, Recipient>({
  list: "recipients",
  kind: "recipient",
  permission: "data:read",
  filters: recipientFilters,
  query: (f) => ({ type: f.type }),
  keep: (r, f) => !f.q || matchesSearch(r, f.q),
  columns: {
    id: "id",
    created_at: "created_at",
    type: "type",
    name: recipientName,
    destination: recipientSummary,
    account_last4: (r) => r.bank_account?.account_number_last4 ?? r.us_bank_account?.account_number_last4 ?? r.swift_bank_account?.iban_last4 ?? null,
    crypto_asset: "crypto_address.asset",
    crypto_chain: "crypto_address.chain",
    crypto_address: "crypto_address.address",
    customer_id: "customer_id",
  },
});
