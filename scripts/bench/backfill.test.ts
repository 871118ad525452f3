import { describe, expect, it } from "vitest";
import { type Measured, perMinute, ratePerMinute, type Sample, summarize } from "./backfill";

const samples: Sample[] = [
  { at: 500, read: 0, stored: 300, requests: 10 },
  { at: 10_500, read: 1_000, stored: 1_200, requests: 20 },
  { at: 30_500, read: 3_000, stored: 3_100, requests: 40 },
  { at: 60_500, read: 5_000, stored: 5_100, requests: 70 },
];

const measured = (over: Partial<Measured> = {}): Measured => ({
  objects: 5_000,
  firstPageMs: { deposit: 1_200, transfer: 2_400 },
  backfillStartMs: 500,
  backfillDoneMs: 60_500,
  samples,
  peakPerMinute: 64,
  rateLimited: 0,
  inCopy: 5_100,
  atProvider: 5_100,
  ...over,
});

describe("bench:backfill's rates", () => {
  it("turns a count over a time into a rate a minute", () => {
    expect(perMinute(47, 60_000)).toBe(47);
    expect(perMinute(10, 20_000)).toBe(30);
    expect(perMinute(5, 0)).toBeNull();
  });

  it("measures a field between the samples standing at two moments", () => {
    // From the sample at 0.5 s to the one at 60.5 s: 5,000 read in 60 s.
    expect(ratePerMinute(samples, "read", 500, 60_500)).toBe(5_000);
    // 20 s falls between samples: the one standing then is the one at 10.5 s (4,000 in 50 s).
    expect(ratePerMinute(samples, "read", 20_000, 60_500)).toBe(4_800);
    expect(ratePerMinute(samples, "requests", 500, 60_500)).toBe(60);
    expect(ratePerMinute(samples, "read", 60_500, 60_500)).toBeNull();
    expect(ratePerMinute([], "read", 0, 1)).toBeNull();
  });
});

describe("bench:backfill's summary", () => {
  it("meets its targets when the first pages are in within 10 s, the key stays under 100 a minute without 429s and the copy is complete", () => {
    const lines = summarize(measured());
    expect(lines.every((l) => l.met !== false)).toBe(true);
    expect(lines.find((l) => l.metric.startsWith("usable first page"))).toMatchObject({ value: 2.4, unit: "s" });
    expect(lines.find((l) => l.metric.startsWith("backfill rate"))).toMatchObject({ value: 5_000, unit: "objects/min" });
    expect(lines.find((l) => l.metric.startsWith("provider requests on the key"))).toMatchObject({ value: "60 in 60 s", unit: "(60 a minute)" });
  });

  it("fails a list whose first page never came, a busy minute of 100, a 429 and a copy short of the provider", () => {
    const lines = summarize(measured({ firstPageMs: { deposit: 1_000, recipient: null }, peakPerMinute: 100, rateLimited: 1, inCopy: 5_000 }));
    const failed = lines.filter((l) => l.met === false).map((l) => l.metric.split(" ")[0]);
    expect(failed).toEqual(["usable", "provider", "429", "objects"]);
  });

  it("gives no rate a minute over less than a minute (one burst within the share)", () => {
    const lines = summarize(measured({ backfillDoneMs: 10_500 }));
    expect(lines.find((l) => l.metric.startsWith("provider requests on the key"))).toEqual({
      metric: "provider requests on the key while backfilling",
      value: "10 in 10 s",
    });
    expect(lines.find((l) => l.metric.startsWith("backfill rate"))).toEqual({
      metric: "backfill rate (objects read per minute while it ran)",
      value: "1000 in 10 s, one burst",
    });
  });

  it("fails a backfill that did not finish in time", () => {
    expect(summarize(measured({ backfillDoneMs: null })).find((l) => l.metric.startsWith("backfill done"))).toMatchObject({ value: null, met: false });
  });
});
