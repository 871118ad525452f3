import { describe, expect, it } from "vitest";
import { thin, type ValuePoint } from "./series";

const at = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 15 * 60_000).toISOString();
const point = (i: number): ValuePoint => ({ at: at(i), totalValueUsd: `${1000 + i}.00`, openPositionsValueUsd: `${i}.00`, usdBalance: "1000.00" });

describe("thin", () => {
  it("keeps every point up to the limit", () => {
    const points = [0, 1, 2].map(point);
    expect(thin(points, { from: new Date(at(0)), to: new Date(at(2)) })).toEqual({ points, bucketMs: null });
  });

  it("keeps the first, the last and each period's closing value, within the limit", () => {
    const points = Array.from({ length: 1000 }, (_, i) => point(i));
    const r = thin(points, { from: new Date(at(0)), to: new Date(at(999)) }, 100);
    expect(r.points.length).toBeLessThanOrEqual(101);
    expect(r.points[0]).toEqual(points[0]);
    expect(r.points.at(-1)).toEqual(points[999]);
    expect(r.bucketMs).toBeGreaterThan(0);
    const times = r.points.map((p) => p.at);
    expect([...times].sort()).toEqual(times);
  });
});
