"use client";
import * as React from "react";
import { toast } from "@/components/ui/toast";
import { FormError } from "@/components/forms/form-error";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Textarea } from "@/components/ui/textarea";
import { rejectRequest } from "@/lib/approvals/reject-request";
import type { ApprovalRow } from "@/lib/approvals/queries";
import { formatMoney } from "@/lib/money";
import { isControl } from "./request-actions";

/** The rules, fetched on first use (components/forms/use-action-form.ts). */
const loadRejectRequestSchema = () => import("@/lib/approvals/schemas").then((m) => m.rejectRequestSchema);

/** Reject a request with a reason the requester sees (opened by RejectButton in request-actions.tsx). */
export function RejectDialog({ row, onDone, trigger }: { row: ApprovalRow; onDone: () => void; trigger: React.ReactNode }) {
  // Mounted by its button's first press (DialogOnDemand): open at once.
  const [open, setOpen] = React.useState(true);
  const { form, onSubmit, pending, formError, setFormError, errorOf } = useActionForm({
    schema: loadRejectRequestSchema,
    action: rejectRequest,
    defaultValues: { requestId: row.id, reason: "" },
    onSuccess: () => {
      toast.success(`Rejected: ${row.summary}.`);
      setOpen(false);
      onDone();
    },
  });
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (pending) return;
        setOpen(o);
        if (o) {
          form.reset({ requestId: row.id, reason: "" });
          setFormError(null);
        }
      }}
    >
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent data-testid="reject-dialog">
        <DialogHeader>
          <DialogTitle>Reject this request?</DialogTitle>
          <DialogDescription>
            {isControl(row) ? `${row.summary} will not be applied.` : `${row.summary} (${formatMoney(row.amount, row.currency)}) will not be sent.`}{" "}
            {row.requestedBy?.name ?? "The requester"} sees your reason.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <Field label="Reason" htmlFor={`reject-reason-${row.id}`} error={errorOf("reason")} required>
            <Textarea id={`reject-reason-${row.id}`} required maxLength={500} {...form.register("reason")} />
          </Field>
          <FormError message={formError} />
          <DialogFooter>
            <Button type="button" variant="outline" disabled={pending} onClick={() => setOpen(false)}>
              Keep it
            </Button>
            <Button type="submit" variant="destructive" disabled={pending} data-testid="reject-confirm">
              {pending ? "Rejecting…" : "Reject"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
