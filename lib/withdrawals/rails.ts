/**
 * The token and chain pairs merchant withdrawals can use. The core surface exposes no list of
 * enabled rails (the spec says "Allowed values of token and chain: not shown"), so the one fact
 * we have is declared here: the provider's docs say "today only USDT on POLYGON is enabled"
 * (upstream-docs-notes.md, "Merchant withdrawal create"). Add a pair here when the provider
 * enables it; the form, the action and the approval executor all read this list. Client-safe.
 */
export const WITHDRAWAL_RAILS = [{ token: "USDT", chain: "POLYGON" }] as const;

export type WithdrawalRail = { token: string; chain: string };

export const WITHDRAWAL_TOKENS = [...new Set(WITHDRAWAL_RAILS.map((r) => r.token))];

export function chainsFor(token: string): string[] {
  return WITHDRAWAL_RAILS.filter((r) => r.token === token).map((r) => r.chain);
}

export function isEnabledRail(token: string, chain: string): boolean {
  return WITHDRAWAL_RAILS.some((r) => r.token === token && r.chain === chain);
}
