/**
 * The portfolio-value series for the chart, from stored snapshots. Client-safe and pure, so the
 * thinning is tested without a database.
 */
export interface ValuePoint {
  at: string;
  totalValueUsd: string;
  openPositionsValueUsd: string;
  usdBalance: string;
}

/** At most this many points reach the page (the balance chart's limit). */
export const MAX_VALUE_POINTS = 400;

/**
 * Points in time order. With more than `max`, the window is cut into equal periods and each keeps
 * its last point (the value that period closed with); the first and last points always stay.
 */
export function thin(
  points: readonly ValuePoint[],
  window: { from: Date; to: Date },
  max = MAX_VALUE_POINTS,
): { points: ValuePoint[]; bucketMs: number | null } {
  if (points.length <= max) return { points: [...points], bucketMs: null };
  const from = window.from.getTime();
  const bucketMs = Math.ceil(Math.max(1, window.to.getTime() - from) / (max - 1));
  const kept: ValuePoint[] = [points[0]!];
  for (let i = 1; i < points.length - 1; i++) {
    const bucket = Math.floor((new Date(points[i]!.at).getTime() - from) / bucketMs);
    const next = Math.floor((new Date(points[i + 1]!.at).getTime() - from) / bucketMs);
    if (next !== bucket) kept.push(points[i]!);
  }
  kept.push(points[points.length - 1]!);
  return { points: kept, bucketMs };
}
