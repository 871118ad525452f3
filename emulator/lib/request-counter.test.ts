import { describe, expect, it } from "vitest";
import { endpointOf, RequestCounter } from "./request-counter";

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
      { key: "a", requests: 6, rate_limited: 1, last_minute: 6, peak_per_minute: 6, endpoints: {} },
      { key: "b", requests: 1, rate_limited: 0, last_minute: 1, peak_per_minute: 1, endpoints: {} },
    ]);
    now += 45_000; // the first four fall out of the window; the peak stays
    counter.record("a", 200);
    expect(counter.snapshot()[0]).toEqual({ key: "a", requests: 7, rate_limited: 1, last_minute: 3, peak_per_minute: 6, endpoints: {} });
    counter.reset();
    expect(counter.snapshot()).toEqual([]);
  });

  it("counts per endpoint, with the ids in a path as one name", () => {
    const counter = new RequestCounter(() => 0);
    counter.record("a", 200, endpointOf("GET", "/v1/deposits"));
    counter.record("a", 200, endpointOf("GET", "/v1/deposits/0b9c7a52-2a57-4a5e-9a53-0c9b7f2f4c11"));
    counter.record("a", 200, endpointOf("GET", "/v1/deposits/1d2e3f40-5a6b-4c7d-8e9f-a0b1c2d3e4f5"));
    counter.record("a", 404, endpointOf("GET", "/pro/v1/orders/ord_8f3a2b1c9d"));
    expect(counter.snapshot()[0]!.endpoints).toEqual({ "GET /v1/deposits": 1, "GET /v1/deposits/:id": 2, "GET /pro/v1/orders/:id": 1 });
  });
});
