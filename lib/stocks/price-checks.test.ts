import { describe, expect, it } from "vitest";
import { checkConvert, checkSymbolList } from "./price-checks";
import { firstFieldErrors, parseConvert, parsePriceFilters } from "./prices-query";

/** The browser's plain checks and the server's schemas must say the same thing at the same field. */
describe("the browser's price checks agree with the server's schemas", () => {
  it.each([
    { from: "aapl", to: "usd", amount: "1,000.5" },
    { from: "AAPL", to: "aapl" },
    { from: "AAPL", to: "AAPL", amount: "abc" },
    { from: "$$$", to: "USD", amount: "0" },
    { from: "TSLA", amount: "1".repeat(31) },
    {},
  ])("convert %j", (raw) => {
    const server = parseConvert(raw);
    const browser = checkConvert(raw);
    expect(browser.ok).toBe(server.success);
    if (browser.ok && server.success) expect(browser.value).toEqual(server.data);
    if (!browser.ok && !server.success) expect(browser.fieldErrors).toEqual(firstFieldErrors(server.error));
  });

  it.each([" aapl,,TSLA , aapl", "AAPL,$$$", Array.from({ length: 51 }, (_, i) => `S${i}`).join(","), ""])("symbols %j", (symbols) => {
    const server = parsePriceFilters({ symbols });
    const browser = checkSymbolList(symbols);
    expect(browser.ok).toBe(server.success);
    if (browser.ok && server.success) expect(browser.value).toEqual(server.data.symbols);
    if (!browser.ok && !server.success) expect({ symbols: browser.message }).toEqual(firstFieldErrors(server.error));
  });
});
