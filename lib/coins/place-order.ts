"use server";
/**
 * Places a Coins order. The market's minimum quote amount is checked here against the provider's
 * current market (the form checks it too, but a price may have moved), so an order under the
 * minimum never leaves the app; the provider's own answer is still final. The form's attempt key is
 * the idempotency key, so a double click or a retry after a timeout places one order.
 *
 * The order goes through the approvals engine on what it spends (a buy) or sells (a sell): above
 * the organization's limit for Coins orders in that asset, or the 24-hour totals, it waits for a
 * second person. The engine writes the audit row.
 */
import { revalidatePath } from "next/cache";
import { ActionError, defineAction } from "@/lib/server-actions/safe-action";
import { submitMoneyMovement } from "@/lib/approvals/submit";
import { belowMinimum, placeOrderSchema, quoteValue, type PlaceOrderResult } from "@/lib/coins/schema";
import { UpstreamError } from "@/lib/upstream/errors";

export const placeCoinsOrder = defineAction(
  { name: "coins.order.place", permission: "order:trade", input: placeOrderSchema, upstreamFields: { base_asset: "market", quote_asset: "market" } },
  async ({ input, user, upstream, request }): Promise<PlaceOrderResult> => {
    const [base, quote] = input.market.split("-") as [string, string];
    const markets = (await upstream.coins.listMarkets({}, { cache: false })).data.markets;
    const market = markets.find((m) => m.base_asset.toUpperCase() === base && m.quote_asset.toUpperCase() === quote);
    if (!market)
      throw new ActionError("This market is not offered any more. Choose another one.", { market: "This market is not offered any more. Choose another one." });
    const under = belowMinimum(quoteValue(input.side, input.amount, market.price), market.min_quote_amount, quote);
    if (under) throw new ActionError(under, { amount: under });

    let r;
    try {
      r = await submitMoneyMovement({
        kind: "coins_order",
        payload: { side: input.side, base_asset: base, quote_asset: quote, amount: input.amount },
        attemptKey: input.attemptKey,
        user,
        environment: user.environment,
        request,
      });
    } catch (err) {
      // A balance refusal is about the amount: the provider's sentence goes on that field.
      if (err instanceof UpstreamError && err.code === "INSUFFICIENT_BALANCE") throw new ActionError(err.userMessage, { amount: err.userMessage });
      throw err;
    }
    if (r.status === "pending_approval") return { outcome: "pending_approval", approvalId: r.requestId, summary: r.summary };
    revalidatePath("/coins/orders");
    return { outcome: "placed", id: String(r.result.resourceId ?? ""), status: String(r.result.status ?? ""), replayed: r.result.replayed === true };
  },
);
