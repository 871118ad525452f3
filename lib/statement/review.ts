import "server-only";
/**
 * Review reconciliation: every deposit the provider flagged has a decision of the team, and every
 * final "credit the customer" decision reached the merchant's systems (its credit-release webhook
 * was delivered, which the merchant's endpoint acknowledged with a 2xx). What is not is listed.
 *
 * A deposit counts as flagged when the copy shows it in review (status or settlement status) or the
 * provider sent a deposit.requires_review event for it (it may have completed since).
 */
import { db } from "@/lib/db";
import { CREDIT_RELEASE_EVENT } from "@/lib/review/credit";
import type { StatementScope } from "./read";

export type ReviewGap =
  /** Flagged, and the team has recorded nothing (or only rejected or withdrawn decisions). */
  | "no_decision"
  /** A decision waits for a second approver. */
  | "awaiting_confirmation"
  /** Credit decided; the provider has not completed the deposit yet, so nothing was sent. */
  | "credit_held"
  /** Credit released, and its webhook is not delivered (pending, retrying, given up or never queued). */
  | "credit_not_delivered";

export interface ReviewGapRow {
  gap: ReviewGap;
  depositId: string;
  decisionId: string | null;
  /** The deposit's status in the copy, null when the copy does not hold it. */
  depositStatus: string | null;
  amount: string | null;
  currency: string | null;
  /** The newest credit-release delivery: pending, delivered, failed; null when none was queued. */
  delivery: { status: string; attempts: number; lastError: string | null } | null;
  at: string | null;
}

export interface ReviewReconciliation {
  flaggedDeposits: number;
  creditDecisions: number;
  gaps: ReviewGapRow[];
}

export const REVIEW_GAP_LIMIT = 200;

