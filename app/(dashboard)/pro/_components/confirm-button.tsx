"use client";
import { useState, useTransition } from "react";
import { ConfirmAction } from "@/components/forms/confirm-action";
import { Button } from "@/components/ui/button";
import type { ActionResult } from "@/lib/server-actions/safe-action";
import { useAttemptKey } from "@/lib/upstream/use-attempt-key";
import { answerOrFailure } from "@/lib/server-actions/answer-or-failure";

/**
 * A button that runs one server action after a confirmation saying what it does. The action gets
 * this button's attempt key (renewed only after a success), so a double click or a retry after a
 * lost answer is the same attempt. A refusal stays in the dialog, next to the choice to retry.
 */
export function ConfirmButton<T>({
  label,
  ariaLabel,
  title,
  body,
  confirm,
  pendingLabel = "Working…",
  cancel = "Keep it",
  destructive = false,
  disabled = false,
  formId,
  run,
  onDone,
  testId,
  size = "sm",
  variant = "outline",
}: {
  label: string;
  ariaLabel?: string;
  title: string;
  body: React.ReactNode;
  confirm: string;
  pendingLabel?: string;
  cancel?: string;
  destructive?: boolean;
  disabled?: boolean;
  /** Names the attempt key's slot, e.g. `pro-cancel-<order id>`. */
  formId: string;
  run: (attemptKey: string) => Promise<ActionResult<T>>;
  onDone: (data: T) => void;
  testId?: string;
  size?: "sm" | "default";
  variant?: "outline" | "destructive";
}) {
  const attempt = useAttemptKey(formId);
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, start] = useTransition();
  const go = () =>
    start(async () => {
      setError(null);
      const r = await answerOrFailure(run(attempt.current()));
      if (!r.ok) {
        setError(r.error);
        return;
      }
      attempt.renew();
      setOpen(false);
      onDone(r.data);
    });
  return (
    <ConfirmAction
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button type="button" variant={variant} size={size} disabled={disabled} aria-label={ariaLabel} data-testid={testId}>
          {label}
        </Button>
      }
      testId={testId ? `${testId}-confirm` : undefined}
      title={title}
      description={body}
      error={error}
      cancel={cancel}
      confirm={confirm}
      onConfirm={go}
      pending={pending}
      pendingLabel={pendingLabel}
      destructive={destructive}
      confirmTestId={testId ? `${testId}-submit` : undefined}
    />
  );
}
