import "server-only";
/** The merchant withdrawal list's export: every withdrawal of the filtered set in the local copy, newest first. */
import { copyExport } from "@/lib/ledger/export";
import { withdrawalFilters } from "./filters";

export const withdrawalExport = copyExport({
  list: "withdrawals",
  kind: "withdrawal",
  permission: "data:read",
  filters: withdrawalFilters,
  query: (f) => ({ status: f.status }),
  columns: {
    id: "id",
    created_at: "created_at",
    updated_at: "updated_at",
    submitted_at: "submitted_at",
    settled_at: "settled_at",
    status: "status",
    amount_usd: "amount_usd",
    fee_usd: "fee_usd",
    token: "token",
    chain: "chain",
    destination_address: "destination_address",
    tx_hash: "tx_hash",
    failure_code: "failure_code",
    failure_message: "failure_message",
  },
});
