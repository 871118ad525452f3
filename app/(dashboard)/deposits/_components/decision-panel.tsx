"use client";
import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { toast } from "@/components/ui/toast";
import { FormError } from "@/components/forms/form-error";
import { DecisionDialog } from "@/app/(dashboard)/deposits/_components/decision-dialog";
import { StatusBadge } from "@/components/timeline/status-badge";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { confirmReviewDecision } from "@/lib/review/confirm-decision";
import { rejectReviewDecision } from "@/lib/review/reject-decision";
import { formatDateTime } from "@/lib/format";
import { liveKeys } from "@/lib/live/query-keys";
import { creditStageLabel, decisionLabel, decisionStatusLabel } from "@/lib/review/flags";
import { answerOrFailure } from "@/lib/server-actions/answer-or-failure";

export interface DecisionItem {
  id: string;
  decision: string;
  reason: string;
  status: string;
  decidedBy: { id: string; name: string };
  confirmedBy: { id: string; name: string } | null;
  confirmedAt: string | null;
  confirmNote: string | null;
  createdAt: string;
  statusAtDecision: string;
  providerOutcome: { status: string; at: string | null } | null;
  delivery: { status: string; attempts: number; lastError: string | null } | null;
  credit: CreditItem | null;
}

export interface CreditItem {
  state: string;
  stage: string;
  heldAt: string | null;
  changedAt: string | null;
  event: { name: string; occurredAt: string | null } | null;
  delivery: { status: string; attempts: number; lastError: string | null; deliveredAt: string | null } | null;
}

const CREDIT_VARIANT: Record<string, "success" | "warning" | "destructive"> = { held: "warning", released: "success", off: "destructive" };

const STATUS_VARIANT: Record<string, "success" | "warning" | "destructive" | "secondary"> = {
  final: "success",
  awaiting_confirmation: "warning",
  rejected: "destructive",
  withdrawn: "secondary",
};

/** The team's decisions on one deposit next to what the provider did, with confirm and reject for a second approver. */
export function DecisionPanel({
  depositId,
  providerStatus,
  decisions,
  canDecide,
  currentUserId,
}: {
  depositId: string;
  providerStatus: string;
  decisions: DecisionItem[];
  canDecide: boolean;
  currentUserId: string;
}) {
  const [open, setOpen] = useState(false);
  const hasOpenOrFinal = decisions.some((d) => d.status === "awaiting_confirmation" || d.status === "final");
  const flagged = providerStatus === "REQUIRES_REVIEW" || providerStatus === "FLAGGED";
  return (
    <section aria-labelledby="decision-heading" className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="decision-heading" className="text-base font-semibold">
          Team decision
        </h2>
        {canDecide && flagged && !hasOpenOrFinal ? <Button onClick={() => setOpen(true)}>Record a decision</Button> : null}
      </div>
      <p className="text-sm text-muted-foreground">
        The provider has no way to accept a decision, so recording one never changes the deposit&apos;s status there. Final decisions go to your own systems by
        signed webhook and appear in the CSV export. A decision to credit the customer is held until the provider completes the deposit: only then are your
        systems told to credit, and they are told the credit is off if the deposit fails.
      </p>
      {decisions.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
          {flagged ? "No decision yet." : "No decision was recorded for this deposit."}
        </p>
      ) : (
        <ol className="grid gap-3">
          {decisions.map((d) => (
            <li key={d.id} className="grid gap-2 rounded-lg border p-4" data-testid="review-decision">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium">{decisionLabel(d.decision)}</span>
                <Badge variant={STATUS_VARIANT[d.status] ?? "secondary"}>{decisionStatusLabel(d.status)}</Badge>
              </div>
              <p className="text-sm whitespace-pre-wrap">{d.reason}</p>
              <dl className="grid gap-1 text-xs text-muted-foreground sm:grid-cols-2">
                <div>
                  <dt className="inline">Recorded by </dt>
                  <dd className="inline">
                    {d.decidedBy.name}, {formatDateTime(d.createdAt)}
                  </dd>
                </div>
                {d.confirmedBy ? (
                  <div>
                    <dt className="inline">{d.status === "final" ? "Confirmed by " : d.status === "withdrawn" ? "Withdrawn by " : "Rejected by "}</dt>
                    <dd className="inline">
                      {d.confirmedBy.name}, {formatDateTime(d.confirmedAt)}
                      {d.confirmNote ? ` — “${d.confirmNote}”` : ""}
                    </dd>
                  </div>
                ) : null}
                <div>
                  <dt className="inline">Provider status when decided </dt>
                  <dd className="inline">
                    <StatusBadge status={d.statusAtDecision} />
                  </dd>
                </div>
                <div>
                  <dt className="inline">Provider status now </dt>
                  <dd className="inline">
                    <StatusBadge status={d.providerOutcome?.status ?? providerStatus} />
                    {d.providerOutcome ? (
                      <span> (changed by the provider{d.providerOutcome.at ? `, ${formatDateTime(d.providerOutcome.at)}` : ""})</span>
                    ) : null}
                  </dd>
                </div>
                {d.delivery ? (
                  <div>
                    <dt className="inline">Sent to your systems </dt>
                    <dd className="inline">
                      {d.delivery.status === "delivered"
                        ? "acknowledged"
                        : d.delivery.status === "failed"
                          ? `gave up after ${d.delivery.attempts} attempts`
                          : `pending (${d.delivery.attempts} attempt${d.delivery.attempts === 1 ? "" : "s"} so far${d.delivery.lastError ? `: ${d.delivery.lastError}` : ""})`}
                    </dd>
                  </div>
                ) : null}
              </dl>
              {d.credit ? <CreditSteps credit={d.credit} /> : null}
              {d.status === "awaiting_confirmation" && canDecide ? <SecondApproval decision={d} currentUserId={currentUserId} /> : null}
            </li>
          ))}
        </ol>
      )}
      {canDecide ? <DecisionDialog depositId={depositId} open={open} onOpenChange={setOpen} /> : null}
    </section>
  );
}

