import "server-only";
/**
 * The metrics page. For the operator (the METRICS_TOKEN scraper): this instance's counters and
 * histograms, plus gauges read from PostgreSQL at scrape time so every instance reports the same
 * cluster-wide values: queue depths and the rate budget left per surface and environment. For an
 * organization's admin: the same gauges counted over that organization only; the counters are
 * left out, since they mix every tenant's traffic. Never a key, a key's hash or prefix, or a vault
 * record's id: the budget is labelled by surface and environment only.
 */
import { db } from "@/lib/db";
import { log } from "@/lib/log";
import { BUCKET_MS, WINDOW_MS, keyHash } from "@/lib/upstream/budget";
import { defaultUpstreamClient } from "@/lib/upstream";
import { surfaceBaseUrl } from "@/lib/upstream/config";
import { vaultKeyProvider } from "@/lib/upstream/key-provider";
import type { UpstreamEnvironment, UpstreamSurface } from "@/lib/upstream/types";
import type { MetricsScope } from "./access";
import { metrics } from "./index";
import { renderGauge, type Labels } from "./registry";

type Sample = { labels: Labels; value: number };

const ENVIRONMENTS: UpstreamEnvironment[] = ["sandbox", "production"];
const SURFACES: UpstreamSurface[] = ["core", "coins", "stocks", "pro"];

async function queueDepths(scope: MetricsScope): Promise<string[]> {
  const org = scope.kind === "organization" ? { organizationId: scope.organizationId } : {};
  const [approvals, flagged, reviews, outbound] = await Promise.all([
    db.approvalRequest.groupBy({ by: ["environment"], where: { ...org, status: "pending" }, _count: { _all: true } }),
    // The review queue as the local copy holds it (FLAGGED is the older name of REQUIRES_REVIEW).
    db.syncedObject.groupBy({
      by: ["environment"],
      where: { ...org, kind: "deposit", status: { in: ["REQUIRES_REVIEW", "FLAGGED"] } },
      _count: { _all: true },
    }),
    db.reviewDecision.groupBy({ by: ["environment"], where: { ...org, status: "awaiting_confirmation" }, _count: { _all: true } }),
    db.outboundDelivery.count({ where: { ...org, status: "pending" } }),
  ]);
  const perEnv = (rows: { environment: string; _count: { _all: number } }[]): Sample[] =>
    ENVIRONMENTS.map((environment) => ({ labels: { environment }, value: rows.find((r) => r.environment === environment)?._count._all ?? 0 }));
  return [
    renderGauge("merchant_ops_approvals_pending", "Money movements waiting for a second approver.", perEnv(approvals)),
    renderGauge("merchant_ops_review_queue_deposits", "Deposits the local copy holds as REQUIRES_REVIEW (the review queue).", perEnv(flagged)),
    renderGauge("merchant_ops_review_decisions_awaiting_confirmation", "Deposit review decisions waiting for a second person.", perEnv(reviews)),
    renderGauge("merchant_ops_outbound_deliveries_pending", "Signed review-decision webhooks not yet acknowledged by the merchant's system.", [
      { labels: {}, value: outbound },
    ]),
  ];
}

/** Requests spent per key hash in the provider's sliding minute, counted as lib/upstream/budget.ts counts them. */
async function budgetUsed(now: number, hashes?: string[]): Promise<Map<string, number>> {
  // Counted as the budget counts (lib/upstream/budget.ts): every one-second bucket that overlaps
  // the last 60 s.
  const oldest = Math.floor((now - WINDOW_MS) / BUCKET_MS) * BUCKET_MS;
  const rows = await db.rateBudget.findMany({
    where: { windowStart: { gte: new Date(oldest) }, ...(hashes ? { keyHash: { in: hashes } } : {}) },
    select: { keyHash: true, count: true },
  });
  const used = new Map<string, number>();
  for (const r of rows) used.set(r.keyHash, (used.get(r.keyHash) ?? 0) + r.count);
  return used;
}

/**
 * The budget left per surface and environment. Deployment-wide: the tightest key of each (keys
 * used in the last two minutes; a key this instance never used has empty labels). For an
 * organization: its own active key of each.
 */
async function budgetLeft(scope: MetricsScope, now = Date.now()): Promise<string> {
  const limit = defaultUpstreamClient().budget.limit;
  const left = (u: number) => Math.max(0, Math.floor(limit - u));
  let samples: Sample[];
  if (scope.kind === "organization") {
    const slots = await Promise.all(
      ENVIRONMENTS.flatMap((environment) =>
        SURFACES.map(async (surface) => {
          const key = await vaultKeyProvider.getActiveApiKey(scope.organizationId, environment, surface);
          return key ? { surface, environment, hash: keyHash(key.key, new URL(surfaceBaseUrl(surface, environment)).origin) } : null;
        }),
      ),
    );
    const keys = slots.filter((s) => s !== null);
    const used = await budgetUsed(
      now,
      keys.map((k) => k.hash),
    );
    samples = keys.map((k) => ({ labels: { surface: k.surface, environment: k.environment }, value: left(used.get(k.hash) ?? 0) }));
  } else {
    const tightest = new Map<string, Sample>();
    for (const [hash, u] of await budgetUsed(now)) {
      const known = metrics.budgetKeys.get(hash);
      const labels = { surface: known?.surface ?? "", environment: known?.environment ?? "" };
      const slot = `${labels.surface}/${labels.environment}`;
      const value = left(u);
      if ((tightest.get(slot)?.value ?? Infinity) > value) tightest.set(slot, { labels, value });
    }
    samples = [...tightest.values()];
  }
  return [
    renderGauge("merchant_ops_upstream_rate_budget_limit", "Requests per rolling minute the app allows itself per API key.", [{ labels: {}, value: limit }]),
    renderGauge(
      "merchant_ops_upstream_rate_budget_remaining",
      scope.kind === "organization"
        ? "Requests left in the rolling minute for this organization's key of each surface and environment."
        : "Requests left in the rolling minute for the tightest key of each surface and environment (keys used in the last two minutes).",
      samples,
    ),
  ].join("\n");
}

export async function renderMetrics(scope: MetricsScope): Promise<string> {
  const parts =
    scope.kind === "deployment"
      ? [
          metrics.requests.render(),
          metrics.requestSeconds.render(),
          metrics.upstreamCalls.render(),
          metrics.upstreamErrors.render(),
          metrics.upstreamSeconds.render(),
          metrics.webhooks.render(),
        ]
      : [];
  let up = 1;
  try {
    parts.push(...(await queueDepths(scope)), await budgetLeft(scope));
  } catch (err) {
    // The counters still help while the database is down; the gauge says why the rest is missing.
    up = 0;
    log.warn({ err: err instanceof Error ? err.message : String(err) }, "metrics: database gauges unavailable");
  }
  parts.push(renderGauge("merchant_ops_database_up", "Whether this scrape could read the database (1) or not (0).", [{ labels: {}, value: up }]));
  return `${parts.join("\n")}\n`;
}
