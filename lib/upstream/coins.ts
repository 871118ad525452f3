/** The Coins surface (`/coins/v1`): one function per endpoint. */
import type { z } from "zod";
import type { Query } from "./http";
import { enc, readFrom, writeTo, type ReadOptions, type SurfaceCtx } from "./call";
import * as s from "./schemas/coins";
import type { WriteAttempt } from "./types";

const read = <S extends z.ZodType>(ctx: SurfaceCtx, path: string, schema: S, query?: Query, opts?: ReadOptions) =>
  readFrom("coins", ctx, path, schema, query, opts);

export const listMarkets = (ctx: SurfaceCtx, query: { base_caid?: string; quote_caid?: string } = {}, opts?: ReadOptions) =>
  read(ctx, "/markets", s.markets, query, opts);

export const listOrders = (
  ctx: SurfaceCtx,
  query: { status?: string; side?: string; base_asset?: string; quote_asset?: string; limit?: number; cursor?: string } = {},
  opts?: ReadOptions,
) => read(ctx, "/orders", s.orders, query, opts);
export const getOrder = (ctx: SurfaceCtx, id: string, opts?: ReadOptions) => read(ctx, `/orders/${enc(id)}`, s.order, undefined, opts);
export const placeOrder = (
  ctx: SurfaceCtx,
  body: { side: "buy" | "sell"; base_asset?: string; quote_asset?: string; market?: string; amount: string; client_order_id?: string },
  attempt: WriteAttempt,
) => writeTo("coins", ctx, { operation: "coins.placeOrder", method: "POST", path: "/orders", body, schema: s.order, attempt });
export const cancelOrder = (ctx: SurfaceCtx, id: string, attempt: WriteAttempt) =>
  writeTo("coins", ctx, { operation: "coins.cancelOrder", method: "POST", path: `/orders/${enc(id)}/cancel`, schema: s.order, attempt, retry: true });

export const listBalances = (ctx: SurfaceCtx, opts?: ReadOptions) => read(ctx, "/balances", s.balances, undefined, opts);
export const listTransactions = (
  ctx: SurfaceCtx,
  query: { type?: string; asset?: string; status?: string; limit?: number; cursor?: string } = {},
  opts?: ReadOptions,
) => read(ctx, "/transactions", s.transactions, query, opts);
export const getPortfolio = (ctx: SurfaceCtx, opts?: ReadOptions) => read(ctx, "/portfolio", s.portfolio, undefined, opts);

export const listWithdrawalAssets = (ctx: SurfaceCtx, opts?: ReadOptions) => read(ctx, "/crypto-withdrawals/assets", s.withdrawableAssets, undefined, opts);
export const listWithdrawalAddresses = (ctx: SurfaceCtx, query: { asset?: string; chain?: string } = {}, opts?: ReadOptions) =>
  read(ctx, "/crypto-withdrawals/addresses", s.addresses, query, opts);
/** Saving an address twice answers 409, so it is not re-sent automatically either. */
export const createWithdrawalAddress = (ctx: SurfaceCtx, body: { address: string; asset: string; chain: string; label?: string }, attempt: WriteAttempt) =>
  writeTo("coins", ctx, {
    operation: "coins.createWithdrawalAddress",
    method: "POST",
    path: "/crypto-withdrawals/addresses",
    body,
    schema: s.address,
    attempt,
    retry: false,
  });
export const renameWithdrawalAddress = (ctx: SurfaceCtx, id: string, label: string, attempt: WriteAttempt) =>
  writeTo("coins", ctx, {
    operation: "coins.renameWithdrawalAddress",
    method: "PATCH",
    path: `/crypto-withdrawals/addresses/${enc(id)}`,
    body: { label },
    schema: s.address,
    attempt,
    retry: true,
  });

export const listCryptoWithdrawals = (ctx: SurfaceCtx, query: { status?: string; asset?: string; limit?: number; cursor?: string } = {}, opts?: ReadOptions) =>
  read(ctx, "/crypto-withdrawals", s.cryptoWithdrawals, query, opts);
export const getCryptoWithdrawal = (ctx: SurfaceCtx, id: string, opts?: ReadOptions) =>
  read(ctx, `/crypto-withdrawals/${enc(id)}`, s.cryptoWithdrawal, undefined, opts);
export const createCryptoWithdrawal = (ctx: SurfaceCtx, body: { address_id: string; asset: string; chain: string; amount: string }, attempt: WriteAttempt) =>
  writeTo("coins", ctx, { operation: "coins.createCryptoWithdrawal", method: "POST", path: "/crypto-withdrawals", body, schema: s.cryptoWithdrawal, attempt });

export const listFiatWithdrawals = (ctx: SurfaceCtx, query: { status?: string; limit?: number; cursor?: string } = {}, opts?: ReadOptions) =>
  read(ctx, "/fiat-withdrawals", s.fiatWithdrawals, query, opts);
export const getFiatWithdrawal = (ctx: SurfaceCtx, id: string, opts?: ReadOptions) =>
  read(ctx, `/fiat-withdrawals/${enc(id)}`, s.fiatWithdrawal, undefined, opts);
export const createFiatWithdrawal = (
  ctx: SurfaceCtx,
  body: { currency?: "NGN"; amount: string; bank_code: string; account_number: string; narration?: string },
  attempt: WriteAttempt,
) => writeTo("coins", ctx, { operation: "coins.createFiatWithdrawal", method: "POST", path: "/fiat-withdrawals", body, schema: s.fiatWithdrawal, attempt });

export const listFiatDepositOptions = (ctx: SurfaceCtx, opts?: ReadOptions) => read(ctx, "/fiat-deposits/options", s.fiatDepositOptions, undefined, opts);
