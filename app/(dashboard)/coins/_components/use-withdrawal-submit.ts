"use client";
import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { toast } from "sonner";
import type { ActionResult } from "@/lib/server-actions/safe-action";
import type { CoinsWithdrawalResult } from "@/lib/coins/schema";
import { withdrawalHref, type WithdrawalKind } from "@/lib/coins/views";
import { useAttemptKey } from "@/lib/upstream/use-attempt-key";
import { answerOrFailure } from "@/lib/server-actions/answer-or-failure";

/**
 * Submits a Coins withdrawal form through its action with the form's attempt key: sent at once
 * (on to its detail page), or waiting for a second approver (said on the form, which is cleared). The
 * key is renewed only after a success; any failure keeps it, so a retry is the same attempt.
 */
export function useWithdrawalSubmit<V extends FieldValues>(
  kind: WithdrawalKind,
  form: UseFormReturn<V>,
  action: (values: V & { attemptKey: string }) => Promise<ActionResult<CoinsWithdrawalResult>>,
  reset: V,
) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const attempt = useAttemptKey(`coins-${kind}-withdrawal`);
  const [pending, start] = useTransition();
  const [formError, setFormError] = useState<string | null>(null);
  const [waiting, setWaiting] = useState<string | null>(null);

  const submit = (values: V) => {
    setFormError(null);
    setWaiting(null);
    start(async () => {
      const r = await answerOrFailure(action({ ...values, attemptKey: attempt.current() }));
      if (r.ok) {
        attempt.renew();
        void queryClient.invalidateQueries({ queryKey: ["coins"] });
        if (r.data.outcome === "pending_approval") {
          setWaiting(r.data.summary);
          form.reset(reset);
          toast.success("The withdrawal is waiting for a second approver.");
          return;
        }
        toast.success(r.data.replayed ? "This withdrawal had already been sent." : "Withdrawal sent to the provider.");
        router.push(r.data.id ? withdrawalHref(kind, r.data.id) : "/coins/withdrawals");
        return;
      }
      const fields = Object.entries(r.fieldErrors ?? {}).filter(([name]) => name in reset);
      for (const [name, message] of fields) form.setError(name as Path<V>, { type: "server", message });
      if (fields.length === 0 || r.requestId) setFormError(r.error);
    });
  };
  return { submit, pending, formError, waiting };
}
