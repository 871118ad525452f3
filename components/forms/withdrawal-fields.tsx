"use client";
import { Controller, type Path, type UseFormReturn } from "react-hook-form";
import { useActionForm } from "@/components/forms/use-action-form";
import { ConfirmAction } from "@/components/forms/confirm-action";
import { FormError } from "@/components/forms/form-error";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { OptionSelect } from "@/components/ui/option-select";
import { compareDecimals, formatMoney, isDecimalString, subtractDecimals, toFixedDecimal } from "@/lib/money";
import { addressHint } from "@/lib/withdrawals/address";
import { chainsFor, WITHDRAWAL_TOKENS } from "@/lib/withdrawals/rails";
import type { WithdrawalFormValues } from "@/lib/withdrawals/schema";
import type { ActionResult } from "@/lib/server-actions/safe-action";

/** The rules, fetched on first use (components/forms/use-action-form.ts). */
const loadWithdrawalFormSchema = () => import("@/lib/withdrawals/schema").then((m) => m.withdrawalFormSchema);

/**
 * What the two on-chain withdrawal forms share (a merchant withdrawal, and a withdrawal from the
 * balances page): the fields, the bound by the shown withdrawal balance, the reviewed values and the
 * provider's refusals at their fields. Each form keeps its own action, wording and result.
 */
type Values = WithdrawalFormValues;

/** With one enabled token (and one chain for it) there is nothing to choose: both start chosen. */
export function withdrawalDefaults(): Values {
  const token = WITHDRAWAL_TOKENS.length === 1 ? WITHDRAWAL_TOKENS[0]! : "";
  const chains = token ? chainsFor(token) : [];
  return { amount: "", token, chain: chains.length === 1 ? chains[0]! : "", destination_address: "" };
}

/**
 * The form hook for an on-chain withdrawal: the shown withdrawal balance bounds the amount, the
 * reviewed values (amount to two decimals) wait for the confirmation, and the provider's refusals
 * land at their fields. `attempt` is the form's attempt key id; the action gets the key.
 */
export function useWithdrawalForm<T>(opts: {
  available: string | null;
  attempt: string;
  action: (values: Values & { attemptKey: string }) => Promise<ActionResult<T>>;
  onSuccess: (data: T, values: Values) => void;
}) {
  const defaults = withdrawalDefaults();
  const hook = useActionForm({
    schema: loadWithdrawalFormSchema,
    action: (values, attemptKey) => opts.action({ ...values, attemptKey }),
    defaultValues: defaults,
    attempt: opts.attempt,
    fieldOf: (name) => (name in defaults ? (name as Path<Values>) : null),
    check: (values) => {
      const balance = isDecimalString(opts.available) ? opts.available : null;
      if (balance && compareDecimals(values.amount, balance) > 0) {
        hook.form.setError("amount", {
          type: "max",
          message: `The withdrawal balance is ${formatMoney(balance, "USD")}. Enter that amount or less (the provider's fee comes on top).`,
        });
        return null;
      }
      return { ...values, amount: toFixedDecimal(values.amount, 2) };
    },
    confirm: true,
    onSuccess: opts.onSuccess,
  });
  const reset = () => hook.form.reset(withdrawalDefaults());
  return { ...hook, reset };
}

/**
 * The withdrawal form and its confirmation: the fields, `children` under them (a limits line), the
 * error, the review button, and the dialog that sends. `title` is the confirmation's question for
 * the reviewed amount.
 */
export function WithdrawalForm({
  hook,
  ariaLabel,
  testId,
  idPrefix,
  testIdPrefix,
  available,
  balanceNote,
  unknownNote,
  title,
  gap,
  children,
}: {
  hook: Pick<ReturnType<typeof useWithdrawalForm>, "form" | "onSubmit" | "pending" | "formError" | "confirming" | "send" | "cancel">;
  ariaLabel: string;
  testId: string;
  idPrefix: string;
  testIdPrefix: string;
  available: string | null;
  balanceNote: string;
  unknownNote?: string | null;
  title: (amount: string) => string;
  gap: "gap-4" | "gap-5";
  children?: React.ReactNode;
}) {
  const { form, onSubmit, pending, formError, confirming, send, cancel } = hook;
  return (
    <>
      <form onSubmit={onSubmit} noValidate aria-label={ariaLabel} data-testid={testId}>
        <fieldset disabled={pending} className={`grid ${gap}`}>
          <WithdrawalFields form={form} idPrefix={idPrefix} available={available} balanceNote={balanceNote} unknownNote={unknownNote} />
          {children}
          <FormError message={formError} />
          <div>
            <Button type="submit" disabled={pending}>
              Review withdrawal
            </Button>
          </div>
        </fieldset>
      </form>
      <WithdrawalConfirmDialog
        confirming={confirming}
        onClose={cancel}
        onSend={send}
        pending={pending}
        available={available}
        title={title(confirming ? formatMoney(confirming.values.amount, "USD") : "")}
        testIdPrefix={testIdPrefix}
      />
    </>
  );
}

