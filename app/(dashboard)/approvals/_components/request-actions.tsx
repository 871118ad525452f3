"use client";
import { useLastingError } from "@/components/forms/use-lasting-error";
import { toast } from "@/components/ui/toast";
import * as React from "react";
import { useQueryClient } from "@tanstack/react-query";
import { ConfirmAction } from "@/components/forms/confirm-action";
import { DialogOnDemand } from "@/components/page/on-demand-dialog";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Textarea } from "@/components/ui/textarea";
import { approveRequest } from "@/lib/approvals/approve-request";
import { cancelRequest } from "@/lib/approvals/cancel-request";
import { retryRequest } from "@/lib/approvals/retry-request";
import type { ApprovalRow } from "@/lib/approvals/queries";
import { liveKeys } from "@/lib/live/query-keys";
import { formatMoney } from "@/lib/money";
import { answerOrFailure } from "@/lib/server-actions/answer-or-failure";

type SendResult = { requestId: string; status: "sent" | "failed"; error?: string; retryable?: boolean };

/** After any decision: the inbox, and anything showing a balance (a sent movement changed it). */
function useRefresh() {
  const queryClient = useQueryClient();
  return React.useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: liveKeys.approvals() });
    void queryClient.invalidateQueries({ queryKey: liveKeys.balances() });
  }, [queryClient]);
}

/** A loosened control (lib/approvals/controls.ts): applied in the app, nothing is sent anywhere. */
/** A request to change a control (a limit, a key), not to move money. */
export const isControl = (row: ApprovalRow) => row.kind.startsWith("control_");

function announceSend(row: ApprovalRow, data: SendResult) {
  if (data.status === "sent") toast.success(`${isControl(row) ? "Approved and applied" : "Approved and sent"}: ${row.summary}.`);
  else toast.error(`Approved, but sending failed: ${data.error ?? "the provider did not accept it."}`);
}

/** A button that opens a confirmation and runs one action; the sentence of a refusal stays in the dialog. */
function DecisionButton({
  label,
  title,
  description,
  confirm,
  variant = "outline",
  run,
  testId,
  noteLabel,
}: {
  label: string;
  title: string;
  description: React.ReactNode;
  confirm: string;
  variant?: "default" | "outline" | "destructive";
  run: (note: string) => Promise<string | null>;
  testId: string;
  /** An optional note field (kept with the decision), labelled with this text. */
  noteLabel?: string;
}) {
  const [open, setOpen] = React.useState(false);
  const [pending, start] = React.useTransition();
  const [error, showError] = useLastingError();
  const [note, setNote] = React.useState("");
  const noteId = React.useId();
  return (
    <ConfirmAction
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        showError(null);
        if (o) setNote("");
      }}
      trigger={
        <Button variant={variant} size="sm" data-testid={`${testId}-open`}>
          {label}
        </Button>
      }
      testId={`${testId}-dialog`}
      title={title}
      description={description}
      error={error}
      cancel="Keep it"
      confirm={confirm}
      pending={pending}
      destructive={variant === "destructive"}
      confirmTestId={`${testId}-confirm`}
      onConfirm={() =>
        start(async () => {
          const failed = await run(note.trim());
          if (failed) showError(failed);
          else setOpen(false);
        })
      }
    >
      {noteLabel ? (
        <Field label={noteLabel} htmlFor={noteId} description="Kept with your decision in the audit log.">
          <Textarea id={noteId} maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} disabled={pending} />
        </Field>
      ) : null}
    </ConfirmAction>
  );
}

const loadRejectDialog = () => import("./reject-dialog").then((m) => m.RejectDialog);

/** "Reject"; the dialog and its form load at the first press (components/page/on-demand-dialog.tsx). */
function RejectButton({ row, onDone }: { row: ApprovalRow; onDone: () => void }) {
  return (
    <DialogOnDemand
      load={loadRejectDialog}
      props={{ row, onDone }}
      button={(press) => (
        <Button variant="outline" size="sm" data-testid="reject-open" {...press}>
          Reject
        </Button>
      )}
    />
  );
}

/** The buttons one row offers the viewer: the server decides which apply (and checks again). */
export function RequestActions({ row }: { row: ApprovalRow }) {
  const refresh = useRefresh();
  const amount = formatMoney(row.amount, row.currency);
  if (!row.canApprove && !row.canCancel && !row.canRetry) return <span className="sr-only">No actions</span>;
  return (
    <div className="flex flex-wrap justify-end gap-2">
      {row.canApprove ? (
        <>
          <DecisionButton
            label="Approve"
            title={isControl(row) ? "Approve this change to a control?" : `Approve and send ${amount}?`}
            description={
              isControl(row)
                ? `${row.summary}. It applies as soon as you approve, exactly as ${row.requestedBy?.name ?? "the requester"} asked.`
                : `${row.summary}. It is sent to the provider as soon as you approve, exactly as ${row.requestedBy?.name ?? "the requester"} entered it.`
            }
            confirm={isControl(row) ? "Approve" : "Approve and send"}
            variant="default"
            testId="approve"
            noteLabel="Note (optional)"
            run={async (note) => {
              const r = await answerOrFailure(approveRequest({ requestId: row.id, note: note || undefined }));
              refresh();
              if (!r.ok) return r.error;
              announceSend(row, r.data);
              return null;
            }}
          />
          <RejectButton row={row} onDone={refresh} />
        </>
      ) : null}
      {row.canRetry ? (
        <DecisionButton
          label="Send again"
          title={`Send ${amount} again?`}
          description="It is sent with the same idempotency key as before, so if the first attempt went through the provider answers with that result instead of moving the money twice."
          confirm="Send again"
          testId="retry"
          run={async () => {
            const r = await answerOrFailure(retryRequest({ requestId: row.id }));
            refresh();
            if (!r.ok) return r.error;
            announceSend(row, r.data);
            return null;
          }}
        />
      ) : null}
      {row.canCancel ? (
        <DecisionButton
          label="Cancel request"
          title="Cancel this request?"
          description={`${row.summary} will not be sent. You can submit it again later.`}
          confirm="Cancel request"
          variant="destructive"
          testId="cancel"
          run={async () => {
            const r = await answerOrFailure(cancelRequest({ requestId: row.id }));
            refresh();
            if (!r.ok) return r.error;
            toast.success("Request cancelled.");
            return null;
          }}
        />
      ) : null}
    </div>
  );
}
