import { describe, expect, it } from "vitest";
import { directionOf, formatPct, formatPrice, formatQuantity, formatSignedUsd } from "./format";

describe("stock formats", () => {
  it("prices keep the asset's precision", () => {
    expect(formatPrice("1180", 2)).toBe("$1,180.00");
    expect(formatPrice("0.12345", 4)).toBe("$0.1235");
    expect(formatPrice(null)).toBe("—");
  });

  it("quantities drop padding zeros but keep eight places", () => {
    expect(formatQuantity("3.50000000")).toBe("3.5");
    expect(formatQuantity("1250.12345678")).toBe("1,250.12345678");
  });

  it("changes carry their sign in text", () => {
    expect(formatPct("1.234")).toBe("+1.23 %");
    expect(formatPct("-0.4")).toBe("−0.40 %");
    expect(formatPct("0.001")).toBe("0.00 %");
    expect(formatSignedUsd("-23.24")).toBe("−$23.24");
    expect(formatSignedUsd("0.00")).toBe("$0.00");
    expect(formatSignedUsd("8.3", 2)).toBe("+$8.30");
    expect(directionOf("-1")).toBe("down");
    expect(directionOf("0")).toBe("flat");
    expect(directionOf(null)).toBe("flat");
  });
});
