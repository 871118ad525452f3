import "server-only";
/** The Coins order and transaction lists' exports: every record of the filtered set in the local copy, newest first. */
import { copyExport } from "@/lib/ledger/export";
import { orderFilters, orderQuery, transactionFilters, transactionQuery } from "./filters";

export const coinsOrderExport = copyExport({
  list: "coins-orders",
  kind: "coins_order",
  permission: "data:read",
  filters: orderFilters,
  query: orderQuery,
  columns: {
    id: "id",
    client_order_id: "client_order_id",
    created_at: "created_at",
    updated_at: "updated_at",
    side: "side",
    status: "status",
    base_asset: "base_asset",
    base_amount: "base_amount",
    quote_asset: "quote_asset",
    quote_amount: "quote_amount",
    executed_price: "executed_price",
    filled_quantity: "filled_quantity",
    fee: "fee",
    fee_asset: "fee_asset",
    failure_reason: "failure_reason",
  },
});

export const coinsTransactionExport = copyExport({
  list: "coins-transactions",
  kind: "coins_transaction",
  permission: "data:read",
  filters: transactionFilters,
  query: transactionQuery,
  columns: {
    id: "id",
    created_at: "created_at",
    updated_at: "updated_at",
    type: "type",
    direction: "direction",
    status: "status",
    asset: "asset",
    amount: "amount",
    reference_type: "reference_type",
    reference_id: "reference_id",
    description: "description",
  },
});
