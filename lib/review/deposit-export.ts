import "server-only";
/** The deposit list's export: every deposit of the filtered set in the local copy, newest first, as the list shows them. */
import { copyExport } from "@/lib/ledger/export";
import { depositFilters, upstreamDepositQuery } from "./deposit-filters";

export const depositExport = copyExport({
  list: "deposits",
  kind: "deposit",
  permission: "data:read",
  filters: depositFilters,
  query: upstreamDepositQuery,
  columns: {
    id: "id",
    created_at: "created_at",
    updated_at: "updated_at",
    type: "type",
    status: "status",
    settlement_status: "settlement_status",
    amount: "amount",
    currency: "currency",
    settled_amount: "settled_amount",
    settled_currency: "settled_currency",
    rate: "rate",
    total_fee_usd: "fees.total_fee_usd",
    customer_id: "customer_id",
    funding_account_id: "funding_account_id",
    asset: "asset",
    chain: "chain",
    tx_hash: "tx_hash",
    flag_code: "flag_code",
    failure_code: "failure_code",
    failure_message: "failure_message",
  },
});
