"use client";
import { VelocityUsageLine } from "@/components/page/velocity-usage";
import type { VelocityUsage } from "@/lib/approvals/schemas";
import { PendingApprovalNote } from "@/components/page/pending-approval-note";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { Controller, type Path } from "react-hook-form";
import { toast } from "@/components/ui/toast";
import { BALANCES_KEY, useBalances, type FreshBalances } from "@/components/page/balance-cards";
import { fetchJson } from "@/components/page/fetch-json";
import { BankLookupControls, useBankLookup } from "@/components/forms/bank-lookup";
import { FormError } from "@/components/forms/form-error";
import { useActionForm } from "@/components/forms/use-action-form";
import { ConfirmAction } from "@/components/forms/confirm-action";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Combobox, type ComboboxOption } from "@/components/ui/combobox";
import { Input } from "@/components/ui/input";
import { createTransfer } from "@/lib/transfers/create-transfer";
import type { RateView } from "@/lib/funding-accounts/views";
import { liveKeys } from "@/lib/live/query-keys";
import { compareDecimals, formatMoney } from "@/lib/money";
import { quoteTransfer, type TransferQuote } from "@/lib/transfers/quote";
import type { TransferFormValues } from "@/lib/transfers/schema";
import type { RecipientOption } from "@/lib/transfers/views";

/** The rules, fetched on first use (components/forms/use-action-form.ts). */
const loadTransferFormSchema = () => import("@/lib/transfers/schema").then((m) => m.transferFormSchema);

type Values = TransferFormValues;

const DEFAULTS: Values = {
  recipient_mode: "existing",
  recipient_id: "",
  bank_code: "",
  account_number: "",
  account_name: "",
  currency: "NGN",
  amount: "",
  reference: "",
};

/** What the confirmation shows, fixed when the form was reviewed. */
interface Review {
  to: string;
  quote: TransferQuote | null;
}

/**
 * Sends a transfer: who receives it (a saved recipient, searchable, or a new NGN bank account looked
 * up before sending), amount and reference, a quote of what leaves the withdrawal balance, then a
 * confirmation. The quote and the balance check are worked out here from the provider's current rate
 * and balance; the provider's answer when it is sent is final. One attempt key per open form, so a
 * double click or a retry never pays twice.
 */
