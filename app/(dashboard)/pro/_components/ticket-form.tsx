"use client";
import { PendingApprovalNote } from "@/components/page/pending-approval-note";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import type { Path, UseFormRegister } from "react-hook-form";
import { toast } from "@/components/ui/toast";
import { ControlledSelect } from "@/components/forms/controlled-select";
import { FormError } from "@/components/forms/form-error";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { placeProOrder } from "@/lib/pro/place-order";
import { quoteProOrder } from "@/lib/pro/quote-order";
import { compareDecimals, formatMoney, isDecimalString, multiplyDecimals } from "@/lib/money";
import {
  FEE_CAP_REASON,
  MARKET_WARNING,
  PRO_SYMBOLS,
  REJECTION_HELP,
  rejectionPlacement,
  SHARED_BALANCE_NOTE,
  spendAsset,
  SYMBOL_LABELS,
} from "@/lib/pro/labels";
import { formatNgn, formatQuantity } from "@/lib/pro/format";
import type { ticketSchema, PlaceOrderResult, QuoteView, Ticket, TicketValues } from "@/lib/pro/schema";
import type { ProBalancesView, TradeAccess } from "@/lib/pro/views";
import { refreshOrders } from "./after-change";

/** The rules, fetched on first use (components/forms/use-action-form.ts). */
const loadTicketSchema = () => import("@/lib/pro/schema").then((m) => m.ticketSchema);

const DEFAULTS: TicketValues = { symbol: "USDT-NGN", side: "buy", type: "limit", price: "", quantity: "" };

/** A placement that needs a fresh quote: the fee cap was exceeded, or the quote is no longer usable. */
type Requote = { title: string; message: string; values: Ticket };
const FEE_CAP_TITLE = `The order was refused: its fee would exceed the fee cap (${FEE_CAP_REASON}).`;
const STALE_QUOTE_TITLE = "The order was not placed: the reviewed quote cannot be used.";

