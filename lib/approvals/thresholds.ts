/**
 * Approval thresholds: per organization, currency and kind ("*" for every kind). An amount at or
 * under the threshold is sent at once; above it, or when no threshold exists for the currency,
 * a second person must approve (deny by default).
 */
import Decimal from "decimal.js";
import type { PrismaClient } from "@/lib/generated/prisma/client";

/** Any kind: the row that applies when a kind has no threshold of its own. */
export const ANY_KIND = "*";

type ThresholdDb = Pick<PrismaClient, "approvalThreshold">;

export interface AppliedThreshold {
  kind: string;
  currency: string;
  amount: Decimal;
}

/** The threshold that applies: the kind's own first, then the organization's "*" row, else none. */
export async function thresholdFor(client: ThresholdDb, organizationId: string, kind: string, currency: string): Promise<AppliedThreshold | null> {
  const rows = await client.approvalThreshold.findMany({
    where: { organizationId, currency: currency.toUpperCase(), kind: { in: [kind, ANY_KIND] } },
  });
  const row = rows.find((r) => r.kind === kind) ?? rows.find((r) => r.kind === ANY_KIND);
  return row ? { kind: row.kind, currency: row.currency, amount: new Decimal(row.amount.toString()) } : null;
}

/** Whether an amount can be sent without a second approver. No threshold: never. */
export function withinThreshold(amount: string, threshold: AppliedThreshold | null): boolean {
  return threshold !== null && new Decimal(amount).lessThanOrEqualTo(threshold.amount);
}
