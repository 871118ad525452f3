/** The Coins surface's fixed value lists, without the validation library: toolbars import them and list pages stay light. */
export const COINS_ORDER_STATUSES = ["pending", "completed", "failed", "cancelled"] as const;
export const COINS_WITHDRAWAL_STATUSES = ["pending", "processing", "completed", "failed"] as const;
