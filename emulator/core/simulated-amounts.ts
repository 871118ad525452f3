/**
 * The amount of a simulated deposit is an emulator-only choice: the provider's simulator
 * (`POST /v1/sandbox/deposits`) takes `funding_account_id` and `scenario` only. A developer or a
 * test sets the amount of an account's next simulated deposit through the control API; the
 * simulator uses it once, then falls back to its default amount again.
 */
import { amountField, FieldErrors } from "./http-util";
import type { CoreSlice } from "./types";

/** Control API path (under the emulator's address) that sets the next simulated amount. */
export const NEXT_AMOUNT_PATH = "/__emulator/sandbox-deposits/next-amount";

export type NextAmountResult =
  | { ok: true; merchant_id: string; funding_account_id: string; amount: string | null }
  | { ok: false; status: 400 | 404; message: string; fields?: Record<string, string> };

/** `coreSlices` is the persisted core state per merchant; the account's merchant is found by its id. */
export function setNextSimulatedAmount(coreSlices: Record<string, unknown>, body: unknown): NextAmountResult {
  const b = (typeof body === "object" && body !== null && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
  const errors = new FieldErrors();
  const faId = b.funding_account_id;
  if (typeof faId !== "string" || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(faId))
    errors.add("funding_account_id", "must be a funding account's UUID");
  for (const k of Object.keys(b))
    if (k !== "funding_account_id" && k !== "amount") errors.add(k, "is not a field of this control call (funding_account_id, amount)");
  if (!errors.empty) return { ok: false, status: 400, message: "Invalid request body.", fields: errors.fields };

  for (const [merchantId, raw] of Object.entries(coreSlices)) {
    const s = raw as CoreSlice;
    const fa = s.fundingAccounts.find((f) => f.id === (faId as string).toLowerCase());
    if (!fa) continue;
    // null withdraws a chosen amount that no simulated deposit used (a client's simulate call failed).
    if (b.amount === null) {
      if (s.nextSimulatedAmounts) delete s.nextSimulatedAmounts[fa.id];
      return { ok: true, merchant_id: merchantId, funding_account_id: fa.id, amount: null };
    }
    // The simulator's own rule for amounts: decimal string, above zero, the asset's decimals.
    const amount = amountField(b.amount, "amount", errors, { dp: fa.rail === "CRYPTO_ADDRESS" ? 6 : 2 });
    if (amount === null) return { ok: false, status: 400, message: "Invalid request body.", fields: errors.fields };
    (s.nextSimulatedAmounts ??= {})[fa.id] = amount;
    return { ok: true, merchant_id: merchantId, funding_account_id: fa.id, amount };
  }
  return { ok: false, status: 404, message: "No funding account with that id." };
}
