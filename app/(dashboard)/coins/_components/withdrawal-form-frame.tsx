"use client";
import { invalidateCoins } from "@/app/(dashboard)/coins/_components/use-coins-query";
import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import type { ReactNode } from "react";
import type { DefaultValues, FieldValues, Path } from "react-hook-form";
import { toast } from "@/components/ui/toast";
import type { z } from "zod";
import { FormError } from "@/components/forms/form-error";
import { type SchemaSource, useActionForm } from "@/components/forms/use-action-form";
import { PendingApprovalNote } from "@/components/page/pending-approval-note";
import { VelocityUsageLine } from "@/components/page/velocity-usage";
import { Button } from "@/components/ui/button";
import type { VelocityUsage } from "@/lib/approvals/schemas";
import type { CoinsWithdrawalResult } from "@/lib/coins/schema";
import { withdrawalHref, type WithdrawalKind } from "@/lib/coins/views";
import type { ActionResult } from "@/lib/server-actions/safe-action";

/**
 * What the crypto and fiat withdrawal forms share. A withdrawal is sent at once (on to its detail
 * page), or waits for a second approver (said below the form, which is cleared). One attempt key per
 * open form, renewed only after a success, so a retry after any failure is the same attempt.
 */
export function useCoinsWithdrawalForm<S extends z.ZodType<FieldValues, FieldValues>>(opts: {
  kind: WithdrawalKind;
  schema: SchemaSource<S>;
  action: (input: z.input<S> & { attemptKey: string }) => Promise<ActionResult<CoinsWithdrawalResult>>;
  empty: DefaultValues<z.input<S>>;
  check: (values: z.output<S>) => z.output<S> | null;
}) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const { kind, empty } = opts;
  const hook = useActionForm({
    schema: opts.schema,
    action: (values, attemptKey) => opts.action({ ...values, attemptKey }),
    defaultValues: empty,
    attempt: `coins-${kind}-withdrawal`,
    check: opts.check,
    fieldOf: (name) => (name in empty ? (name as Path<z.input<S>>) : null),
    onSuccess: (data) => {
      invalidateCoins(queryClient);
      if (data.outcome === "pending_approval") {
        hook.form.reset(empty);
        toast.success("The withdrawal is waiting for a second approver.");
        return;
      }
      toast.success(data.replayed ? "This withdrawal had already been sent." : "Withdrawal sent to the provider.");
      router.push(data.id ? withdrawalHref(kind, data.id) : "/coins/withdrawals");
    },
  });
  return hook;
}

/** The form around a withdrawal's fields: its limits line, its error, the button and the note of a request that waits. */
export function CoinsWithdrawalFrame({
  kind,
  label,
  currency,
  velocity,
  onSubmit,
  pending,
  formError,
  waiting,
  children,
}: {
  kind: WithdrawalKind;
  label: string;
  currency: string;
  velocity?: VelocityUsage[];
  onSubmit: (e?: React.BaseSyntheticEvent) => Promise<void>;
  pending: boolean;
  formError: string | null;
  waiting: string | null;
  children: ReactNode;
}) {
  return (
    <div className="grid max-w-2xl gap-6">
      <form onSubmit={onSubmit} noValidate aria-label={label} data-testid={`coins-${kind}-withdrawal-form`}>
        <fieldset disabled={pending} className="grid gap-5">
          {children}
          <VelocityUsageLine usage={velocity} currency={currency} />
          <FormError message={formError} />
          <div>
            <Button type="submit" disabled={pending} data-testid={`coins-${kind}-withdrawal-submit`}>
              {pending ? "Sending…" : "Withdraw"}
            </Button>
          </div>
        </fieldset>
      </form>
      {waiting ? <PendingApprovalNote summary={waiting} testId="coins-withdrawal-pending" /> : null}
    </div>
  );
}
