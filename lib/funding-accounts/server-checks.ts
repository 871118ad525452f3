import "server-only";
/**
 * Checks the create action makes against the provider's current answers rather than the browser's:
 * the temporary NGN minimum from the current rate, and the destination bank account's name,
 * resolved again on the server.
 */
import Decimal from "decimal.js";
import { ActionError } from "@/lib/server-actions/safe-action";
import type { Upstream } from "@/lib/upstream";
import { log } from "@/lib/log";
import { accountNameChangedMessage, amountMinimumMessage, rateNeed, type CreateFundingAccountValues } from "./schema";
import { MIN_TEMPORARY_NGN } from "./options";

const DECIMAL = /^\d+(\.\d+)?$/;

/**
 * The least a temporary NGN account may expect: the current rate's `min_deposit_ngn` for this
 * account's conversion, or MIN_TEMPORARY_NGN when the rate carries none or cannot be read (the
 * provider still checks its own minimum then, and its refusal lands on the amount field).
 */
export async function temporaryNgnMinimum(
  upstream: Pick<Upstream, "core">,
  v: Pick<CreateFundingAccountValues, "rail" | "settlement_type" | "asset" | "destination_asset">,
): Promise<string> {
  const need = rateNeed(v.rail, v.settlement_type, v.asset, v.destination_asset);
  if (!need) return String(MIN_TEMPORARY_NGN);
  try {
    const r = await upstream.core.getRate({ from: "NGN", to: need.to, side: need.side });
    const min = r.data.min_deposit_ngn;
    if (min && DECIMAL.test(min)) return min;
  } catch (err) {
    log.warn({ err: err instanceof Error ? err.message : String(err) }, "rate for the NGN minimum could not be read; using the fallback minimum");
  }
  return String(MIN_TEMPORARY_NGN);
}

/** Refuses a temporary NGN amount under the provider's current minimum, on the amount field. */
export async function checkTemporaryNgnAmount(upstream: Pick<Upstream, "core">, v: CreateFundingAccountValues): Promise<void> {
  if (v.rail !== "NGN_VIRTUAL_ACCOUNT" || v.type !== "TEMPORARY") return;
  const min = await temporaryNgnMinimum(upstream, v);
  if (new Decimal(v.amount).lessThan(min)) throw new ActionError("Some fields need attention.", { amount: amountMinimumMessage(min) });
}

const sameName = (a: string, b: string) => a.trim().replace(/\s+/g, " ").toLowerCase() === b.trim().replace(/\s+/g, " ").toLowerCase();

/**
 * Resolves the NGN payout bank account again and refuses the request when the name differs from
 * the one the person confirmed in the browser: money must go to the holder they saw.
 */
export async function confirmPayoutAccountName(
  upstream: Pick<Upstream, "core">,
  v: Pick<CreateFundingAccountValues, "settlement_type" | "bank_code" | "account_number" | "account_name">,
): Promise<void> {
  if (v.settlement_type !== "NGN_PAYOUT") return;
  const r = await upstream.core.resolveBankAccount({ account_number: v.account_number, bank_code: v.bank_code });
  const resolved = r.data.account_name ?? "";
  if (!resolved || !sameName(resolved, v.account_name)) {
    throw new ActionError("Some fields need attention.", {
      account_name: resolved ? accountNameChangedMessage(resolved) : "The bank did not confirm a name for this account. Look it up again before saving.",
    });
  }
}
