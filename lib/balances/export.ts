import "server-only";
/** The balance moves' export: every move in the local copy, newest first (the list has no filters). */
import { copyExport } from "@/lib/ledger/export";

export const balanceMoveExport = copyExport({
  list: "balance-moves",
  kind: "balance_move",
  permission: "data:read",
  filters: {},
  query: () => ({}),
  columns: { id: "id", created_at: "created_at", status: "status", amount_usd: "amount_usd", from: "from", to: "to" },
});