export function CreateTransferForm({
  recipients,
  recipientsError,
  banks,
  banksError,
  initialBalances,
  velocity,
}: {
  recipients: RecipientOption[];
  recipientsError: string | null;
  banks: ComboboxOption[];
  banksError: string | null;
  initialBalances: FreshBalances | null;
  /** What is used of the 24-hour limits, per currency (loadVelocityUsage). */
  velocity?: VelocityUsage[];
}) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const { form, onSubmit, pending, formError, errorOf, confirming, send, cancel, waiting } = useActionForm({
    schema: loadTransferFormSchema,
    action: (values, attemptKey) => createTransfer({ ...values, attemptKey }),
    defaultValues: { ...DEFAULTS, recipient_mode: recipients.length > 0 ? "existing" : "new" },
    attempt: "transfer-create",
    // The shown withdrawal balance bounds the debit before anything is sent; the provider's answer is final.
    check: (values) => {
      if (quote && withdrawal !== null && compareDecimals(quote.debitAmount, withdrawal) > 0) {
        form.setError("amount", {
          type: "max",
          message: `This transfer would debit ${debitText(quote)}, more than the withdrawal balance of ${formatMoney(withdrawal, "USD")}. Enter a smaller amount or move money to the withdrawal balance first.`,
        });
        return null;
      }
      return values;
    },
    confirm: (values): Review => ({
      to:
        values.recipient_mode === "new"
          ? `${values.account_name}, ${banks.find((b) => b.value === values.bank_code)?.label ?? values.bank_code} ••••${(values.account_number ?? "").slice(-4)}`
          : chosen
            ? `${chosen.name}, ${chosen.destination}`
            : "",
      quote,
    }),
    fieldOf: (name) => (name in DEFAULTS ? ((name === "currency" ? "recipient_id" : name) as Path<Values>) : null),
    onSuccess: (data, values) => {
      void queryClient.invalidateQueries({ queryKey: BALANCES_KEY });
      void queryClient.invalidateQueries({ queryKey: liveKeys.list("transfer") });
      if (data.outcome === "sent") {
        toast.success(`${data.summary}: sent to the provider.`);
        router.push(`/transfers/${data.id}`);
        return;
      }
      form.reset({ ...DEFAULTS, recipient_mode: values.recipient_mode });
      lookup.clear();
    },
  });
  const [mode, recipientId, currency, amount] = form.watch(["recipient_mode", "recipient_id", "currency", "amount"]) as string[];
  const lookup = useBankLookup(form, { bankCode: "bank_code", accountNumber: "account_number", accountName: "account_name" });
  const chosen = mode === "existing" ? recipients.find((r) => r.id === recipientId) : undefined;

  // The currency is the recipient's: a saved one's payout currency, NGN for a new bank account.
  const payIn = mode === "new" ? "NGN" : (chosen?.currency ?? "");
  useEffect(() => {
    if (payIn && payIn !== currency) form.setValue("currency", payIn as Values["currency"]);
  }, [payIn, currency, form]);

  const balances = useBalances(initialBalances);
  const withdrawal = balances.data?.data.withdrawalUsd ?? null;
  // NGN converts at the provider's current USD SELL rate; it changes every few minutes, so it is kept fresh.
  const rate = useQuery({
    queryKey: liveKeys.resource("rate", "NGN-USD-SELL"),
    queryFn: () => fetchJson<RateView>("/api/rates?to=USD&side=SELL", "The current rate could not be loaded. Try again in a moment."),
    enabled: payIn === "NGN",
    refetchInterval: 60_000,
  });
  const quote = payIn
    ? quoteTransfer({
        currency: payIn,
        amount: amount ?? "",
        rate: rate.data ? { value: rate.data.rate, feeBps: rate.data.feeBps ?? 0 } : null,
      })
    : null;

  // In the HTML shown before the form's code is in, the group's default says which radio is checked.
  const radio = (value: "existing" | "new") => {
    const { defaultValue: groupDefault, ...field } = form.register("recipient_mode") as ReturnType<typeof form.register> & { defaultValue?: string };
    return { ...field, defaultChecked: groupDefault === undefined ? undefined : groupDefault === value };
  };
  const recipientOptions = recipients.map((r) => ({ value: r.id, label: r.name, hint: [r.destination, r.currency].filter(Boolean).join(" · ") }));
  return (
    <div className="grid max-w-2xl gap-6">
      {waiting ? <PendingApprovalNote summary={waiting} testId="transfer-pending" /> : null}
      <form onSubmit={onSubmit} noValidate aria-label="New transfer" data-testid="create-transfer-form">
        <fieldset disabled={pending} className="grid gap-5">
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Pay to</legend>
            <div className="flex flex-wrap gap-4 text-sm">
              <label className="flex items-center gap-2">
                <input type="radio" value="existing" className="size-4 accent-primary" disabled={recipients.length === 0} {...radio("existing")} />A saved
                recipient
              </label>
              <label className="flex items-center gap-2">
                <input type="radio" value="new" className="size-4 accent-primary" {...radio("new")} />A new Nigerian bank account
              </label>
            </div>
          </fieldset>

          {mode === "existing" ? (
            <Field
              label="Recipient"
              htmlFor="transfer-recipient"
              error={errorOf("recipient_id") ?? errorOf("currency") ?? recipientsError ?? undefined}
              description={chosen ? `Paid in ${chosen.currency}.` : "Search by name, bank or the last four digits."}
              required
            >
              <Controller
                control={form.control}
                name="recipient_id"
                render={({ field }) => (
                  <Combobox
                    id="transfer-recipient"
                    value={field.value ?? ""}
                    onValueChange={field.onChange}
                    onBlur={field.onBlur}
                    options={recipientOptions}
                    placeholder="Choose a recipient"
                    searchLabel="Search recipients"
                    emptyText="No recipient matches."
                  />
                )}
              />
            </Field>
          ) : (
            <div className="grid gap-3 rounded-md border p-4">
              <div className="grid gap-5 sm:grid-cols-2">
                <Field label="Bank" htmlFor="transfer-bank" error={errorOf("bank_code") ?? banksError ?? undefined} required>
                  <Controller
                    control={form.control}
                    name="bank_code"
                    render={({ field }) => (
                      <Combobox
                        id="transfer-bank"
                        value={field.value ?? ""}
                        onValueChange={field.onChange}
                        onBlur={field.onBlur}
                        options={banks}
                        placeholder="Choose a bank"
                        searchLabel="Search banks"
                        emptyText="No bank matches."
                      />
                    )}
                  />
                </Field>
                <Field label="Account number" htmlFor="transfer-account-number" error={errorOf("account_number")} required>
                  <Input
                    id="transfer-account-number"
                    inputMode="numeric"
                    autoComplete="off"
                    maxLength={10}
                    placeholder="0690000031"
                    {...form.register("account_number")}
                  />
                </Field>
              </div>
              <BankLookupControls lookup={lookup} error={errorOf("account_name")} confirm="Check it is the right person before sending." />
            </div>
          )}

          <div className="grid gap-5 sm:grid-cols-2">
            <Field
              label={`Amount${payIn ? ` (${payIn})` : ""}`}
              htmlFor="transfer-amount"
              error={errorOf("amount")}
              description="What the recipient receives, with at most two decimals."
              required
            >
              <Input id="transfer-amount" inputMode="decimal" autoComplete="off" placeholder="25000.00" {...form.register("amount")} />
            </Field>
            <Field
              label="Reference"
              htmlFor="transfer-reference"
              error={errorOf("reference")}
              description="Optional; shown to you and the recipient's bank. Up to 64 characters."
            >
              <Input id="transfer-reference" autoComplete="off" maxLength={64} placeholder="INV-2026-104" {...form.register("reference")} />
            </Field>
          </div>

          {payIn ? <VelocityUsageLine usage={velocity} currency={payIn} /> : null}

          <QuotePanel
            currency={payIn}
            quote={quote}
            withdrawal={withdrawal}
            rateError={payIn === "NGN" && rate.isError ? rate.error.message : null}
            onRetryRate={() => void rate.refetch()}
          />

          <FormError message={formError} />
          <div>
            <Button type="submit" disabled={pending}>
              {pending ? "Sending…" : "Review transfer"}
            </Button>
          </div>
        </fieldset>
      </form>

      <ConfirmAction
        open={confirming !== null}
        onOpenChange={(open) => (!open ? cancel() : undefined)}
        testId="transfer-confirm"
        title={<>Send {confirming ? formatMoney(confirming.values.amount, confirming.values.currency) : ""}?</>}
        description={
          <>
            To {confirming?.shown.to}. If it is above your organization&apos;s approval limit for {confirming?.values.currency}, it waits for a second person
            with the approver role and nothing is sent until then.
          </>
        }
        confirm="Send transfer"
        onConfirm={send}
        pending={pending}
        pendingLabel="Sending…"
        confirmTestId="transfer-send"
      >
        {confirming?.shown.quote ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted-foreground">Debited (estimate)</dt>
            <dd className="tabular-nums">{debitText(confirming.shown.quote)}</dd>
            <dt className="text-muted-foreground">Fee (estimate)</dt>
            <dd className="tabular-nums">{feeText(confirming.shown.quote)}</dd>
            {confirming.values.reference ? (
              <>
                <dt className="text-muted-foreground">Reference</dt>
                <dd>{confirming.values.reference}</dd>
              </>
            ) : null}
          </dl>
        ) : null}
        <p className="text-xs text-muted-foreground">The provider prices the transfer when it is sent; its answer is final and shown on the transfer.</p>
      </ConfirmAction>
    </div>
  );
}

