import { describe, expect, it } from "vitest";

import { makeQueryClient, shouldRetryRead } from "@/components/providers";

describe("query defaults", () => {
  it("keeps server-rendered data fresh for 15 s and refetches when the window regains focus", () => {
    const queries = makeQueryClient().getDefaultOptions().queries;
    expect(queries?.staleTime).toBe(15_000);
    expect(queries?.refetchOnWindowFocus).toBe(true);
  });

  it("never replays a write from the client", () => {
    expect(makeQueryClient().getDefaultOptions().mutations?.retry).toBe(false);
  });

  it("retries a failed read once", () => {
    const err = new Error("fetch failed");
    expect(shouldRetryRead(0, err)).toBe(true);
    expect(shouldRetryRead(1, err)).toBe(false);
  });

  it("does not retry a read the server refused as wrong or forbidden", () => {
    for (const status of [400, 401, 403, 404, 422]) expect(shouldRetryRead(0, { status })).toBe(false);
  });

  it("retries server errors and rate limits once", () => {
    for (const status of [429, 500, 502, 503]) {
      expect(shouldRetryRead(0, { status })).toBe(true);
      expect(shouldRetryRead(1, { status })).toBe(false);
    }
  });

  it("creates a separate client per call (one per server render)", () => {
    expect(makeQueryClient()).not.toBe(makeQueryClient());
  });
});
