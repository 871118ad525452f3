import { describe, expect, it } from "vitest";
import { bucketOf, dayBounds, daysBetween, MAX_DAYS, statementRange } from "./days";

const iso = (ds: Date[]) => ds.map((d) => d.toISOString());

describe("the statement's days", () => {
  it("start at midnight in UTC, a zone without daylight saving", () => {
    expect(iso(dayBounds(["2026-11-10", "2026-11-11"], "UTC"))).toEqual(["2026-11-10T00:00:00.000Z", "2026-11-11T00:00:00.000Z", "2026-11-12T00:00:00.000Z"]);
  });

  it("start at 23:00 UTC the evening before in Lagos (UTC+1 all year), across the end of a month and a year", () => {
    expect(iso(dayBounds(["2026-12-31", "2027-01-01"], "Africa/Lagos"))).toEqual([
      "2026-12-30T23:00:00.000Z",
      "2026-12-31T23:00:00.000Z",
      "2027-01-01T23:00:00.000Z",
    ]);
    // Lagos keeps one offset in June too.
    expect(iso(dayBounds(["2026-06-15"], "Africa/Lagos"))).toEqual(["2026-06-14T23:00:00.000Z", "2026-06-15T23:00:00.000Z"]);
  });

  it("are 23 hours long on the day London's clocks go forward", () => {
    const [start, end] = dayBounds(["2026-03-29"], "Europe/London");
    expect(end!.getTime() - start!.getTime()).toBe(23 * 3_600_000);
  });

  it("put an instant in its day's bucket as PostgreSQL's width_bucket does: 0 before, n + 1 after", () => {
    const bounds = dayBounds(["2026-11-10", "2026-11-11"], "Africa/Lagos");
    expect(bucketOf(new Date("2026-11-09T22:59:59.999Z"), bounds)).toBe(0);
    expect(bucketOf(new Date("2026-11-09T23:00:00.000Z"), bounds)).toBe(1);
    // 23:30 UTC on the 10th is already the 11th in Lagos.
    expect(bucketOf(new Date("2026-11-10T23:30:00.000Z"), bounds)).toBe(2);
    expect(bucketOf(new Date("2026-11-11T23:00:00.000Z"), bounds)).toBe(3);
  });

  it("list every day of a range, both ends included", () => {
    expect(daysBetween("2026-02-27", "2026-03-02")).toEqual(["2026-02-27", "2026-02-28", "2026-03-01", "2026-03-02"]);
    expect(daysBetween("2026-03-02", "2026-03-02")).toEqual(["2026-03-02"]);
  });
});

describe("the range from the URL", () => {
  const NOW = new Date("2026-11-26T23:30:00Z");

  it("defaults to the last seven days ending today in the viewer's zone", () => {
    // 23:30 UTC on the 26th is the 27th in Lagos.
    expect(statementRange({}, "Africa/Lagos", NOW)).toMatchObject({ from: "2026-11-21", to: "2026-11-27", today: "2026-11-27", adjusted: null });
    expect(statementRange({}, "UTC", NOW)).toMatchObject({ from: "2026-11-20", to: "2026-11-26", today: "2026-11-26" });
  });

  it("swaps a reversed range, stops at today and keeps the last quarter of a longer one, saying so", () => {
    expect(statementRange({ from: "2026-11-20", to: "2026-11-10" }, "UTC", NOW)).toMatchObject({ from: "2026-11-10", to: "2026-11-20" });
    expect(statementRange({ from: "2026-11-20", to: "2026-11-10" }, "UTC", NOW).adjusted).toMatch(/swapped/);
    expect(statementRange({ from: "2026-11-25", to: "2026-12-05" }, "UTC", NOW)).toMatchObject({ from: "2026-11-25", to: "2026-11-26" });
    const long = statementRange({ from: "2025-01-01", to: "2026-11-26" }, "UTC", NOW);
    expect(long.days).toHaveLength(MAX_DAYS);
    expect(long.days.at(-1)).toBe("2026-11-26");
    expect(long.adjusted).toMatch(/last 92 days/);
  });
});