/** What leaves the withdrawal balance, from the provider's current rate and the rail's fee. */
function QuotePanel({
  currency,
  quote,
  withdrawal,
  rateError,
  onRetryRate,
}: {
  currency: string;
  quote: TransferQuote | null;
  withdrawal: string | null;
  rateError: string | null;
  onRetryRate: () => void;
}) {
  return (
    <section aria-label="Quote" className="grid gap-2 rounded-md border bg-muted/30 p-4 text-sm" data-testid="transfer-quote">
      <h2 className="font-medium">Quote</h2>
      {rateError ? (
        <p role="alert" className="text-destructive">
          {rateError}{" "}
          <Button type="button" variant="link" size="inline" onClick={onRetryRate}>
            Try again
          </Button>
        </p>
      ) : null}
      {quote ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="text-muted-foreground">Rate</dt>
          <dd className="tabular-nums">{currency === "NGN" ? `${formatMoney(quote.rate, "NGN")} per USD` : `1 ${currency} = 1 USD`}</dd>
          <dt className="text-muted-foreground">Fee</dt>
          <dd className="tabular-nums" data-testid="quote-fee">
            {feeText(quote)}
          </dd>
          <dt className="text-muted-foreground">Debited from the withdrawal balance</dt>
          <dd className="font-medium tabular-nums" data-testid="quote-debit">
            {debitText(quote)}
          </dd>
          <dt className="text-muted-foreground">Withdrawal balance now</dt>
          <dd className="tabular-nums">{withdrawal !== null ? formatMoney(withdrawal, "USD") : "not known right now"}</dd>
        </dl>
      ) : (
        <p className="text-muted-foreground">
          {currency ? "Enter an amount to see the rate, fee and debit." : "Choose who receives the money, then enter an amount."}
        </p>
      )}
      <p className="text-xs text-muted-foreground">
        {currency === "NGN"
          ? "An estimate from the provider's current rate and its fee."
          : "The provider publishes no fee for this rail; it is added when the transfer is priced."}{" "}
        The provider prices the transfer when it is sent, and its answer is final.
      </p>
    </section>
  );
}

/** The fee where the provider publishes it (NGN: the rate's fee_bps); otherwise said to be unknown, never invented. */
function feeText(quote: TransferQuote): string {
  if (quote.fee === null) return "Set by the provider when sent";
  return `${formatMoney(quote.fee, "USD")}${quote.feeBps !== null ? ` (${quote.feeBps} bps)` : ""}`;
}

function debitText(quote: TransferQuote): string {
  return quote.fee === null ? `${formatMoney(quote.debitAmount, "USD")} plus the provider's fee` : formatMoney(quote.debitAmount, "USD");
}
