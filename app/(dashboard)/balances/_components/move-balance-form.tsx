"use client";
import { VelocityUsageLine } from "@/components/page/velocity-usage";
import type { VelocityUsage } from "@/lib/approvals/schemas";
import { PendingApprovalNote } from "@/components/page/pending-approval-note";
import * as React from "react";
import { useQueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/toast";
import { FormError } from "@/components/forms/form-error";
import { useActionForm } from "@/components/forms/use-action-form";
import { ConfirmAction } from "@/components/forms/confirm-action";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { moveBalance } from "@/lib/balances/move-balance";
import type { MoveBalanceResult } from "@/lib/balances/move-schema";
import { MOVES_LIST_KEY } from "@/app/(dashboard)/balances/_components/moves-table";
import { addDecimals, compareDecimals, formatMoney, isDecimalString, subtractDecimals, toFixedDecimal } from "@/lib/money";
import { BALANCES_KEY, useBalances, type FreshBalances } from "@/components/page/balance-cards";

/** The rules, fetched on first use (components/forms/use-action-form.ts). */
const loadFormSchema = () => import("./move-form-schema").then((m) => m.moveFormSchema);

/**
 * Move USD from the collection balance to the withdrawal balance: amount, a confirmation that says
 * what will happen, then either "Moved" with the provider's answer or "Waiting for a second
 * approver". One attempt key per open form, so a double click or a retry never moves twice.
 */
export function MoveBalanceForm({ initial, velocity }: { initial: FreshBalances | null; velocity?: VelocityUsage[] }) {
  const balances = useBalances(initial);
  const collection = balances.data?.data.collectionUsd ?? null;
  const withdrawal = balances.data?.data.withdrawalUsd ?? null;
  const queryClient = useQueryClient();
  const [result, setResult] = React.useState<MoveBalanceResult | null>(null);
  const { form, onSubmit, pending, formError, errorOf, confirming, send, cancel } = useActionForm({
    schema: loadFormSchema,
    action: (values, attemptKey) => moveBalance({ amount: values.amount, attemptKey }),
    defaultValues: { amount: "" },
    attempt: "balance-move",
    // The shown collection balance bounds the amount before anything is sent; the provider's answer is final.
    check: (values) => {
      const available = isDecimalString(collection) ? collection : null;
      if (available && compareDecimals(values.amount, available) > 0) {
        form.setError("amount", { type: "max", message: `The collection balance is ${formatMoney(available, "USD")}. Enter that amount or less.` });
        return null;
      }
      return { amount: toFixedDecimal(values.amount, 2) };
    },
    confirm: true,
    fieldOf: (name) => (name === "amount" ? "amount" : null),
    onSuccess: (data) => {
      setResult(data);
      form.reset({ amount: "" });
      toast.success(
        data.outcome === "moved" ? `Moved ${formatMoney(data.amount, "USD")} to the withdrawal balance.` : "The move is waiting for a second approver.",
      );
      void queryClient.invalidateQueries({ queryKey: BALANCES_KEY });
      void queryClient.invalidateQueries({ queryKey: MOVES_LIST_KEY });
    },
  });

  const amountAfter = confirming ? confirming.values.amount : null;
  return (
    <div className="grid gap-4">
      <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Move to withdrawal balance" data-testid="move-balance-form">
        <Field
          label="Amount (USD)"
          htmlFor="move-amount"
          error={errorOf("amount")}
          description={
            collection !== null
              ? `Up to ${formatMoney(collection, "USD")}, the collection balance shown above.`
              : "The collection balance is not known right now; the provider checks the amount."
          }
          required
        >
          <Input id="move-amount" inputMode="decimal" autoComplete="off" placeholder="2500.00" required {...form.register("amount")} />
        </Field>
        <VelocityUsageLine usage={velocity} currency={"USD"} />
        <FormError message={formError} />
        <div>
          <Button type="submit" disabled={pending}>
            Review move
          </Button>
        </div>
      </form>

      <ConfirmAction
        open={confirming !== null}
        onOpenChange={(open) => (!open ? cancel() : undefined)}
        testId="move-balance-confirm"
        title={<>Move {amountAfter ? formatMoney(amountAfter, "USD") : ""} to the withdrawal balance?</>}
        description={
          <>
            The amount leaves the collection balance and becomes available for transfers and withdrawals. If it is above your organization&apos;s approval
            threshold, it waits for a second person with the approver role and nothing moves until then.
          </>
        }
        confirm="Move"
        onConfirm={send}
        pending={pending}
        pendingLabel="Moving…"
        confirmTestId="move-balance-submit"
      >
        {amountAfter && collection !== null && withdrawal !== null ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted-foreground">Collection balance after</dt>
            <dd className="tabular-nums">{formatMoney(subtractDecimals(collection, amountAfter), "USD")}</dd>
            <dt className="text-muted-foreground">Withdrawal balance after</dt>
            <dd className="tabular-nums">{formatMoney(addDecimals(withdrawal, amountAfter), "USD")}</dd>
          </dl>
        ) : null}
      </ConfirmAction>

      {result ? <MoveResult result={result} /> : null}
    </div>
  );
}

function MoveResult({ result }: { result: MoveBalanceResult }) {
  if (result.outcome === "pending_approval") {
    return <PendingApprovalNote summary={result.summary} testId="move-balance-pending" untouched="moved" />;
  }
  return (
    <div role="status" className="grid gap-1 rounded-lg border border-success/50 bg-success/10 p-4 text-sm" data-testid="move-balance-moved">
      <p className="font-medium">Moved</p>
      <p>
        {formatMoney(result.amount, "USD")} moved to the withdrawal balance ({result.status.toLowerCase()}).
        {result.replayed ? " This form had already been sent; this is the provider's earlier answer." : ""}
      </p>
      {result.balance ? (
        <p className="text-muted-foreground">
          Collection balance now {formatMoney(result.balance.collectionUsd, "USD")}, withdrawal balance {formatMoney(result.balance.withdrawalUsd, "USD")}.
        </p>
      ) : null}
      <p className="font-mono text-xs text-muted-foreground">Reference {result.id}</p>
    </div>
  );
}
