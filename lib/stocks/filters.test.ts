import { describe, expect, it } from "vitest";
import { loadAssetFilters } from "./filters";

describe("asset filters", () => {
  it("keeps a known category and drops an unknown one from a shared link", () => {
    expect(loadAssetFilters({ category: "etf", q: "  spy " })).toEqual({ category: "etf", q: "spy" });
    expect(loadAssetFilters({ category: "bond", q: "" })).toEqual({ category: null, q: null });
  });
});
