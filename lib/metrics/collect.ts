import "server-only";
/**
 * The metrics page: this instance's counters and histograms, plus gauges read from PostgreSQL at
 * scrape time so every instance reports the same cluster-wide values: queue depths and the rate
 * budget left per API key (labelled by a hash prefix and the vault record id, never the key).
 */
import { db } from "@/lib/db";
import { log } from "@/lib/log";
import { WINDOW_MS } from "@/lib/upstream/budget";
import { defaultUpstreamClient } from "@/lib/upstream";
import { metrics } from "./index";
import { renderGauge, type Labels } from "./registry";

type Sample = { labels: Labels; value: number };

async function queueDepths(): Promise<string[]> {
  const [approvals, flagged, reviews, outbound] = await Promise.all([
    db.approvalRequest.groupBy({ by: ["environment"], where: { status: "pending" }, _count: { _all: true } }),
    // The review queue as the provider's webhooks last described it (the page itself asks the provider).
    db.resourceState.groupBy({ by: ["environment"], where: { resourceType: "deposit", status: "REQUIRES_REVIEW" }, _count: { _all: true } }),
    db.reviewDecision.groupBy({ by: ["environment"], where: { status: "awaiting_confirmation" }, _count: { _all: true } }),
    db.outboundDelivery.count({ where: { status: "pending" } }),
  ]);
  const perEnv = (rows: { environment: string; _count: { _all: number } }[]): Sample[] =>
    ["sandbox", "production"].map((environment) => ({ labels: { environment }, value: rows.find((r) => r.environment === environment)?._count._all ?? 0 }));
  return [
    renderGauge("merchant_ops_approvals_pending", "Money movements waiting for a second approver.", perEnv(approvals)),
    renderGauge("merchant_ops_review_queue_deposits", "Deposits whose latest webhook says REQUIRES_REVIEW (the review queue).", perEnv(flagged)),
    renderGauge("merchant_ops_review_decisions_awaiting_confirmation", "Deposit review decisions waiting for a second person.", perEnv(reviews)),
    renderGauge("merchant_ops_outbound_deliveries_pending", "Signed review-decision webhooks not yet acknowledged by the merchant's system.", [{ labels: {}, value: outbound }]),
  ];
}

/** The provider's sliding minute per key, computed as lib/upstream/budget.ts counts it. */
async function budgetLeft(now = Date.now()): Promise<string> {
  const limit = defaultUpstreamClient().budget.limit;
  const windowStart = Math.floor(now / WINDOW_MS) * WINDOW_MS;
  const prevStart = windowStart - WINDOW_MS;
  const prevWeight = 1 - (now - windowStart) / WINDOW_MS;
  const rows = await db.rateBudget.findMany({ where: { windowStart: { gte: new Date(prevStart) } }, select: { keyHash: true, windowStart: true, count: true } });
  const used = new Map<string, number>();
  for (const r of rows) {
    const weight = r.windowStart.getTime() === windowStart ? 1 : r.windowStart.getTime() === prevStart ? prevWeight : 0;
    used.set(r.keyHash, (used.get(r.keyHash) ?? 0) + r.count * weight);
  }
  const samples: Sample[] = [...used].map(([hash, u]) => {
    const known = metrics.budgetKeys.get(hash);
    return {
      labels: { key_hash: hash.slice(0, 12), key_id: known?.keyId ?? "", surface: known?.surface ?? "", environment: known?.environment ?? "" },
      value: Math.max(0, Math.floor(limit - u)),
    };
  });
  return [
    renderGauge("merchant_ops_upstream_rate_budget_limit", "Requests per rolling minute the app allows itself per API key.", [{ labels: {}, value: limit }]),
    renderGauge("merchant_ops_upstream_rate_budget_remaining", "Requests left in the rolling minute per API key (keys used in the last two minutes).", samples),
  ].join("\n");
}

export async function renderMetrics(): Promise<string> {
  const parts = [
    metrics.requests.render(),
    metrics.requestSeconds.render(),
    metrics.upstreamCalls.render(),
    metrics.upstreamErrors.render(),
    metrics.upstreamSeconds.render(),
    metrics.webhooks.render(),
  ];
  let up = 1;
  try {
    parts.push(...(await queueDepths()), await budgetLeft());
  } catch (err) {
    // The counters still help while the database is down; the gauge says why the rest is missing.
    up = 0;
    log.warn({ err: err instanceof Error ? err.message : String(err) }, "metrics: database gauges unavailable");
  }
  parts.push(renderGauge("merchant_ops_database_up", "Whether this scrape could read the database (1) or not (0).", [{ labels: {}, value: up }]));
  return `${parts.join("\n")}\n`;
}
