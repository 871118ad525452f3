import { describe, expect, it } from "vitest";
import { formatAxisTick, formatDateTime, formatRelative, formatZoneLabel } from "./format";

const AT = "2026-11-26T13:05:00Z";

describe("formatDateTime: in the viewer's zone, always labelled", () => {
  it.each([
    ["UTC", "26 Nov 2026, 13:05 UTC"],
    ["Africa/Lagos", "26 Nov 2026, 14:05 GMT+1"],
    ["America/New_York", "26 Nov 2026, 08:05 GMT-5"],
    ["Pacific/Auckland", "27 Nov 2026, 02:05 GMT+13"],
    ["Asia/Kolkata", "26 Nov 2026, 18:35 GMT+5:30"],
  ])("%s", (zone, text) => {
    expect(formatDateTime(AT, zone)).toBe(text);
    expect(formatDateTime(new Date(AT), zone)).toBe(text);
  });

  it("labels summer time by its own offset", () => {
    expect(formatDateTime("2026-07-01T12:00:00Z", "America/New_York")).toBe("1 Jul 2026, 08:00 GMT-4");
    expect(formatZoneLabel("America/New_York", "2026-07-01T12:00:00Z")).toBe("GMT-4");
    expect(formatZoneLabel("America/New_York", AT)).toBe("GMT-5");
    expect(formatZoneLabel("UTC")).toBe("UTC");
  });

  it("shows a dash for no time or a broken one", () => {
    expect(formatDateTime(null, "UTC")).toBe("—");
    expect(formatDateTime(undefined, "UTC")).toBe("—");
    expect(formatDateTime("", "UTC")).toBe("—");
    expect(formatDateTime("not a date", "Africa/Lagos")).toBe("—");
  });

  it("puts axis ticks in the zone", () => {
    expect(formatAxisTick("2026-11-25T23:30:00Z", "UTC", false)).toBe("25 Nov");
    expect(formatAxisTick("2026-11-25T23:30:00Z", "Africa/Lagos", false)).toBe("26 Nov");
    expect(formatAxisTick("2026-11-25T23:30:00Z", "Africa/Lagos", true)).toBe("26 Nov, 00:30");
  });

  it("keeps relative times zone-free", () => {
    expect(formatRelative("2026-11-26T13:03:00Z", new Date(AT))).toBe("2 minutes ago");
    expect(formatRelative("2026-11-26T16:05:00Z", new Date(AT))).toBe("in 3 hours");
  });
});
