import { describe, expect, it } from "vitest";
import { dayBoundsIso, dayRangeIn, endOfDayIn, nextDay, startOfDayIn, todayIn } from "./days";

const iso = (d: Date) => d.toISOString();

describe("a day's boundaries in a zone", () => {
  it("UTC: the day is the UTC day", () => {
    expect(iso(startOfDayIn("2026-11-26", "UTC"))).toBe("2026-11-26T00:00:00.000Z");
    expect(iso(endOfDayIn("2026-11-26", "UTC"))).toBe("2026-11-27T00:00:00.000Z");
  });

  it("Africa/Lagos (UTC+1, no summer time): the day starts at 23:00 UTC the evening before", () => {
    expect(iso(startOfDayIn("2026-11-26", "Africa/Lagos"))).toBe("2026-11-25T23:00:00.000Z");
    expect(iso(endOfDayIn("2026-11-26", "Africa/Lagos"))).toBe("2026-11-26T23:00:00.000Z");
    expect(iso(startOfDayIn("2026-07-01", "Africa/Lagos"))).toBe("2026-06-30T23:00:00.000Z");
  });

  it("America/New_York: 23 hours on the day clocks go forward, 25 on the day they go back", () => {
    const spring = dayRangeIn("2026-03-08", "2026-03-08", "America/New_York");
    expect(iso(spring.gte!)).toBe("2026-03-08T05:00:00.000Z");
    expect(iso(spring.lt!)).toBe("2026-03-09T04:00:00.000Z");
    expect(spring.lt!.getTime() - spring.gte!.getTime()).toBe(23 * 3_600_000);

    const autumn = dayRangeIn("2026-11-01", "2026-11-01", "America/New_York");
    expect(iso(autumn.gte!)).toBe("2026-11-01T04:00:00.000Z");
    expect(iso(autumn.lt!)).toBe("2026-11-02T05:00:00.000Z");
    expect(autumn.lt!.getTime() - autumn.gte!.getTime()).toBe(25 * 3_600_000);
  });

  it("Pacific/Auckland, across the date line: its 26 Nov begins on 25 Nov in UTC, and summer time moves it", () => {
    expect(iso(startOfDayIn("2026-11-26", "Pacific/Auckland"))).toBe("2026-11-25T11:00:00.000Z"); // NZDT, UTC+13
    expect(iso(startOfDayIn("2026-06-15", "Pacific/Auckland"))).toBe("2026-06-14T12:00:00.000Z"); // NZST, UTC+12
    // Summer time starts at 02:00 on 27 Sep 2026: a 23-hour day.
    const r = dayRangeIn("2026-09-27", "2026-09-27", "Pacific/Auckland");
    expect(iso(r.gte!)).toBe("2026-09-26T12:00:00.000Z");
    expect(iso(r.lt!)).toBe("2026-09-27T11:00:00.000Z");
    // And ends at 03:00 on 5 Apr 2026: a 25-hour day.
    const a = dayRangeIn("2026-04-05", "2026-04-05", "Pacific/Auckland");
    expect(a.lt!.getTime() - a.gte!.getTime()).toBe(25 * 3_600_000);
  });

  it("where the clocks jump over midnight, the day starts at the first time it shows (01:00)", () => {
    // Chile moves from 00:00 straight to 01:00 on 6 Sep 2026.
    expect(iso(startOfDayIn("2026-09-06", "America/Santiago"))).toBe("2026-09-06T04:00:00.000Z");
    expect(iso(startOfDayIn("2026-09-05", "America/Santiago"))).toBe("2026-09-05T04:00:00.000Z");
  });

  it("crosses months and years, and leap days", () => {
    expect(nextDay("2026-12-31")).toBe("2027-01-01");
    expect(nextDay("2028-02-28")).toBe("2028-02-29");
    expect(iso(endOfDayIn("2026-12-31", "Pacific/Auckland"))).toBe("2026-12-31T11:00:00.000Z");
  });

  it("gives the provider an inclusive `to`: the day's last millisecond in the zone", () => {
    expect(dayBoundsIso("2026-11-20", "2026-11-26", "Africa/Lagos")).toEqual({ from: "2026-11-19T23:00:00.000Z", to: "2026-11-26T22:59:59.999Z" });
    expect(dayBoundsIso(null, "2026-11-26", "UTC")).toEqual({ to: "2026-11-26T23:59:59.999Z" });
    expect(dayBoundsIso(undefined, null, "UTC")).toEqual({});
    expect(dayRangeIn(null, null, "UTC")).toEqual({});
  });

  it("knows which day it is in each zone at one instant", () => {
    const at = new Date("2026-11-26T23:30:00Z");
    expect(todayIn("UTC", at)).toBe("2026-11-26");
    expect(todayIn("Africa/Lagos", at)).toBe("2026-11-27");
    expect(todayIn("Pacific/Auckland", new Date("2026-11-26T10:59:59Z"))).toBe("2026-11-26");
    expect(todayIn("Pacific/Auckland", new Date("2026-11-26T11:00:00Z"))).toBe("2026-11-27");
    expect(todayIn("America/New_York", new Date("2026-11-27T04:59:00Z"))).toBe("2026-11-26");
  });

  it("refuses what is not a day", () => {
    expect(() => startOfDayIn("26/11/2026", "UTC")).toThrow(RangeError);
  });
});
