/** The Stocks surface (`/stocks/v1`): read-only (the spec shows no Stocks write). */
import type { z } from "zod";
import type { Query } from "./http";
import { enc, readFrom, type ReadOptions, type SurfaceCtx } from "./call";
import * as s from "./schemas/stocks";

const read = <S extends z.ZodType>(ctx: SurfaceCtx, path: string, schema: S, query?: Query, opts?: ReadOptions) =>
  readFrom("stocks", ctx, path, schema, query, opts);

/** Every asset, optionally of one category (the list is the sandbox's assumption; the spec shows the detail). */
export const listAssets = (ctx: SurfaceCtx, query: { category?: string } = {}, opts?: ReadOptions) => read(ctx, "/assets", s.stockAssets, query, opts);
export const getAsset = (ctx: SurfaceCtx, symbol: string, opts?: ReadOptions) => read(ctx, `/assets/${enc(symbol)}`, s.stockAsset, undefined, opts);
/**
 * Prices of the listed symbols (comma-separated; blank means all). The spec does not name the
 * parameters; `symbols` is the sandbox's name.
 */
export const getPrices = (ctx: SurfaceCtx, query: { symbols?: string } = {}, opts?: ReadOptions) => read(ctx, "/prices", s.prices, query, opts);
/** Convert mode of GET /prices: one source unit priced in the target (a stock or USD). */
export const convertPrice = (ctx: SurfaceCtx, query: { source_asset: string; target_asset: string }, opts?: ReadOptions) =>
  read(ctx, "/prices", s.prices, query, opts);
export const getPortfolio = (ctx: SurfaceCtx, opts?: ReadOptions) => read(ctx, "/wallet/portfolio", s.portfolio, undefined, opts);