/** The credit's own timeline: held at confirmation, then released or called off by the provider's event, then acknowledged. */
function CreditSteps({ credit }: { credit: CreditItem }) {
  const steps: { label: string; at: string | null }[] = [{ label: "Held until the provider completes the deposit", at: credit.heldAt }];
  if (credit.state === "released")
    steps.push({ label: `Released by the provider's ${credit.event?.name ?? "deposit.completed"} event; credit instruction queued`, at: credit.changedAt });
  if (credit.state === "off")
    steps.push({
      label: `Called off by the provider's ${credit.event?.name ?? "deposit.failed"} event; your systems are told not to credit`,
      at: credit.changedAt,
    });
  if (credit.delivery?.status === "delivered")
    steps.push({
      label: credit.state === "off" ? "Credit-off notice acknowledged by your systems" : "Credit acknowledged by your systems",
      at: credit.delivery.deliveredAt,
    });
  return (
    <div className="grid gap-2 border-t pt-3" data-testid="credit-state" data-credit-stage={credit.stage}>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-medium">Credit</span>
        <Badge variant={CREDIT_VARIANT[credit.state] ?? "secondary"}>{creditStageLabel(credit.stage)}</Badge>
      </div>
      <ol className="grid gap-1 text-xs text-muted-foreground" aria-label="Credit timeline">
        {steps.map((step) => (
          <li key={step.label}>
            {step.label}
            {step.at ? `, ${formatDateTime(step.at)}` : ""}
          </li>
        ))}
        {credit.delivery && credit.delivery.status !== "delivered" ? (
          <li>
            {credit.delivery.status === "failed"
              ? `Delivery gave up after ${credit.delivery.attempts} attempts`
              : `Delivery pending (${credit.delivery.attempts} attempt${credit.delivery.attempts === 1 ? "" : "s"} so far${credit.delivery.lastError ? `: ${credit.delivery.lastError}` : ""})`}
          </li>
        ) : null}
      </ol>
    </div>
  );
}

function SecondApproval({ decision, currentUserId }: { decision: DecisionItem; currentUserId: string }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, start] = useTransition();
  const mine = decision.decidedBy.id === currentUserId;
  const done = (message: string) => {
    toast.success(message);
    void queryClient.invalidateQueries({ queryKey: liveKeys.list("deposit") });
    router.refresh();
  };
  const run = (kind: "confirm" | "reject") =>
    start(async () => {
      setError(null);
      const r =
        kind === "confirm"
          ? await answerOrFailure(confirmReviewDecision({ decisionId: decision.id, note: note || undefined }))
          : await answerOrFailure(rejectReviewDecision({ decisionId: decision.id, note }));
      if (!r.ok) {
        setError(r.fieldErrors?.note ?? r.error);
        return;
      }
      const credit = kind === "confirm" && "credit" in r.data ? r.data.credit : null;
      done(
        kind !== "confirm"
          ? mine
            ? "Decision withdrawn."
            : "Decision rejected."
          : credit === "held"
            ? "Decision confirmed. The credit is held until the provider completes the deposit."
            : credit === "off"
              ? "Decision confirmed, but the provider reports the deposit failed: your systems are told the credit is off."
              : "Decision confirmed. It is final and on its way to your systems.",
      );
    });
  const noteId = `note-${decision.id}`;
  return (
    <div className="grid gap-2 border-t pt-3">
      <Label htmlFor={noteId}>{mine ? "Note (needed to withdraw)" : "Note for the requester (needed to reject)"}</Label>
      <Textarea id={noteId} rows={2} value={note} onChange={(e) => setNote(e.target.value)} />
      {mine ? <p className="text-xs text-muted-foreground">You recorded this decision, so a different approver must confirm it.</p> : null}
      <FormError message={error} />
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => run("confirm")} disabled={pending}>
          Confirm decision
        </Button>
        <Button variant="outline" onClick={() => run("reject")} disabled={pending}>
          {mine ? "Withdraw" : "Reject"}
        </Button>
      </div>
    </div>
  );
}
