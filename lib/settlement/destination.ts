/**
 * A funding account's settlement destination as a second approver reads it, and the checks that
 * decide whether a change needs one. Deposits settle to the internal balance, to an on-chain
 * address or to an NGN payout account; only the last two send money outside the merchant, so only
 * they wait for approval (moving back to the internal balance tightens and applies at once).
 */
import { z } from "zod";
import type { SettlementValues } from "@/lib/funding-accounts/schema";

/** The provider's settlement_destination object, as toSettlementBody builds it. */
export const settlementBody = z
  .object({
    type: z.enum(["INTERNAL_BALANCE", "ONCHAIN", "NGN_PAYOUT"]),
    rate_id: z.string().max(64).optional(),
    destination_asset: z.string().max(12).optional(),
    destination_chain: z.string().max(32).optional(),
    destination_address: z.string().max(128).optional(),
    destination_bank: z
      .object({ account_number: z.string().regex(/^\d{10}$/), bank_code: z.string().regex(/^\d{3,6}$/) })
      .strict()
      .optional(),
  })
  .strict();

/** What the approver is shown: the holder name the bank resolved, or the address and chain. */
export const settlementShown = z.discriminatedUnion("type", [
  z
    .object({
      type: z.literal("NGN_PAYOUT"),
      currency: z.literal("NGN"),
      account_number: z.string().regex(/^\d{10}$/),
      bank_code: z.string().regex(/^\d{3,6}$/),
      holder_name: z.string().min(1).max(256),
    })
    .strict(),
  z
    .object({
      type: z.literal("ONCHAIN"),
      currency: z.string().regex(/^[A-Z0-9]{2,12}$/),
      chain: z.string().min(1).max(32),
      address: z.string().min(1).max(128),
    })
    .strict(),
]);
export type SettlementShown = z.output<typeof settlementShown>;

/** Whether deposits would leave the merchant: an on-chain address or an NGN payout account. */
export const isExternal = (type: string): type is "ONCHAIN" | "NGN_PAYOUT" => type === "ONCHAIN" || type === "NGN_PAYOUT";

/** The approver's view of an external destination, from checked form values (the holder name is the one the server resolved again). */
export function shownFor(v: SettlementValues): SettlementShown {
  if (v.settlement_type === "NGN_PAYOUT")
    return { type: "NGN_PAYOUT", currency: "NGN", account_number: v.account_number, bank_code: v.bank_code, holder_name: v.account_name };
  return { type: "ONCHAIN", currency: v.destination_asset.toUpperCase(), chain: v.destination_chain, address: v.destination_address };
}

export function describeDestination(s: SettlementShown): string {
  if (s.type === "NGN_PAYOUT") return `the NGN payout account ${s.account_number} at bank ${s.bank_code}, held by ${s.holder_name}`;
  return `the ${s.currency} address ${s.address} on ${s.chain}`;
}
