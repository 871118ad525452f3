/**
 * HTTP routes of the Stocks surface (`/stocks/v1`): assets, prices (list and convert mode) and the
 * wallet portfolio. All are reads and need the Read scope; a frozen merchant can still read.
 */
import type { Context, Hono } from "hono";
import type { EmuEnv, EmulatorContext } from "../lib/contract";
import { envelopeError, ok, requireScope } from "../lib/http";
import { STOCKS, findStock } from "./catalog";
import { portfolioView, type StocksSlice } from "./portfolio";
import { assetView, conversionLeg, conversionView, priceView, stockQuote } from "./pricing";

type C = Context<EmuEnv>;

function validationError(c: C, fields: Record<string, string>): Response {
  return envelopeError(c, 400, "VALIDATION_ERROR", `Validation failed: ${Object.keys(fields).join(", ")}.`, fields);
}

function symbolNotFound(c: C, symbols: string[]): Response {
  const list = symbols.join(", ");
  return envelopeError(c, 404, "SYMBOL_NOT_FOUND", `Unknown stock symbol${symbols.length > 1 ? "s" : ""}: ${list}. List assets with GET /assets.`, undefined, {
    symbols,
  });
}

/** First non-blank value among the query names (documented aliases). */
function firstQuery(c: C, ...names: string[]): { name: string; value: string } | undefined {
  for (const name of names) {
    const v = c.req.query(name);
    if (v !== undefined && v.trim() !== "") return { name, value: v.trim() };
  }
  return undefined;
}

const MAX_SYMBOLS = 50;

export function mountStocks(router: Hono<EmuEnv>, ctx: EmulatorContext): void {
  const iso = (ms: number) => ctx.clock.iso(ms);
  const read = requireScope("Read");

  router.get("/assets", read, (c) => {
    const category = firstQuery(c, "category")?.value.toLowerCase();
    if (category !== undefined && category !== "stock" && category !== "etf") return validationError(c, { category: "must be stock or etf" });
    const now = ctx.clock.now();
    const assets = STOCKS.filter((d) => category === undefined || d.category === category).map((d) => assetView(d, now, iso));
    return ok(c, { assets });
  });

  router.get("/assets/:symbol", read, (c) => {
    const symbol = c.req.param("symbol");
    const d = findStock(symbol);
    if (!d) return symbolNotFound(c, [symbol.toUpperCase()]);
    return ok(c, assetView(d, ctx.clock.now(), iso));
  });

  router.get("/prices", read, (c) => {
    const now = ctx.clock.now();
    const source = firstQuery(c, "source_asset", "from");
    const target = firstQuery(c, "target_asset", "to");
    if (source !== undefined || target !== undefined) {
      const fields: Record<string, string> = {};
      if (source === undefined) fields.source_asset = "is required with target_asset (convert mode)";
      if (target === undefined) fields.target_asset = "is required with source_asset (convert mode)";
      if (source && target && source.value.toUpperCase() === "USD" && target.value.toUpperCase() === "USD")
        fields.target_asset = "one side of a conversion must be a stock";
      if (Object.keys(fields).length > 0 || !source || !target) return validationError(c, fields);
      const s = conversionLeg(source.value, now);
      const t = conversionLeg(target.value, now);
      const unknown = [!s ? source.value.toUpperCase() : null, !t ? target.value.toUpperCase() : null].filter((x): x is string => x !== null);
      if (!s || !t) return symbolNotFound(c, unknown);
      return ok(c, { prices: [conversionView(s, t, now, iso)] });
    }

    const raw = firstQuery(c, "symbols")?.value ?? "";
    const requested = [
      ...new Set(
        raw
          .split(",")
          .map((s) => s.trim().toUpperCase())
          .filter((s) => s !== ""),
      ),
    ];
    // Blank (or only commas) means every asset.
    if (requested.length === 0) return ok(c, { prices: STOCKS.map((d) => priceView(stockQuote(d, now), iso)) });
    if (requested.length > MAX_SYMBOLS) return validationError(c, { symbols: `must list at most ${MAX_SYMBOLS} symbols` });
    const unknown = requested.filter((s) => !findStock(s));
    if (unknown.length > 0) return symbolNotFound(c, unknown);
    return ok(c, { prices: requested.map((s) => priceView(stockQuote(findStock(s)!, now), iso)) });
  });

  router.get("/wallet/portfolio", read, (c) => {
    const slice = ctx.slice<StocksSlice>("stocks", c.get("auth").merchant.id);
    return ok(c, portfolioView(slice, ctx.clock.now(), iso));
  });
}
