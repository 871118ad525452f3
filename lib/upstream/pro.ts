/**
 * The Pro surface (`/public/v1`). A limit order carries the `client_order_id` the app sent with its
 * quote (spec: "the same value sent when requesting the quote"); any other order carries the ledger's
 * idempotency key as `client_order_id`. Either way a retried placement returns the first order.
 */
import type { z } from "zod";
import type { Query } from "./http";
import { askFrom, enc, readFrom, writeTo, type ReadOptions, type SurfaceCtx } from "./call";
import { anything } from "./schemas/common";
import * as s from "./schemas/pro";
import type { WriteAttempt } from "./types";

const read = <S extends z.ZodType>(ctx: SurfaceCtx, path: string, schema: S, query?: Query, opts?: ReadOptions) =>
  readFrom("pro", ctx, path, schema, query, opts);

export interface OrderInput {
  symbol: string;
  side: "buy" | "sell";
  type: "limit" | "market";
  price?: string;
  quantity: string;
  /** Limit orders: the reviewed quote's estimated_fee, unchanged. */
  max_taker_fee?: string;
  /** Limit orders: the id the app sent with the quote (the quote's answer has none). */
  client_order_id?: string;
}

export const getBalances = (ctx: SurfaceCtx, opts?: ReadOptions) => read(ctx, "/balances", s.balances, undefined, opts);
export const quoteOrder = (ctx: SurfaceCtx, body: Omit<OrderInput, "max_taker_fee">) => askFrom("pro", ctx, "/orders/quote", body, s.quote);
export const placeOrder = (ctx: SurfaceCtx, body: OrderInput, attempt: WriteAttempt) =>
  writeTo("pro", ctx, {
    operation: "pro.placeOrder",
    method: "POST",
    path: "/orders",
    body,
    schema: s.order,
    attempt,
    retry: true,
    prepareBody: (key) => ({ ...body, client_order_id: body.client_order_id ?? key }),
  });
export const listOpenOrders = (ctx: SurfaceCtx, query: { symbol?: string; status?: string; limit?: number; offset?: number } = {}, opts?: ReadOptions) =>
  read(ctx, "/orders", s.orderList, query, opts);
export const listOrderHistory = (ctx: SurfaceCtx, query: { symbol?: string; status?: string; limit?: number; offset?: number } = {}, opts?: ReadOptions) =>
  read(ctx, "/orders/history", s.orderList, query, opts);
export const getOrder = (ctx: SurfaceCtx, orderId: string, opts?: ReadOptions) => read(ctx, `/orders/${enc(orderId)}`, s.order, undefined, opts);
export const listOrderTrades = (ctx: SurfaceCtx, orderId: string, opts?: ReadOptions) => read(ctx, `/orders/${enc(orderId)}/trades`, s.trades, undefined, opts);
/** Cancelling twice cannot move money (the second answer is "not cancellable"), so it is retried. */
export const cancelOrder = (ctx: SurfaceCtx, orderId: string, attempt: WriteAttempt) =>
  writeTo("pro", ctx, { operation: "pro.cancelOrder", method: "DELETE", path: `/orders/${enc(orderId)}`, schema: anything, attempt, retry: true });
export const replaceOrder = (ctx: SurfaceCtx, orderId: string, body: { price?: string; quantity?: string; max_taker_fee?: string }, attempt: WriteAttempt) =>
  writeTo("pro", ctx, { operation: "pro.replaceOrder", method: "PUT", path: `/orders/${enc(orderId)}`, body, schema: s.order, attempt, retry: true });

export const listWebhooks = (ctx: SurfaceCtx, opts?: ReadOptions) => read(ctx, "/webhooks", s.webhooks, undefined, opts);
/** Returns the signing secret once; never re-sent automatically (a second create would make a second webhook). */
export const createWebhook = (ctx: SurfaceCtx, body: { url: string; events: string[]; description?: string }, attempt: WriteAttempt) =>
  writeTo("pro", ctx, { operation: "pro.createWebhook", method: "POST", path: "/webhooks", body, schema: s.webhookWithSecret, attempt, retry: false });
export const updateWebhook = (
  ctx: SurfaceCtx,
  id: string,
  body: { url?: string; events?: string[]; status?: "active" | "paused"; description?: string },
  attempt: WriteAttempt,
) => writeTo("pro", ctx, { operation: "pro.updateWebhook", method: "PATCH", path: `/webhooks/${enc(id)}`, body, schema: s.webhook, attempt, retry: true });
export const deleteWebhook = (ctx: SurfaceCtx, id: string, attempt: WriteAttempt) =>
  writeTo("pro", ctx, { operation: "pro.deleteWebhook", method: "DELETE", path: `/webhooks/${enc(id)}`, schema: anything, attempt, retry: true });
/** A second rotation would replace the secret just stored, so this is never re-sent automatically. */
export const rotateWebhookSecret = (ctx: SurfaceCtx, id: string, attempt: WriteAttempt) =>
  writeTo("pro", ctx, {
    operation: "pro.rotateWebhookSecret",
    method: "POST",
    path: `/webhooks/${enc(id)}/rotate-secret`,
    schema: s.webhookWithSecret,
    attempt,
    retry: false,
  });

export const getWithdrawalOptions = (ctx: SurfaceCtx, opts?: ReadOptions) => read(ctx, "/withdrawals/onchain/options", s.withdrawalOptions, undefined, opts);
/** Sandbox only; not idempotent upstream, so never retried. */
export const simulateDeposit = (ctx: SurfaceCtx, body: { asset: string; amount: string; chain?: string }, attempt: WriteAttempt) =>
  writeTo("pro", ctx, { operation: "pro.simulateDeposit", method: "POST", path: "/sandbox/deposits", body, schema: s.deposit, attempt, retry: false });
