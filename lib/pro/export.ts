import "server-only";
/** The Pro order list's export: every order of the filtered set (open ones, or the history) in the local copy, newest first. */
import { copyExport } from "@/lib/ledger/export";
import { proOrderFilters, proOrderQuery } from "./filters";

export const proOrderExport = copyExport({
  list: "pro-orders",
  kind: "pro_order",
  permission: "data:read",
  filters: proOrderFilters,
  query: proOrderQuery,
  columns: {
    order_id: "order_id",
    client_order_id: "client_order_id",
    created_at: "created_at",
    updated_at: "updated_at",
    symbol: "symbol",
    side: "side",
    type: "type",
    status: "status",
    price: "price",
    requested_quantity: "requested_quantity",
    filled_quantity: "filled_quantity",
    remaining_quantity: "remaining_quantity",
    avg_fill_price: "avg_fill_price",
    total_fee_charged: "total_fee_charged",
    rejection_reason: "rejection_reason",
  },
});
