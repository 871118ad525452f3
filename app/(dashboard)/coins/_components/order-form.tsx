"use client";
import { invalidateCoins } from "@/app/(dashboard)/coins/_components/use-coins-query";
import { VelocityUsageLine } from "@/components/page/velocity-usage";
import type { VelocityUsage } from "@/lib/approvals/schemas";
import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import type { Path } from "react-hook-form";
import { toast } from "@/components/ui/toast";
import { ControlledSelect } from "@/components/forms/controlled-select";
import { FormError } from "@/components/forms/form-error";
import { useActionForm } from "@/components/forms/use-action-form";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { placeCoinsOrder } from "@/lib/coins/place-order";
import { decimalsOf, formatAsset, formatBps } from "@/lib/coins/format";
import { toFixedDecimal } from "@/lib/money";
import { isStale, referenceTime } from "@/lib/coins/markets";
import { amountAsset, belowMinimum, orderFee, quoteValue } from "@/lib/coins/order-values";
import type { OrderFormValues } from "@/lib/coins/schema";
import type { Market } from "@/lib/coins/views";

/** The rules, fetched on first use (components/forms/use-action-form.ts). */
const loadOrderFormSchema = () => import("@/lib/coins/schema").then((m) => m.orderFormSchema);

const keyOf = (m: Market) => `${m.base_asset}-${m.quote_asset}`.toUpperCase();

/**
 * A Coins order: side, market and amount (the quote amount to spend on a buy, the base amount to
 * sell on a sell). The market's price, fee and minimum are shown as the amount is typed, and an
 * order under the minimum is refused on the amount before anything is sent (the server checks again).
 * One attempt key per open form, so a double click or a retry places one order.
 */
export function CoinsOrderForm({ markets, initialMarket, velocity }: { markets: Market[]; initialMarket: string | null; velocity?: VelocityUsage[] }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const initial = markets.some((m) => keyOf(m) === initialMarket) ? initialMarket! : "";
  const {
    form,
    onSubmit: submit,
    pending,
    formError,
    errorOf,
  } = useActionForm({
    schema: loadOrderFormSchema,
    action: (values, attemptKey) => placeCoinsOrder({ ...values, attemptKey }),
    defaultValues: { side: "buy", market: initial, amount: "" },
    attempt: "coins-order",
    check: (values) => {
      const m = markets.find((x) => keyOf(x) === values.market);
      const under = m ? belowMinimum(quoteValue(values.side, values.amount, m.price), m.min_quote_amount, m.quote_asset) : null;
      if (!under) return values;
      form.setError("amount", { type: "min", message: under });
      return null;
    },
    fieldOf: (name) => (["side", "market", "amount"].includes(name) ? (name as Path<OrderFormValues>) : null),
    onSuccess: (data) => {
      invalidateCoins(queryClient);
      if (data.outcome === "pending_approval") {
        toast.success(`Waiting for approval: ${data.summary}. It is placed when someone else approves it in Approvals.`);
        router.push("/approvals");
        return;
      }
      toast.success(data.replayed ? "This order had already been placed; opening it." : "Order placed.");
      router.push(`/coins/orders/${data.id}`);
    },
  });
  const [side, marketKey, amount] = form.watch(["side", "market", "amount"]);
  const market = markets.find((m) => keyOf(m) === marketKey) ?? null;
  const reference = referenceTime(markets);
  const unit = market ? amountAsset(side, marketKey) : "";
  const value = market ? quoteValue(side, amount ?? "", market.price) : null;
  const quoteDigits = market ? Math.max(2, decimalsOf(market.min_quote_amount ?? "0.00")) : 2;
  const fee = value && market?.fee_bps != null ? orderFee(value, market.fee_bps, quoteDigits) : null;

  return (
    <form onSubmit={submit} noValidate aria-label="New Coins order" data-testid="coins-order-form" className="grid max-w-2xl gap-6">
      <fieldset disabled={pending} className="grid gap-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label="Side" htmlFor="co-side" error={errorOf("side")} required>
            <ControlledSelect
              control={form.control}
              name="side"
              id="co-side"
              placeholder="Buy or sell"
              options={[
                { value: "buy", label: "Buy" },
                { value: "sell", label: "Sell" },
              ]}
            />
          </Field>
          <Field label="Market" htmlFor="co-market" error={errorOf("market")} required>
            <ControlledSelect
              control={form.control}
              name="market"
              id="co-market"
              placeholder="Choose a market"
              options={markets.map((m) => ({ value: keyOf(m), label: `${m.base_asset}/${m.quote_asset}` }))}
            />
          </Field>
        </div>
        <Field
          label={market ? (side === "buy" ? `Amount to spend (${unit})` : `Amount to sell (${unit})`) : "Amount"}
          htmlFor="co-amount"
          error={errorOf("amount")}
          description={
            market
              ? `Minimum order ${formatAsset(market.min_quote_amount, market.quote_asset)} (in ${market.quote_asset}); fee ${formatBps(market.fee_bps)}, taken in ${market.quote_asset}.`
              : "Choose a market to see its minimum and fee."
          }
          required
        >
          <Input id="co-amount" inputMode="decimal" autoComplete="off" placeholder={side === "buy" ? "5000.00" : "0.01"} {...form.register("amount")} />
        </Field>

        {market ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 rounded-lg border p-4 text-sm" data-testid="coins-order-summary">
            <dt className="text-muted-foreground">Price</dt>
            <dd className="tabular-nums">
              {formatAsset(market.price, market.quote_asset)} per {market.base_asset}
              {isStale(market, reference) ? (
                <Badge variant="warning" className="ml-2">
                  Stale price
                </Badge>
              ) : null}
            </dd>
            <dt className="text-muted-foreground">Minimum order</dt>
            <dd className="tabular-nums" data-testid="coins-order-minimum">
              {formatAsset(market.min_quote_amount, market.quote_asset)}
            </dd>
            <dt className="text-muted-foreground">Fee</dt>
            <dd className="tabular-nums" data-testid="coins-order-fee">
              {formatBps(market.fee_bps)}
              {fee ? ` ≈ ${formatAsset(fee, market.quote_asset)}` : ""}
            </dd>
            <dt className="text-muted-foreground">Order value</dt>
            <dd className="tabular-nums">{value ? `≈ ${formatAsset(toFixedDecimal(value, quoteDigits), market.quote_asset)}` : "—"}</dd>
          </dl>
        ) : null}
        <p className="text-xs text-muted-foreground">
          The order executes at the market price when the provider fills it, so the executed price and fee can differ slightly from this estimate.
        </p>
        <VelocityUsageLine usage={velocity} currency={side && marketKey ? amountAsset(side, marketKey) : ""} />
        <FormError message={formError} />
        <div>
          <Button type="submit" disabled={pending} data-testid="coins-order-submit">
            {pending ? "Placing…" : side === "sell" ? "Place sell order" : "Place buy order"}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
