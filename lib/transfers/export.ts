import "server-only";
/** The transfer list's export: every transfer of the filtered set in the local copy, newest first. */
import { copyExport } from "@/lib/ledger/export";
import { transferFilters } from "./filters";

export const transferExport = copyExport({
  list: "transfers",
  kind: "transfer",
  permission: "data:read",
  filters: transferFilters,
  query: (f) => ({ status: f.status }),
  columns: {
    id: "id",
    reference: "reference",
    created_at: "created_at",
    updated_at: "updated_at",
    completed_at: "completed_at",
    status: "status",
    amount: "amount",
    currency: "currency",
    debit_amount: "debit_amount",
    debit_currency: "debit_currency",
    fee: "fee",
    rate: "rate.value",
    recipient_id: "recipient.id",
    recipient_type: "recipient.type",
    customer_id: "customer_id",
    failure_code: "failure_code",
    failure_message: "failure_message",
  },
});
