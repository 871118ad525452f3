"use client";
import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { Controller } from "react-hook-form";
import { toast } from "@/components/ui/toast";
import { FormError } from "@/components/forms/form-error";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Textarea } from "@/components/ui/textarea";
import { recordReviewDecision } from "@/lib/review/record-decision";
import { liveKeys } from "@/lib/live/query-keys";
import { DECISION_LABELS, DECISIONS } from "@/lib/review/flags";

/** The rules, fetched on first use (components/forms/use-action-form.ts). */
const loadRecordReviewDecisionSchema = () => import("@/lib/review/schemas").then((m) => m.recordReviewDecisionSchema);

/**
 * The approver's decision on one flagged deposit. Recording it does not change anything at the
 * provider, and it is not final until a second approver confirms it; the dialog says so.
 */
export function DecisionFormDialog({ depositId, open, onOpenChange }: { depositId: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const { form, onSubmit, pending, formError, errorOf } = useActionForm({
    schema: loadRecordReviewDecisionSchema,
    action: recordReviewDecision,
    defaultValues: { depositId, decision: undefined, reason: "" },
    onSuccess: () => {
      toast.success("Decision recorded. A second approver must confirm it before it is final.");
      onOpenChange(false);
      form.reset({ depositId, decision: undefined, reason: "" });
      void queryClient.invalidateQueries({ queryKey: liveKeys.list("deposit") });
      router.refresh();
    },
  });
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) form.reset({ depositId, decision: undefined, reason: "" });
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Record a decision</DialogTitle>
          <DialogDescription>
            Deposit <span className="font-mono">{depositId}</span>. The provider is not told: your decision is kept here, confirmed by a second approver, then
            sent to your own systems.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          <input type="hidden" {...form.register("depositId")} value={depositId} />
          <fieldset className="grid gap-2" aria-describedby={errorOf("decision") ? "decision-choice-error" : undefined}>
            <legend className="mb-2 text-sm font-medium">
              Decision
              <span aria-hidden="true" className="text-destructive">
                *
              </span>
            </legend>
            <Controller
              control={form.control}
              name="decision"
              render={({ field }) => (
                <>
                  {DECISIONS.map((d) => (
                    <label
                      key={d}
                      className="flex cursor-pointer items-start gap-3 rounded-md border p-3 has-[:checked]:border-primary has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
                    >
                      <input
                        type="radio"
                        name={field.name}
                        value={d}
                        checked={field.value === d}
                        onChange={() => field.onChange(d)}
                        onBlur={field.onBlur}
                        aria-invalid={errorOf("decision") ? true : undefined}
                        className="mt-1"
                      />
                      <span className="grid gap-0.5">
                        <span className="text-sm font-medium">{DECISION_LABELS[d].label}</span>
                        <span className="text-xs text-muted-foreground">{DECISION_LABELS[d].description}</span>
                      </span>
                    </label>
                  ))}
                </>
              )}
            />
            {errorOf("decision") ? (
              <p id="decision-choice-error" className="text-xs font-medium text-destructive">
                {errorOf("decision")}
              </p>
            ) : null}
          </fieldset>
          <Field
            label="Reason"
            htmlFor="decision-reason"
            error={errorOf("reason")}
            required
            description="The second approver, the audit trail and your systems read this."
          >
            <Textarea id="decision-reason" rows={4} {...form.register("reason")} />
          </Field>
          <FormError message={formError} />
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? "Recording…" : "Record decision"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
