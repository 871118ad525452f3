/** The Stocks surface's fixed value lists, without the validation library: toolbars and labels import them and list pages stay light. */
export const STOCK_CATEGORIES = ["stock", "etf"] as const;
export const STOCK_STATUSES = ["active", "halted"] as const;
export const MARKET_STATUSES = ["open", "pre_market", "after_hours", "closed", "halted"] as const;
export const RISK_LEVELS = ["low", "medium", "high", "very_high"] as const;
/** Ownership and voting rights: only "none" is known (the sandbox's value); others are shown as sent. */
export const RIGHTS = ["none"] as const;