function WithdrawalFields({
  form,
  idPrefix,
  available,
  balanceNote,
  unknownNote,
}: {
  form: UseFormReturn<Values>;
  idPrefix: string;
  available: string | null;
  /** What the bound is, e.g. "the withdrawal balance shown above". */
  balanceNote: string;
  /** Why the balance is not known, when the page could not read it. */
  unknownNote?: string | null;
}) {
  const errorOf = (name: Path<Values>) => form.formState.errors[name]?.message;
  const [token, chain] = form.watch(["token", "chain"]);
  const select = (name: "token" | "chain", placeholder: string, options: string[]) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <OptionSelect
          id={`${idPrefix}-${name}`}
          width="w-full"
          value={field.value}
          onValueChange={(v) => field.onChange(v)}
          onBlur={field.onBlur}
          placeholder={placeholder}
          options={options.map((o) => ({ value: o, label: o }))}
        />
      )}
    />
  );
  return (
    <>
      <Field
        label="Amount (USD)"
        htmlFor={`${idPrefix}-amount`}
        error={errorOf("amount")}
        description={
          available !== null
            ? `Up to ${formatMoney(available, "USD")}, ${balanceNote}; the provider's fee is debited on top.`
            : (unknownNote ?? "The withdrawal balance is not known right now; the provider checks the amount.")
        }
        required
      >
        <Input id={`${idPrefix}-amount`} inputMode="decimal" autoComplete="off" placeholder="250.00" {...form.register("amount")} />
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Token" htmlFor={`${idPrefix}-token`} error={errorOf("token")} required>
          {select("token", "Choose a token", WITHDRAWAL_TOKENS)}
        </Field>
        <Field label="Chain" htmlFor={`${idPrefix}-chain`} error={errorOf("chain")} description="Only the rails the provider has enabled are listed." required>
          {select("chain", "Choose a chain", token ? chainsFor(token) : [])}
        </Field>
      </div>
      <Field
        label="Destination address"
        htmlFor={`${idPrefix}-address`}
        error={errorOf("destination_address")}
        description={`${addressHint(chain || "")} Funds sent to a wrong address cannot be recovered.`}
        required
      >
        <Input
          id={`${idPrefix}-address`}
          autoComplete="off"
          spellCheck={false}
          className="font-mono"
          placeholder="0x…"
          {...form.register("destination_address")}
        />
      </Field>
    </>
  );
}

/** The review step: what will be sent, where, and the balance after it, before anything leaves. */
function WithdrawalConfirmDialog({
  confirming: held,
  onClose,
  onSend,
  pending,
  available,
  title,
  testIdPrefix,
}: {
  confirming: { values: Values } | null;
  onClose: () => void;
  onSend: () => void;
  pending: boolean;
  available: string | null;
  title: string;
  testIdPrefix: string;
}) {
  const confirming = held?.values ?? null;
  return (
    <ConfirmAction
      open={confirming !== null}
      onOpenChange={(open) => (!open ? onClose() : undefined)}
      testId={`${testIdPrefix}-confirm`}
      title={title}
      description={
        <>
          The provider sends this amount as {confirming?.token} on {confirming?.chain} and debits it, plus its fee, from the withdrawal balance. An on-chain
          send cannot be reversed. Above your organization&apos;s approval threshold it waits for a second person with the approver role, and nothing is sent
          until then.
        </>
      }
      confirm="Withdraw"
      onConfirm={onSend}
      pending={pending}
      pendingLabel="Sending…"
      confirmTestId={`${testIdPrefix}-submit`}
    >
      {confirming ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted-foreground">To</dt>
          <dd className="font-mono break-all">{confirming.destination_address}</dd>
          {available !== null ? (
            <>
              <dt className="text-muted-foreground">Balance after, before the fee</dt>
              <dd className="tabular-nums">{formatMoney(subtractDecimals(available, confirming.amount), "USD")}</dd>
            </>
          ) : null}
        </dl>
      ) : null}
    </ConfirmAction>
  );
}
