"use server";
/**
 * Places a Coins order. The market's minimum quote amount is checked here against the provider's
 * current market (the form checks it too, but a price may have moved), so an order under the
 * minimum never leaves the app; the provider's own answer is still final. The form's attempt key is
 * the idempotency key, so a double click or a retry after a timeout places one order.
 */
import { revalidatePath } from "next/cache";
import { ActionError, defineAction } from "@/lib/actions/safe-action";
import { belowMinimum, placeOrderSchema, quoteValue, type PlaceOrderResult } from "@/lib/coins/schema";
import { db } from "@/lib/db";
import { UpstreamError } from "@/lib/upstream/errors";

export const placeCoinsOrder = defineAction(
  { name: "coins.order.place", permission: "order:trade", input: placeOrderSchema, upstreamFields: { base_asset: "market", quote_asset: "market" } },
  async ({ input, user, attempt, upstream, audit }): Promise<PlaceOrderResult> => {
    const [base, quote] = input.market.split("-") as [string, string];
    const markets = (await upstream.coins.listMarkets({}, { cache: false })).data.markets;
    const market = markets.find((m) => m.base_asset.toUpperCase() === base && m.quote_asset.toUpperCase() === quote);
    if (!market) throw new ActionError("This market is not offered any more. Choose another one.", { market: "This market is not offered any more. Choose another one." });
    const under = belowMinimum(quoteValue(input.side, input.amount, market.price), market.min_quote_amount, quote);
    if (under) throw new ActionError(under, { amount: under });

    let placed;
    try {
      placed = await upstream.coins.placeOrder({ side: input.side, base_asset: base, quote_asset: quote, amount: input.amount }, attempt!);
    } catch (err) {
      // A balance refusal is about the amount: the provider's sentence goes on that field.
      if (err instanceof UpstreamError && err.code === "INSUFFICIENT_BALANCE") throw new ActionError(err.userMessage, { amount: err.userMessage });
      throw err;
    }
    const order = placed.data;
    const replayed = placed.replayed ?? false;
    if (!replayed) {
      await db.$transaction((tx) =>
        audit(tx, {
          action: "coins_order.placed",
          targetType: "coins_order",
          targetId: order.id,
          environment: user.environment,
          after: { side: input.side, market: input.market, amount: input.amount, status: order.status },
        }),
      );
    }
    revalidatePath("/coins/orders");
    return { id: order.id, status: order.status, replayed };
  },
);
