"use client";
import { useLastingError } from "@/components/forms/use-lasting-error";
import * as React from "react";
import { toast } from "@/components/ui/toast";
import { ConfirmAction } from "@/components/forms/confirm-action";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Textarea } from "@/components/ui/textarea";
import { confirmReviewDecision } from "@/lib/review/confirm-decision";
import { decisionLabel } from "@/lib/review/flags";
import { rejectReviewDecision } from "@/lib/review/reject-decision";
import { answerOrFailure } from "@/lib/server-actions/answer-or-failure";

/** A decision awaiting a second approver, as far as confirming or rejecting it needs. */
export interface AwaitingDecision {
  id: string;
  depositId: string;
  decision: string;
  decidedBy: { id: string; name: string };
}

/** What the server answered: "final" with the credit's state, or "rejected" / "withdrawn". */
export interface SecondApprovalOutcome {
  status: string;
  /** null (not a credit decision), "held", "released" or "off". */
  credit: string | null;
}

type Kind = "confirm" | "reject";

function announce(kind: Kind, mine: boolean, credit: string | null) {
  if (kind === "reject") return toast.success(mine ? "Decision withdrawn." : "Decision rejected.");
  toast.success(
    credit === "held"
      ? "Decision confirmed. The credit is held until the provider completes the deposit."
      : credit === "off"
        ? "Decision confirmed, but the provider reports the deposit failed: your systems are told the credit is off."
        : "Decision confirmed. It is final and on its way to your systems.",
  );
}

/**
 * Confirm or reject a deposit review decision (withdraw it, for the person who recorded it): the
 * one way to do it, on the deposit's page, in the review queue and in the approvals inbox. Each
 * button opens a confirmation with a note; the server checks again (role, four eyes, still open)
 * and its refusal stays in the dialog. `onDecided` updates the caller's view in place;
 * `afterDecided` takes focus once the dialog has closed, since the buttons leave with the decision.
 */
export function SecondApprovalActions({
  decision,
  currentUserId,
  onDecided,
  afterDecided,
  size = "default",
  context,
}: {
  decision: AwaitingDecision;
  currentUserId: string;
  onDecided: (outcome: SecondApprovalOutcome) => void;
  afterDecided?: () => void;
  size?: "default" | "sm";
  /** Said to screen readers after each button's label where several decisions share a page ("on deposit …"). */
  context?: string;
}) {
  const mine = decision.decidedBy.id === currentUserId;
  const what = `${decisionLabel(decision.decision)} on deposit ${decision.depositId}`;
  return (
    <div className="grid gap-2">
      {mine ? <p className="text-xs text-muted-foreground">You recorded this decision, so a different approver must confirm it.</p> : null}
      <div className="flex flex-wrap gap-2">
        {mine ? null : (
          <DecisionStep
            kind="confirm"
            decision={decision}
            mine={mine}
            size={size}
            context={context}
            label="Confirm decision"
            title="Confirm this decision?"
            description={`${what}, recorded by ${decision.decidedBy.name}. Once you confirm, it is final and sent to your own systems; a decision to credit the customer is held until the provider completes the deposit. The provider is not told.`}
            confirm="Confirm decision"
            noteLabel="Note (optional)"
            onDecided={onDecided}
            afterDecided={afterDecided}
          />
        )}
        <DecisionStep
          kind="reject"
          decision={decision}
          mine={mine}
          size={size}
          context={context}
          label={mine ? "Withdraw" : "Reject"}
          title={mine ? "Withdraw your decision?" : "Reject this decision?"}
          description={
            mine
              ? `${what}. It will not be final, and a new decision can be recorded.`
              : `${what}, recorded by ${decision.decidedBy.name}. It will not be final, and a new decision can be recorded. ${decision.decidedBy.name} reads your note.`
          }
          confirm={mine ? "Withdraw" : "Reject"}
          noteLabel={mine ? "Why you withdraw it" : "Note for the requester"}
          noteRequired
          onDecided={onDecided}
          afterDecided={afterDecided}
        />
      </div>
    </div>
  );
}

function DecisionStep({
  kind,
  decision,
  mine,
  size,
  context,
  label,
  title,
  description,
  confirm,
  noteLabel,
  noteRequired = false,
  onDecided,
  afterDecided,
}: {
  kind: Kind;
  decision: AwaitingDecision;
  mine: boolean;
  size: "default" | "sm";
  context?: string;
  label: string;
  title: string;
  description: string;
  confirm: string;
  noteLabel: string;
  noteRequired?: boolean;
  onDecided: (outcome: SecondApprovalOutcome) => void;
  afterDecided?: () => void;
}) {
  const [open, setOpen] = React.useState(false);
  const [pending, start] = React.useTransition();
  const [error, showError] = useLastingError();
  const [noteError, setNoteError] = React.useState<string | undefined>(undefined);
  const [note, setNote] = React.useState("");
  const noteId = `${kind}-note-${decision.id}`;
  const decided = React.useRef(false);
  const run = () =>
    start(async () => {
      showError(null);
      setNoteError(undefined);
      const trimmed = note.trim();
      const r =
        kind === "confirm"
          ? await answerOrFailure(confirmReviewDecision({ decisionId: decision.id, note: trimmed || undefined }))
          : await answerOrFailure(rejectReviewDecision({ decisionId: decision.id, note: trimmed }));
      if (!r.ok) {
        if (r.fieldErrors?.note) setNoteError(r.fieldErrors.note);
        else showError(r.error);
        return;
      }
      const credit = (r.data as { credit?: string | null }).credit ?? null;
      decided.current = true;
      announce(kind, mine, credit);
      setOpen(false);
      onDecided({ status: r.data.status, credit });
    });
  return (
    <ConfirmAction
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        showError(null);
        setNoteError(undefined);
        if (o) setNote("");
      }}
      trigger={
        <Button variant={kind === "confirm" ? "default" : "outline"} size={size} data-testid={`review-${kind}-open`}>
          {label}
          {context ? <span className="sr-only"> {context}</span> : null}
        </Button>
      }
      testId={`review-${kind}-dialog`}
      title={title}
      description={description}
      error={error}
      cancel="Keep it"
      confirm={confirm}
      pending={pending}
      pendingLabel={kind === "confirm" ? "Confirming…" : mine ? "Withdrawing…" : "Rejecting…"}
      destructive={kind === "reject" && !mine}
      confirmTestId={`review-${kind}-confirm`}
      onConfirm={run}
      onCloseAutoFocus={(e) => {
        if (decided.current && afterDecided) {
          e.preventDefault();
          afterDecided();
        }
      }}
    >
      <Field label={noteLabel} htmlFor={noteId} error={noteError} required={noteRequired} description="Kept with the decision and in the audit log.">
        <Textarea id={noteId} rows={2} maxLength={2000} value={note} onChange={(e) => setNote(e.target.value)} disabled={pending} />
      </Field>
    </ConfirmAction>
  );
}
