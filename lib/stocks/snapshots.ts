/**
 * Stored snapshots of the portfolio's value, for the value-over-time chart. A snapshot is taken
 * whenever the portfolio is read fresh from the provider (page loads and the page's polling), at
 * most one per 15-minute period (a later read replaces the period's row), and rows older than the
 * longest chart range are deleted as new ones are written, so the table stays bounded.
 */
import "server-only";
import { db } from "@/lib/db";
import { log } from "@/lib/log";
import type { PortfolioFigures } from "./portfolio";
import { thin, type ValuePoint } from "./series";
import type { Environment } from "@/lib/generated/prisma/enums";

export const SNAPSHOT_PERIOD_MS = 15 * 60_000;
/** The longest chart range (90 days) and a day of margin. */
export const SNAPSHOT_RETENTION_MS = 91 * 86_400_000;

export interface Tenant {
  organizationId: string;
  environment: Environment;
}

export const periodStart = (at: Date) => new Date(Math.floor(at.getTime() / SNAPSHOT_PERIOD_MS) * SNAPSHOT_PERIOD_MS);

export async function recordSnapshot(t: Tenant, f: PortfolioFigures, takenAt: Date): Promise<void> {
  const key = { organizationId: t.organizationId, environment: t.environment, periodStart: periodStart(takenAt) };
  const values = {
    takenAt,
    valuedAt: f.updatedAt && !Number.isNaN(Date.parse(f.updatedAt)) ? new Date(f.updatedAt) : null,
    usdBalance: f.usdBalance,
    openPositionsValueUsd: f.openPositionsValueUsd,
    totalValueUsd: f.totalValueUsd,
    unpricedPositions: f.unpricedCount,
  };
  await db.$transaction([
    db.stockPortfolioSnapshot.upsert({ where: { organizationId_environment_periodStart: key }, create: { ...key, ...values }, update: values }),
    db.stockPortfolioSnapshot.deleteMany({
      where: { organizationId: t.organizationId, environment: t.environment, periodStart: { lt: new Date(takenAt.getTime() - SNAPSHOT_RETENTION_MS) } },
    }),
  ]);
}

/** Records a snapshot without failing the read that showed the figures (the chart can miss one); false when it was not stored. */
export async function recordSnapshotQuietly(t: Tenant, f: PortfolioFigures, takenAt: Date): Promise<boolean> {
  try {
    await recordSnapshot(t, f, takenAt);
    return true;
  } catch (err) {
    log.warn({ err }, "stocks: portfolio snapshot not stored");
    return false;
  }
}

export interface ValueSeries {
  from: string;
  to: string;
  points: ValuePoint[];
  /** Snapshots inside the window (before thinning). */
  count: number;
  bucketMs: number | null;
}

export async function readValueSeries(t: Tenant, days: number, now = new Date()): Promise<ValueSeries> {
  const from = new Date(now.getTime() - days * 86_400_000);
  const rows = await db.stockPortfolioSnapshot.findMany({
    where: { organizationId: t.organizationId, environment: t.environment, periodStart: { gte: periodStart(from) }, takenAt: { gte: from, lte: now } },
    orderBy: { takenAt: "asc" },
    select: { takenAt: true, totalValueUsd: true, openPositionsValueUsd: true, usdBalance: true },
  });
  const points = rows.map((r) => ({
    at: r.takenAt.toISOString(),
    totalValueUsd: r.totalValueUsd.toFixed(2),
    openPositionsValueUsd: r.openPositionsValueUsd.toFixed(2),
    usdBalance: r.usdBalance.toFixed(2),
  }));
  const thinned = thin(points, { from, to: now });
  return { from: from.toISOString(), to: now.toISOString(), points: thinned.points, count: points.length, bucketMs: thinned.bucketMs };
}
