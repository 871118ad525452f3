/**
 * The core surface's closed value lists, from the spec. Kept apart from the response schemas and
 * free of the validation library, so list toolbars and filter definitions can use them in the
 * browser without shipping the schemas.
 */
export const DEPOSIT_STATUSES = ["PENDING", "RECEIVED", "PROCESSING", "REQUIRES_REVIEW", "COMPLETED", "FLAGGED", "FAILED", "REVERSED"] as const;
export const FUNDING_ACCOUNT_STATUSES = ["PENDING", "ACTIVE", "FAILED", "DISABLED"] as const;
export const RECIPIENT_TYPES = ["BANK_ACCOUNT", "CRYPTO_ADDRESS", "US_BANK_ACCOUNT", "SWIFT_BANK_ACCOUNT"] as const;
export const TRANSFER_STATUSES = ["PROCESSING", "COMPLETED", "FAILED", "REQUIRES_REVIEW", "REVERSED"] as const;
export const WITHDRAWAL_STATUSES = ["PENDING", "SUBMITTED", "SETTLED", "FAILED"] as const;
export const PAYOUT_STATUSES = ["PROCESSING", "SETTLED", "FAILED"] as const;
export const LEGACY_STATUSES = ["ACTIVE", "INACTIVE", "EXPIRED"] as const;
