/** The Pro surface's fixed value lists, without the validation library: toolbars and labels import them and list pages stay light. */
export const PRO_ORDER_STATUSES = ["pending_settlement", "new", "open", "partially_filled", "filled", "cancelled", "rejected", "failed"] as const;
export const PRO_CANCELLABLE = ["new", "open", "partially_filled"] as const;
export const PRO_EVENTS = [
  "order.created",
  "order.filled",
  "order.partially_filled",
  "order.cancelled",
  "order.rejected",
  "trade.executed",
  "deposit.completed",
  "crypto.deposit.completed",
] as const;