export async function readReviewReconciliation(scope: StatementScope): Promise<ReviewReconciliation> {
  const rows = await db.$queryRawUnsafe<
    {
      gap: ReviewGap;
      deposit_id: string;
      decision_id: string | null;
      deposit_status: string | null;
      amount: string | null;
      currency: string | null;
      delivery_status: string | null;
      attempts: number | null;
      last_error: string | null;
      at: Date | null;
      flagged_total: number;
      credit_total: number;
    }[]
  >(
    `WITH flagged AS (
       SELECT provider_id AS deposit_id FROM synced_objects
        WHERE organization_id = $1::uuid AND environment = $2::"Environment" AND kind = 'deposit'
          AND (status IN ('REQUIRES_REVIEW', 'FLAGGED') OR data->>'settlement_status' IN ('REQUIRES_REVIEW', 'FLAGGED'))
       UNION
       SELECT resource_id FROM webhook_events
        WHERE organization_id = $1::uuid AND environment = $2::"Environment" AND name = 'deposit.requires_review' AND resource_id IS NOT NULL
     ),
     open_decision AS (
       SELECT DISTINCT ON (deposit_id) deposit_id, id, status, decision, credit_state, created_at
         FROM review_decisions
        WHERE organization_id = $1::uuid AND environment = $2::"Environment" AND status IN ('awaiting_confirmation', 'final')
        ORDER BY deposit_id, created_at DESC
     ),
     credit AS (
       SELECT d.id, d.deposit_id, d.credit_state, d.created_at,
              (SELECT o.status FROM outbound_deliveries o WHERE o.decision_id = d.id AND o.event = $3 ORDER BY o.created_at DESC LIMIT 1) AS delivery_status,
              (SELECT o.attempts FROM outbound_deliveries o WHERE o.decision_id = d.id AND o.event = $3 ORDER BY o.created_at DESC LIMIT 1) AS attempts,
              (SELECT o.last_error FROM outbound_deliveries o WHERE o.decision_id = d.id AND o.event = $3 ORDER BY o.created_at DESC LIMIT 1) AS last_error
         FROM review_decisions d
        WHERE d.organization_id = $1::uuid AND d.environment = $2::"Environment" AND d.status = 'final' AND d.decision = 'credit_customer'
     ),
     gaps AS (
       SELECT CASE WHEN od.id IS NULL THEN 'no_decision' ELSE 'awaiting_confirmation' END AS gap,
              f.deposit_id, od.id AS decision_id, NULL::text AS delivery_status, NULL::int AS attempts, NULL::text AS last_error, od.created_at AS at
         FROM flagged f LEFT JOIN open_decision od ON od.deposit_id = f.deposit_id
        WHERE od.id IS NULL OR od.status = 'awaiting_confirmation'
       UNION ALL
       SELECT CASE WHEN c.credit_state = 'held' THEN 'credit_held' ELSE 'credit_not_delivered' END,
              c.deposit_id, c.id, c.delivery_status, c.attempts, c.last_error, c.created_at
         FROM credit c
        WHERE c.credit_state IS DISTINCT FROM 'off' AND c.delivery_status IS DISTINCT FROM 'delivered'
     )
     SELECT g.gap, g.deposit_id, g.decision_id::text AS decision_id, s.status AS deposit_status, s.amount::text AS amount, s.currency,
            g.delivery_status, g.attempts, g.last_error, COALESCE(g.at, s.provider_created_at) AS at,
            (SELECT count(*) FROM flagged)::int AS flagged_total, (SELECT count(*) FROM credit)::int AS credit_total
       FROM gaps g
       LEFT JOIN synced_objects s
         ON s.organization_id = $1::uuid AND s.environment = $2::"Environment" AND s.kind = 'deposit' AND s.provider_id = g.deposit_id
      ORDER BY at NULLS LAST, g.deposit_id LIMIT $4`,
    scope.organizationId,
    scope.environment,
    CREDIT_RELEASE_EVENT,
    REVIEW_GAP_LIMIT,
  );
  const counts =
    rows[0] ??
    (
      await db.$queryRawUnsafe<{ flagged_total: number; credit_total: number }[]>(
        `SELECT (SELECT count(DISTINCT x) FROM (
                   SELECT provider_id AS x FROM synced_objects WHERE organization_id = $1::uuid AND environment = $2::"Environment" AND kind = 'deposit'
                      AND (status IN ('REQUIRES_REVIEW', 'FLAGGED') OR data->>'settlement_status' IN ('REQUIRES_REVIEW', 'FLAGGED'))
                   UNION SELECT resource_id FROM webhook_events WHERE organization_id = $1::uuid AND environment = $2::"Environment"
                      AND name = 'deposit.requires_review' AND resource_id IS NOT NULL) f)::int AS flagged_total,
                (SELECT count(*) FROM review_decisions WHERE organization_id = $1::uuid AND environment = $2::"Environment"
                    AND status = 'final' AND decision = 'credit_customer')::int AS credit_total`,
        scope.organizationId,
        scope.environment,
      )
    )[0]!;
  return {
    flaggedDeposits: counts.flagged_total,
    creditDecisions: counts.credit_total,
    gaps: rows.map((r) => ({
      gap: r.gap,
      depositId: r.deposit_id,
      decisionId: r.decision_id,
      depositStatus: r.deposit_status,
      amount: r.amount === null ? null : r.amount.includes(".") ? r.amount.replace(/\.?0+$/, "") : r.amount,
      currency: r.currency,
      delivery: r.delivery_status === null ? null : { status: r.delivery_status, attempts: r.attempts ?? 0, lastError: r.last_error },
      at: r.at ? r.at.toISOString() : null,
    })),
  };
}

export const GAP_LABEL: Record<ReviewGap, string> = {
  no_decision: "Flagged, no decision recorded",
  awaiting_confirmation: "Decision waits for a second approver",
  credit_held: "Credit decided, held until the provider completes the deposit",
  credit_not_delivered: "Credit released, not acknowledged by the merchant's systems",
};
