import "server-only";
/** The funding-account list's export: every account of the filtered set in the local copy, newest first. */
import { copyExport } from "@/lib/ledger/export";
import { fundingAccountFilters, fundingAccountQuery } from "./filters";

export const fundingAccountExport = copyExport({
  list: "funding-accounts",
  kind: "funding_account",
  permission: "data:read",
  filters: fundingAccountFilters,
  query: fundingAccountQuery,
  columns: {
    id: "id",
    created_at: "created_at",
    updated_at: "updated_at",
    type: "type",
    rail: "rail",
    status: "status",
    customer_id: "customer_id",
    amount: "amount",
    currency: "currency",
    asset: "asset",
    chain: "chain",
    expires_at: "expires_at",
    failure_reason: "failure_reason",
  },
});
