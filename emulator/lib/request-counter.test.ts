import { describe, expect, it } from "vitest";
import { RequestCounter } from "./request-counter";

describe("RequestCounter", () => {
  it("counts per key, 429s apart, the last minute and the busiest minute", () => {
    let now = 1_000_000;
    const counter = new RequestCounter(() => now);
    for (let i = 0; i < 5; i++) {
      counter.record("a", 200);
      now += 10_000;
    }
    counter.record("a", 429);
    counter.record("b", 404);
    // a: six requests, at 0, 10, ..., 50 s (the 429 too); all within one minute.
    expect(counter.snapshot()).toEqual([
      { key: "a", requests: 6, rate_limited: 1, last_minute: 6, peak_per_minute: 6 },
      { key: "b", requests: 1, rate_limited: 0, last_minute: 1, peak_per_minute: 1 },
    ]);
    now += 45_000; // the first four fall out of the window; the peak stays
    counter.record("a", 200);
    expect(counter.snapshot()[0]).toEqual({ key: "a", requests: 7, rate_limited: 1, last_minute: 3, peak_per_minute: 6 });
    counter.reset();
    expect(counter.snapshot()).toEqual([]);
  });
});
