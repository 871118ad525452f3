import { describe, expect, it } from "vitest";
import { filtersToQuery } from "./query-string";

describe("filtersToQuery", () => {
  it("leaves out empty values and page 1, so the plain list has the plain URL", () => {
    expect(filtersToQuery({ status: undefined, customer: null, type: "", page: 1 })).toBe("");
    expect(filtersToQuery({ status: "FAILED", page: 1 })).toBe("status=FAILED");
  });

  it("keeps later pages and encodes values", () => {
    expect(filtersToQuery({ status: "IN REVIEW&x", page: 3 })).toBe("status=IN+REVIEW%26x&page=3");
  });
});
