/** The Stocks surface (`/stocks/v1`): read-only. */
import type { z } from "zod";
import type { Query } from "./http";
import { enc, readFrom, type ReadOptions, type SurfaceCtx } from "./call";
import * as s from "./schemas/stocks";

const read = <S extends z.ZodType>(ctx: SurfaceCtx, path: string, schema: S, query?: Query, opts?: ReadOptions) => readFrom("stocks", ctx, path, schema, query, opts);

export const listAssets = (ctx: SurfaceCtx, query: { category?: "stock" | "etf" } = {}, opts?: ReadOptions) => read(ctx, "/assets", s.stockAssets, query, opts);
export const getAsset = (ctx: SurfaceCtx, symbol: string, opts?: ReadOptions) => read(ctx, `/assets/${enc(symbol)}`, s.stockAsset, undefined, opts);
/** `symbols` blank means all; `source_asset` with `target_asset` switches to convert mode. */
export const getPrices = (ctx: SurfaceCtx, query: { symbols?: string; source_asset?: string; target_asset?: string } = {}, opts?: ReadOptions) => read(ctx, "/prices", s.prices, query, opts);
export const getPortfolio = (ctx: SurfaceCtx, opts?: ReadOptions) => read(ctx, "/wallet/portfolio", s.portfolio, undefined, opts);
