/**
 * Plain-words names for what the review queue shows. Client-safe: no server imports.
 */

/** Why the provider flagged a deposit, in words a finance user acts on. Unknown codes are shown raw. */
const FLAG_EXPLANATIONS: Record<string, string> = {
  late_deposit: "Late deposit: the money arrived after the receive instruction had expired.",
  rate_expired: "Expired rate: the exchange rate tied to the funding account had expired when the money arrived.",
  temporary_account_reused: "Reused temporary account: a further deposit reached a one-time NGN account that had already been paid.",
  amount_mismatch: "Amount mismatch: the amount received differs from the amount the temporary account expected.",
  manual_review: "Manual review: the provider held the deposit for a check by its operations team.",
};

export function explainFlag(code: string | null | undefined, message?: string | null): string {
  if (!code) return message ? `Flagged: ${message}` : "Flagged for review without a reason from the provider.";
  return FLAG_EXPLANATIONS[code] ?? `Flag "${code}"${message ? `: ${message}` : ""} (not a code this app knows; read the provider's message).`;
}

export const DECISIONS = ["credit_customer", "hold", "ask_provider_to_reverse"] as const;
export type Decision = (typeof DECISIONS)[number];

export const DECISION_LABELS: Record<Decision, { label: string; description: string }> = {
  credit_customer: { label: "Credit the customer", description: "Accept the money and credit the customer in our own systems." },
  hold: { label: "Hold", description: "Keep the money unallocated until we know more." },
  ask_provider_to_reverse: { label: "Ask the provider to reverse", description: "Contact the provider's support to send the money back to the sender." },
};

export const DECISION_STATUSES = ["awaiting_confirmation", "final", "rejected", "withdrawn"] as const;
export type DecisionStatus = (typeof DECISION_STATUSES)[number];

export const DECISION_STATUS_LABELS: Record<DecisionStatus, string> = {
  awaiting_confirmation: "Awaiting a second approver",
  final: "Final",
  rejected: "Rejected by the second approver",
  withdrawn: "Withdrawn by the requester",
};

export function decisionLabel(value: string): string {
  return (DECISION_LABELS as Record<string, { label: string }>)[value]?.label ?? value;
}

/** What every outbound review event (the final decision, the credit release or off) says of its decision. */
export function decisionEventFields(d: { id: string; depositId: string; decision: string; reason: string }) {
  return { decision_id: d.id, deposit_id: d.depositId, decision: d.decision, decision_label: decisionLabel(d.decision), reason: d.reason };
}

export function decisionStatusLabel(value: string): string {
  return (DECISION_STATUS_LABELS as Record<string, string>)[value] ?? value;
}

/** Provider statuses after which a flagged deposit is settled one way or the other. */
export const PROVIDER_OUTCOMES = new Set(["COMPLETED", "FAILED", "REVERSED"]);

/**
 * Where a credit decision stands: held until the provider completes the deposit, then sent (and
 * acknowledged) to the merchant's systems, or off when the deposit failed.
 */
export const CREDIT_STAGES = ["held", "credit_sent", "credit_acknowledged", "credit_undelivered", "credit_released", "credit_off"] as const;
export type CreditStage = (typeof CREDIT_STAGES)[number];

export const CREDIT_STAGE_LABELS: Record<CreditStage, string> = {
  held: "Credit held until the provider completes the deposit",
  credit_sent: "Credit sent to your systems",
  credit_acknowledged: "Credit acknowledged by your systems",
  credit_undelivered: "Credit not acknowledged: delivery gave up",
  credit_released: "Credit released (no outbound webhook is set; see the CSV export)",
  credit_off: "Credit off: the deposit failed",
};

/** The stage from the stored state and the status of the credit webhook's delivery (null when none was queued). */
export function creditStage(state: "held" | "released" | "off", deliveryStatus: string | null): CreditStage {
  if (state === "held") return "held";
  if (state === "off") return "credit_off";
  if (deliveryStatus === null) return "credit_released";
  if (deliveryStatus === "delivered") return "credit_acknowledged";
  return deliveryStatus === "failed" ? "credit_undelivered" : "credit_sent";
}

export function creditStageLabel(stage: string): string {
  return (CREDIT_STAGE_LABELS as Record<string, string>)[stage] ?? stage;
}
