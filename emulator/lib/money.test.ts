import { describe, expect, it } from "vitest";
import { add, cmp, div, fixed, isDecimalString, isPositive, mul, parseDecimal, plain, sub, sum, toDecimal } from "./money";

describe("money", () => {
  it("adds and subtracts exactly where floats would not", () => {
    expect(plain(add("0.1", "0.2"))).toBe("0.3");
    expect(plain(sub("1000000000000000.01", "0.01"))).toBe("1000000000000000");
    expect(plain(mul("19.99", "3"))).toBe("59.97");
    expect(plain(sum(["0.1", "0.1", "0.1"]))).toBe("0.3");
  });

  it("divides and refuses division by zero", () => {
    expect(fixed(div("10", "3"), 8)).toBe("3.33333333");
    expect(() => div("1", "0")).toThrow(RangeError);
  });

  it("compares and tests sign", () => {
    expect(cmp("1.10", "1.1")).toBe(0);
    expect(cmp("2", "10")).toBe(-1);
    expect(isPositive("0.00000001")).toBe(true);
    expect(isPositive("0")).toBe(false);
  });

  it("formats with a fixed number of places and never shows -0", () => {
    expect(fixed("1.5", 8)).toBe("1.50000000");
    expect(fixed("2.345", 2)).toBe("2.35");
    expect(fixed("2.345", 2, "down")).toBe("2.34");
    expect(fixed("-0.001", 2)).toBe("0.00");
  });

  it("parses only plain decimal strings", () => {
    expect(parseDecimal("12.50")?.toString()).toBe("12.5");
    for (const bad of [12.5, "1e5", " 1", "1,000", "+1", "NaN", "", "0x10", "01", "1."]) expect(parseDecimal(bad)).toBeNull();
    expect(parseDecimal("-1")).toBeNull();
    expect(parseDecimal("-1", { allowNegative: true })?.toString()).toBe("-1");
    expect(isDecimalString("1.123", { maxDecimalPlaces: 2 })).toBe(false);
    expect(isDecimalString("1.12", { maxDecimalPlaces: 2 })).toBe(true);
  });

  it("refuses floats passed as numbers", () => {
    expect(() => toDecimal(0.1)).toThrow(TypeError);
    expect(toDecimal(5).toString()).toBe("5");
  });
});
