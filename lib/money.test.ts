/**
 * lib/money's exact arithmetic stands in for decimal.js in the browser: it must give what
 * decimal.js gives (at its default 20 significant digits, half-up) on the values the app meets.
 */
import Decimal from "decimal.js";
import { describe, expect, it } from "vitest";
import {
  addDecimals,
  compareDecimals,
  divideDecimals,
  formatMoney,
  multiplyDecimals,
  subtractDecimals,
  sumDecimals,
  toFixedDecimal,
  toSignificant,
} from "./money";

// A fixed pseudo-random sequence, so a failure can be replayed.
let seed = 42;
const next = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed / 2 ** 31);
const randomDecimal = () => {
  const int = String(Math.floor(next() * 10 ** Math.floor(next() * 12)));
  const places = Math.floor(next() * 9);
  const fraction = places ? `.${String(Math.floor(next() * 10 ** places)).padStart(places, "0")}` : "";
  return `${next() < 0.25 ? "-" : ""}${int}${fraction}`;
};
const samples = Array.from({ length: 400 }, () => [randomDecimal(), randomDecimal()] as const);

describe("exact arithmetic on decimal strings, as decimal.js does it", () => {
  it("compares, adds, subtracts and multiplies exactly", () => {
    for (const [a, b] of samples) {
      const x = new Decimal(a);
      expect(compareDecimals(a, b), `${a} ? ${b}`).toBe(x.cmp(b));
      expect(new Decimal(addDecimals(a, b)).eq(x.plus(b)), `${a} + ${b}`).toBe(true);
      expect(new Decimal(subtractDecimals(a, b)).eq(x.minus(b)), `${a} - ${b}`).toBe(true);
      expect(multiplyDecimals(a, b), `${a} * ${b}`).toBe(Decimal.clone({ precision: 80 })(a).times(b).toFixed());
    }
  });

  it("divides to 20 significant digits, half-up, like dividedBy", () => {
    for (const [a, b] of samples) {
      if (new Decimal(b).isZero()) continue;
      expect(divideDecimals(a, b), `${a} / ${b}`).toBe(new Decimal(a).dividedBy(b).toFixed());
    }
    expect(divideDecimals("1", "3")).toBe("0.33333333333333333333");
    expect(divideDecimals("2", "3")).toBe("0.66666666666666666667");
    expect(divideDecimals("-2", "3")).toBe("-0.66666666666666666667");
    expect(() => divideDecimals("1", "0")).toThrow(RangeError);
  });

  it("rounds to significant digits and to fixed decimals in each mode", () => {
    for (const [a] of samples) {
      const x = new Decimal(a);
      expect(toSignificant(a, 5), a).toBe(x.toSignificantDigits(5, Decimal.ROUND_HALF_UP).toFixed());
      expect(toFixedDecimal(a, 2), a).toBe(x.toFixed(2, Decimal.ROUND_HALF_UP).replace(/^-(0\.00)$/, "$1"));
      expect(toFixedDecimal(a, 2, "up"), a).toBe(x.toFixed(2, Decimal.ROUND_UP).replace(/^-(0\.00)$/, "$1"));
      expect(toFixedDecimal(a, 3, "down"), a).toBe(x.toFixed(3, Decimal.ROUND_DOWN).replace(/^-(0\.000)$/, "$1"));
    }
    expect(toFixedDecimal("0.005", 2)).toBe("0.01");
    expect(toFixedDecimal("-0.005", 2)).toBe("-0.01");
    expect(toFixedDecimal("-0.004", 2)).toBe("0.00");
    expect(toFixedDecimal("12", 0)).toBe("12");
  });

  it("throws on what is not a decimal string, rather than guessing", () => {
    for (const bad of ["", "abc", "1e3", "1,000", " . "]) expect(() => addDecimals(bad, "1"), bad).toThrow(RangeError);
  });

  it("sums a list, skipping what is not a number", () => {
    expect(sumDecimals(["1.10", "2.205", "x", "-0.3"])).toBe("3.01");
    expect(sumDecimals([])).toBe("0.00");
  });
});

describe("formatMoney", () => {
  it("shows the symbol where it names one currency", () => {
    expect(formatMoney("12500", "USD")).toBe("$12,500.00");
    expect(formatMoney("1000", "ngn")).toBe("₦1,000.00");
    expect(formatMoney("-5.1", "USD")).toBe("-$5.10");
    expect(formatMoney("3", "EUR")).toBe("€3.00");
    expect(formatMoney("3", "GBP")).toBe("£3.00");
  });

  it("keeps the code where a symbol would be ambiguous or there is none", () => {
    expect(formatMoney("10", "CAD")).toBe("CAD 10.00");
    expect(formatMoney("10", "AUD")).toBe("AUD 10.00");
    expect(formatMoney("1250.5", "USDT")).toBe("USDT 1,250.50");
    expect(formatMoney("1250.5", "USDC")).toBe("USDC 1,250.50");
    expect(formatMoney("0.5", "BTC")).toBe("BTC 0.50");
  });

  it("rounds half away from zero on the exact string, whatever its length", () => {
    expect(formatMoney("0.015", "USD")).toBe("$0.02");
    expect(formatMoney("-0.015", "USD")).toBe("-$0.02");
    expect(formatMoney("2.675", "USD")).toBe("$2.68");
    expect(formatMoney("123456789012345678.995", "NGN")).toBe("₦123,456,789,012,345,679.00");
  });

  it("shows what it cannot read as it came, and nothing as a dash", () => {
    expect(formatMoney(null, "USD")).toBe("—");
    expect(formatMoney(undefined, "USD")).toBe("—");
    expect(formatMoney("abc", "USD")).toBe("USD abc");
    expect(formatMoney({ toFixed: () => "7.5" }, "USD")).toBe("$7.50");
  });
});
