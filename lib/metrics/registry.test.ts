import { describe, expect, it } from "vitest";
import { routeName } from "./index";
import { Counter, Histogram, renderGauge } from "./registry";

describe("the Prometheus text format", () => {
  it("renders counters with escaped labels, one series per label set", () => {
    const c = new Counter("t_total", "A test counter.");
    c.inc({ path: 'a"b\\c\nd' });
    c.inc({ path: 'a"b\\c\nd' }, 2);
    c.inc({ b: "2", a: "1" });
    c.inc({ a: "1", b: "2" });
    expect(c.render()).toBe(
      ["# HELP t_total A test counter.", "# TYPE t_total counter", 't_total{path="a\\"b\\\\c\\nd"} 3', 't_total{b="2",a="1"} 2'].join("\n"),
    );
  });

  it("renders histograms as cumulative buckets with sum and count", () => {
    const h = new Histogram("t_seconds", "A test histogram.", [0.1, 1]);
    h.observe({ k: "x" }, 0.05);
    h.observe({ k: "x" }, 0.5);
    h.observe({ k: "x" }, 5);
    expect(h.render().split("\n").slice(2)).toEqual([
      't_seconds_bucket{k="x",le="0.1"} 1',
      't_seconds_bucket{k="x",le="1"} 2',
      't_seconds_bucket{k="x",le="+Inf"} 3',
      't_seconds_sum{k="x"} 5.55',
      't_seconds_count{k="x"} 3',
    ]);
  });

  it("renders gauges from samples", () => {
    expect(renderGauge("g", "A gauge.", [{ labels: {}, value: 4 }])).toBe("# HELP g A gauge.\n# TYPE g gauge\ng 4");
  });

  it("names routes by their pattern, not their ids", () => {
    expect(routeName("/api/withdrawals/0b6a", { id: "0b6a" })).toBe("/api/withdrawals/[id]");
    expect(routeName("/api/timeline/deposit/a%20b", { resourceType: "deposit", resourceId: "a b" })).toBe("/api/timeline/[resourceType]/[resourceId]");
  });
});