function Radios({
  name,
  legend,
  options,
  register,
  disabled,
}: {
  name: "side" | "type";
  legend: string;
  options: { value: string; label: string }[];
  register: UseFormRegister<TicketValues>;
  disabled: boolean;
}) {
  return (
    <fieldset className="grid gap-2" disabled={disabled}>
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="flex gap-2">
        {options.map((o) => {
          // In the HTML shown before the form's code is in, the group's default says which radio is checked.
          const { defaultValue: groupDefault, ...field } = register(name) as ReturnType<UseFormRegister<TicketValues>> & { defaultValue?: string };
          return (
            <label
              key={o.value}
              className="flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/10 has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50"
            >
              <input
                type="radio"
                value={o.value}
                defaultChecked={groupDefault === undefined ? undefined : groupDefault === o.value}
                className="accent-primary"
                {...field}
              />
              {o.label}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/**
 * The Pro order ticket's form, its review and what follows a placement (OrderTicket around it keeps
 * the balances and the order just placed). Keyboard first: every control is a native input or a
 * labelled select, Enter reviews and, once the review has focus, Enter places. A limit order is
 * reviewed against the provider's quote (estimated price, total, fee) and placed with the
 * client_order_id the app sent with that quote and the quote's estimated_fee unchanged as
 * max_taker_fee; a market order is reviewed with a slippage warning. One attempt key per open
 * ticket, the quote's client_order_id and an in-flight guard together make a double submit place one
 * order. Above the admin's threshold the order waits for an approver.
 */
export function TicketForm({
  access,
  balances,
  onPlaced,
}: {
  access: TradeAccess;
  /** The Pro balances shown beside the ticket; they bound the order before anything is sent. */
  balances: ProBalancesView | undefined;
  /** An order the provider took: its id, for the live view beside the ticket. */
  onPlaced: (orderId: string) => void;
}) {
  const queryClient = useQueryClient();
  const placeRef = useRef<HTMLButtonElement>(null);
  const [requote, setRequote] = useState<Requote | null>(null);
  const {
    form,
    onSubmit: onReview,
    pending,
    formError,
    setFormError,
    errorOf,
    review: askQuote,
    confirming: review,
    send: place,
    cancel,
    waiting,
    setWaiting,
  } = useActionForm<typeof ticketSchema, PlaceOrderResult, QuoteView | null>({
    schema: loadTicketSchema,
    // The reviewed quote: the id sent with it makes the order idempotent, its fee is the cap.
    action: (values, attemptKey, quote) =>
      placeProOrder({
        ...values,
        attemptKey,
        ...(values.type === "limit" && quote ? { client_order_id: quote.client_order_id ?? undefined, max_taker_fee: quote.estimated_fee ?? undefined } : {}),
      }),
    defaultValues: DEFAULTS,
    attempt: "pro-order-ticket",
    check: (values) => {
      setWaiting(null);
      const problem = overBalance(values);
      if (!problem) return values;
      form.setError("quantity", { type: "balance", message: problem });
      return null;
    },
    // A limit order is reviewed against the provider's quote; a market order with its slippage warning.
    quote: (values) => {
      if (values.type !== "limit") return null;
      setRequote(null);
      return quoteProOrder(values);
    },
    fieldOf: (name) => (name in DEFAULTS ? (name as Path<TicketValues>) : null),
    // Only the provider's fee-cap refusal is called one; a quote the provider no longer knows, or
    // one that came back without a fee, needs a fresh quote for another reason.
    onFailure: (r, values) => {
      if (!r.fieldErrors?.max_taker_fee && !r.fieldErrors?.client_order_id) return false;
      const feeCap = r.fieldErrors.max_taker_fee === REJECTION_HELP[FEE_CAP_REASON];
      setRequote({ title: feeCap ? FEE_CAP_TITLE : STALE_QUOTE_TITLE, message: r.error, values });
      return true;
    },
    onSuccess: (data, values) => {
      refreshOrders(queryClient);
      if (data.outcome === "pending_approval") {
        form.reset(DEFAULTS);
        toast.success("The order is waiting for a second approver.");
        return;
      }
      onPlaced(data.orderId);
      window.history.replaceState(null, "", `?order=${data.orderId}`);
      if (data.rejectionReason === FEE_CAP_REASON) {
        setRequote({ title: FEE_CAP_TITLE, message: REJECTION_HELP[FEE_CAP_REASON]!, values });
        return;
      }
      if (data.status === "rejected" || data.rejectionReason) {
        // The provider took the order and rejected it: no success, the reason at its field.
        const { field, sentence } = rejectionPlacement(data.rejectionReason);
        if (field) form.setError(field, { type: "server", message: sentence });
        else setFormError(sentence);
        return;
      }
      form.reset({ ...values, price: values.price ?? "", quantity: "" });
      toast.success(data.replayed ? "This order had already been placed; showing it." : "Order placed.");
    },
  });
  const [side, type] = form.watch(["side", "type"]);
  const locked = !access.allowed || pending || review !== null;

  // A market order takes no price: clearing it keeps a hidden value from being sent.
  useEffect(() => {
    if (type === "market") form.setValue("price", "");
  }, [type, form]);
  // The review takes focus, so Enter places the order without reaching for the mouse; once the quote's
  // send has ended, as a disabled button cannot take focus.
  useEffect(() => {
    if (review && !pending) placeRef.current?.focus();
  }, [review, pending]);

  const asset = spendAsset(side);
  const shownBalance = balances?.balances.find((b) => b.asset === asset)?.available;
  const available = isDecimalString(shownBalance) ? shownBalance.trim() : null;

  /** Refuses what the shown balance clearly cannot cover; the provider still has the final word. */
  function overBalance(v: Ticket): string | null {
    if (!available) return null;
    const needed = v.side === "sell" ? v.quantity : v.type === "limit" && v.price ? multiplyDecimals(v.quantity, v.price) : null;
    if (!needed || compareDecimals(needed, available) <= 0) return null;
    return v.side === "sell"
      ? `The available USD balance is ${formatQuantity(available)}. Sell that quantity or less.`
      : `This order needs about ${formatMoney(needed, "NGN")} plus its fee, but ${formatMoney(available, "NGN")} is available.`;
  }

  const reason = access.allowed ? null : access.reason;
  return (
    <>
      <form
        onSubmit={onReview}
        noValidate
        aria-label="Order ticket"
        aria-describedby={reason ? "pro-ticket-reason" : "pro-ticket-help"}
        data-testid="pro-ticket"
      >
        <fieldset disabled={locked} className="grid gap-5">
          <p id="pro-ticket-help" className="text-xs text-muted-foreground">
            Keyboard: Tab moves between fields, arrow keys change a choice, Enter reviews the order and Enter again places it.
          </p>
          <Field label="Symbol" htmlFor="ticket-symbol" error={errorOf("symbol")} description={SHARED_BALANCE_NOTE} required>
            <ControlledSelect
              control={form.control}
              name="symbol"
              id="ticket-symbol"
              placeholder="Choose a symbol"
              options={PRO_SYMBOLS.map((s) => ({ value: s, label: SYMBOL_LABELS[s] }))}
            />
          </Field>
          <div className="grid gap-5 sm:grid-cols-2">
            <Radios
              name="side"
              legend="Side"
              register={form.register}
              disabled={locked}
              options={[
                { value: "buy", label: "Buy USD" },
                { value: "sell", label: "Sell USD" },
              ]}
            />
            <Radios
              name="type"
              legend="Order type"
              register={form.register}
              disabled={locked}
              options={[
                { value: "limit", label: "Limit" },
                { value: "market", label: "Market" },
              ]}
            />
          </div>
          {type === "limit" ? (
            <Field
              label="Limit price (NGN per USD)"
              htmlFor="ticket-price"
              error={errorOf("price")}
              description={side === "buy" ? "Buys execute at this price or lower." : "Sells execute at this price or higher."}
              required
            >
              <Input id="ticket-price" inputMode="decimal" autoComplete="off" placeholder="1530.00" {...form.register("price")} />
            </Field>
          ) : (
            <p className="rounded-md border border-warning/50 bg-warning/10 px-3 py-2 text-sm" data-testid="pro-market-warning">
              {MARKET_WARNING} A market order takes no price.
            </p>
          )}
          <Field
            label="Quantity (USD, the base asset)"
            htmlFor="ticket-quantity"
            error={errorOf("quantity")}
            description={
              available
                ? `Available to ${side === "buy" ? "spend" : "sell"}: ${asset === "NGN" ? formatMoney(available, "NGN") : formatQuantity(available)}.`
                : "The available balance is not known right now; the provider checks it."
            }
            required
          >
            <Input id="ticket-quantity" inputMode="decimal" autoComplete="off" placeholder="100.00" {...form.register("quantity")} />
          </Field>
          <FormError message={formError} />
          {review === null ? (
            <div>
              <Button type="submit" disabled={locked} data-testid="pro-review">
                {pending ? (type === "limit" ? "Getting a quote…" : "Reviewing…") : type === "limit" ? "Review with a quote" : "Review market order"}
              </Button>
            </div>
          ) : null}
        </fieldset>
      </form>

      {review ? (
        <section aria-labelledby="pro-review-heading" className="grid gap-3 rounded-lg border p-4" data-testid="pro-review-panel">
          <h2 id="pro-review-heading" className="text-base font-semibold">
            Review: {review.values.side === "buy" ? "buy" : "sell"} {formatQuantity(review.values.quantity)} on {review.values.symbol}, {review.values.type}
          </h2>
          {review.shown ? (
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm tabular-nums" data-testid="pro-quote">
              <dt className="text-muted-foreground">Estimated price</dt>
              <dd>{formatNgn(review.shown.estimated_price)}</dd>
              <dt className="text-muted-foreground">Estimated total</dt>
              <dd>{formatNgn(review.shown.estimated_total)}</dd>
              <dt className="text-muted-foreground">Estimated fee (the order&apos;s fee cap)</dt>
              <dd data-testid="pro-quote-fee">{formatNgn(review.shown.estimated_fee)}</dd>
            </dl>
          ) : (
            <p className="rounded-md border border-warning/50 bg-warning/10 px-3 py-2 text-sm" role="note">
              {MARKET_WARNING}
            </p>
          )}
          <p className="text-xs text-muted-foreground">
            Above your organization&apos;s approval limit the order waits for a second person with the approver role; nothing is placed until then.
          </p>
          <div className="flex gap-2">
            <Button ref={placeRef} type="button" onClick={place} disabled={pending} data-testid="pro-place">
              {pending ? "Placing…" : review.values.side === "buy" ? "Place buy order" : "Place sell order"}
            </Button>
            <Button type="button" variant="outline" disabled={pending} onClick={cancel}>
              Edit order
            </Button>
          </div>
        </section>
      ) : null}

      {requote ? (
        <div
          role="alert"
          className="grid gap-2 rounded-lg border border-destructive/40 bg-destructive/10 p-4 text-sm"
          data-testid={requote.title === FEE_CAP_TITLE ? "pro-fee-cap" : "pro-stale-quote"}
        >
          <p className="font-medium text-destructive">{requote.title}</p>
          <p>{requote.message}</p>
          <div>
            <Button type="button" onClick={() => askQuote(requote.values)} disabled={pending} data-testid="pro-fresh-quote">
              {pending ? "Getting a quote…" : "Get a fresh quote"}
            </Button>
          </div>
        </div>
      ) : null}

      {waiting ? <PendingApprovalNote summary={waiting} testId="pro-pending-approval" untouched="placed" /> : null}
    </>
  );
}
