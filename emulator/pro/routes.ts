/**
 * HTTP routes of the Pro surface (`/pro/public/v1`). Every handler first brings the merchant's
 * slice up to the emulated now (state machine and matching), then acts, then emits the events.
 */
import { randomUUID } from "node:crypto";
import type { Context, Hono } from "hono";
import type { EmuEnv, EmulatorContext } from "../lib/contract";
import { blockIfFrozen, envelopeError, ok, requireScope } from "../lib/http";
import { depositView, simulateDeposit } from "./deposits";
import {
  advance,
  balancesView,
  cancelOrder,
  findOrder,
  orderView,
  placeOrder,
  quote,
  replaceOrder,
  tradeView,
  validateOrderInput,
  type EngineEnv,
  type EngineError,
} from "./engine";
import { withdrawalOptions } from "./options";
import { ACTIVE_STATUSES, ORDER_STATUSES, SYMBOLS, type OrderRecord, type OrderStatus, type ProEvent, type ProSlice } from "./types";
import { createWebhook, newSecret, patchWebhook, webhookView } from "./webhooks";

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;

type Ctx = Context<EmuEnv>;

export function engineEnv(ctx: EmulatorContext): EngineEnv {
  return { newId: randomUUID, iso: (ms) => ctx.clock.iso(ms) };
}

export function emitAll(ctx: EmulatorContext, merchantId: string, events: readonly ProEvent[]): void {
  for (const e of events) ctx.webhooks.emit(merchantId, "pro", e.name, e.data);
}

/** Runs the merchant's slice up to now, emitting what happened meanwhile. */
export function syncSlice(ctx: EmulatorContext, merchantId: string): ProSlice {
  const slice = ctx.slice<ProSlice>("pro", merchantId);
  const { events, moves } = advance(slice, ctx.clock.now(), engineEnv(ctx));
  if (moves > 0) ctx.save();
  emitAll(ctx, merchantId, events);
  return slice;
}

function engineError(c: Ctx, e: EngineError): Response {
  return envelopeError(c, e.status, e.code, e.message, e.fields, e.details);
}

/** JSON body, or undefined when it does not parse (answered as a validation error by the caller). */
async function readJson(c: Ctx): Promise<{ ok: true; body: unknown } | { ok: false }> {
  const text = await c.req.text();
  if (text.trim() === "") return { ok: true, body: {} };
  try {
    return { ok: true, body: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

function malformed(c: Ctx, code: string): Response {
  return envelopeError(c, 400, code, "The request body is not valid JSON.");
}

interface Paging {
  limit: number;
  offset: number;
}

function parsePaging(c: Ctx): { paging: Paging; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  const rawLimit = c.req.query("limit");
  const rawOffset = c.req.query("offset");
  let limit = DEFAULT_PAGE_SIZE;
  let offset = 0;
  if (rawLimit !== undefined) {
    if (!/^\d{1,4}$/.test(rawLimit) || Number(rawLimit) < 1 || Number(rawLimit) > MAX_PAGE_SIZE) {
      fields.limit = `limit must be an integer from 1 to ${MAX_PAGE_SIZE}.`;
    } else limit = Number(rawLimit);
  }
  if (rawOffset !== undefined) {
    if (!/^\d{1,9}$/.test(rawOffset)) fields.offset = "offset must be an integer of 0 or more.";
    else offset = Number(rawOffset);
  }
  return { paging: { limit, offset }, fields };
}

/**
 * Shared by the open-orders list and the history: filters (symbol, status), newest first, paged.
 * Returns a Response on invalid input.
 */
function listOrders(c: Ctx, ctx: EmulatorContext, openOnly: boolean): Response {
  const slice = syncSlice(ctx, c.get("auth").merchant.id);
  const { paging, fields } = parsePaging(c);
  const status = c.req.query("status");
  if (status !== undefined && !(ORDER_STATUSES as readonly string[]).includes(status)) {
    fields.status = `status must be one of: ${ORDER_STATUSES.join(", ")}.`;
  }
  if (Object.keys(fields).length > 0) return envelopeError(c, 400, "VALIDATION_ERROR", "Invalid query parameters.", fields);
  const symbol = c.req.query("symbol");
  if (symbol !== undefined && !(SYMBOLS as readonly string[]).includes(symbol)) {
    return envelopeError(c, 404, "SYMBOL_NOT_FOUND", `Trading pair ${symbol} does not exist.`, undefined, { supported_symbols: [...SYMBOLS] });
  }
  const { limit, offset } = paging;
  // Every symbol trades the one USD-NGN book, so a symbol filter keeps all of them.
  const matching = slice.orders
    .filter((o) => (!openOnly || ACTIVE_STATUSES.includes(o.status)) && (status === undefined || o.status === (status as OrderStatus)))
    .sort((a, b) => b.created_at - a.created_at || (a.order_id < b.order_id ? 1 : -1));
  const page = matching.slice(offset, offset + limit);
  const iso = (ms: number) => ctx.clock.iso(ms);
  return ok(c, {
    orders: page.map((o) => orderView(o, iso)),
    total_count: matching.length,
    limit,
    offset,
    has_more: offset + page.length < matching.length,
  });
}

function lookupOrder(c: Ctx, slice: ProSlice): OrderRecord | Response {
  const id = c.req.param("order_id") ?? "";
  const order = UUID_RE.test(id) ? findOrder(slice, id.toLowerCase()) : undefined;
  if (!order) return envelopeError(c, 404, "ORDER_NOT_FOUND", "No order with that order_id.");
  return order;
}

function lookupWebhookIndex(c: Ctx, slice: ProSlice): number {
  const id = (c.req.param("id") ?? "").toLowerCase();
  return UUID_RE.test(id) ? slice.webhooks.findIndex((w) => w.id === id) : -1;
}

function webhookNotFound(c: Ctx): Response {
  return envelopeError(c, 404, "WEBHOOK_NOT_FOUND", "No webhook with that id.");
}

export function mountProRoutes(router: Hono<EmuEnv>, ctx: EmulatorContext): void {
  const env = engineEnv(ctx);
  const iso = env.iso;
  const merchantOf = (c: Ctx) => c.get("auth").merchant.id;

  // ---- balances (assumed endpoint) ----
  router.get("/balances", requireScope("Read"), (c) => ok(c, balancesView(syncSlice(ctx, merchantOf(c)))));

  // ---- orders ----
  router.post("/orders/quote", requireScope("Trade"), async (c) => {
    const parsed = await readJson(c);
    if (!parsed.ok) return malformed(c, "INVALID_ORDER");
    const input = validateOrderInput(parsed.body, true);
    if (!input.ok) return engineError(c, input);
    const slice = syncSlice(ctx, merchantOf(c));
    const q = quote(slice, input.value, ctx.clock.now());
    ctx.save();
    return ok(c, q);
  });

  router.post("/orders", requireScope("Trade"), blockIfFrozen(), async (c) => {
    const parsed = await readJson(c);
    if (!parsed.ok) return malformed(c, "INVALID_ORDER");
    const input = validateOrderInput(parsed.body);
    if (!input.ok) return engineError(c, input);
    const merchantId = merchantOf(c);
    const slice = syncSlice(ctx, merchantId);
    const placed = placeOrder(slice, input.value, ctx.clock.now(), env);
    if (!placed.ok) return engineError(c, placed);
    if (placed.replay) return ok(c, orderView(placed.order, iso), 200, "An order with this client_order_id already exists.");
    ctx.save();
    emitAll(ctx, merchantId, placed.events);
    const message = placed.order.status === "rejected" ? "Order rejected." : "Order placed.";
    return ok(c, orderView(placed.order, iso), 201, message);
  });

  router.get("/orders", requireScope("Read"), (c) => listOrders(c, ctx, true));
  router.get("/orders/history", requireScope("Read"), (c) => listOrders(c, ctx, false));

  router.get("/orders/:order_id", requireScope("Read"), (c) => {
    const order = lookupOrder(c, syncSlice(ctx, merchantOf(c)));
    return order instanceof Response ? order : ok(c, orderView(order, iso));
  });

  router.get("/orders/:order_id/trades", requireScope("Read"), (c) => {
    const slice = syncSlice(ctx, merchantOf(c));
    const order = lookupOrder(c, slice);
    if (order instanceof Response) return order;
    const trades = slice.trades.filter((t) => t.order_id === order.order_id).sort((a, b) => a.executed_at - b.executed_at);
    return ok(c, { trades: trades.map((t) => tradeView(t, iso)) });
  });

  // Cancelling only reduces exposure, so a frozen account may still cancel.
  router.delete("/orders/:order_id", requireScope("Trade"), (c) => {
    const merchantId = merchantOf(c);
    const slice = syncSlice(ctx, merchantId);
    const order = lookupOrder(c, slice);
    if (order instanceof Response) return order;
    const result = cancelOrder(order, ctx.clock.now(), env);
    if (!result.ok) return engineError(c, result);
    ctx.save();
    emitAll(ctx, merchantId, result.events);
    return ok(c, null, 200, "Order cancelled.");
  });

  router.put("/orders/:order_id", requireScope("Trade"), blockIfFrozen(), async (c) => {
    const parsed = await readJson(c);
    if (!parsed.ok) return malformed(c, "INVALID_ORDER");
    const slice = syncSlice(ctx, merchantOf(c));
    const order = lookupOrder(c, slice);
    if (order instanceof Response) return order;
    const result = replaceOrder(slice, order, parsed.body, ctx.clock.now());
    if (!result.ok) return engineError(c, result);
    ctx.save();
    return ok(c, orderView(order, iso), 200, "Order replaced.");
  });

  // ---- webhooks (all Write: the spec documents GET /webhooks as needing Write) ----
  router.get("/webhooks", requireScope("Write"), (c) => {
    const slice = syncSlice(ctx, merchantOf(c));
    return ok(
      c,
      slice.webhooks.map((w) => webhookView(w, iso)),
    );
  });

  router.post("/webhooks", requireScope("Write"), async (c) => {
    const parsed = await readJson(c);
    if (!parsed.ok) return malformed(c, "VALIDATION_ERROR");
    const slice = syncSlice(ctx, merchantOf(c));
    const sandbox = c.get("auth").key.environment === "sandbox";
    const created = createWebhook(slice, parsed.body, ctx.clock.now(), sandbox, env.newId);
    if (!created.ok) return engineError(c, created);
    ctx.save();
    return ok(
      c,
      { ...webhookView(created.webhook, iso), secret: created.webhook.secret },
      201,
      "Webhook created. Store the secret now: it is not shown again.",
    );
  });

  router.patch("/webhooks/:id", requireScope("Write"), async (c) => {
    const slice = syncSlice(ctx, merchantOf(c));
    const index = lookupWebhookIndex(c, slice);
    const webhook = slice.webhooks[index];
    if (!webhook) return webhookNotFound(c);
    const parsed = await readJson(c);
    if (!parsed.ok) return malformed(c, "VALIDATION_ERROR");
    const sandbox = c.get("auth").key.environment === "sandbox";
    const result = patchWebhook(webhook, parsed.body, ctx.clock.now(), sandbox);
    if (!result.ok) return engineError(c, result);
    ctx.save();
    return ok(c, webhookView(webhook, iso));
  });

  router.delete("/webhooks/:id", requireScope("Write"), (c) => {
    const slice = syncSlice(ctx, merchantOf(c));
    const index = lookupWebhookIndex(c, slice);
    if (index < 0) return webhookNotFound(c);
    slice.webhooks.splice(index, 1);
    ctx.save();
    return ok(c, null, 200, "Webhook deleted.");
  });

  router.post("/webhooks/:id/rotate-secret", requireScope("Write"), (c) => {
    const slice = syncSlice(ctx, merchantOf(c));
    const webhook = slice.webhooks[lookupWebhookIndex(c, slice)];
    if (!webhook) return webhookNotFound(c);
    webhook.secret = newSecret();
    webhook.updated_at = ctx.clock.now();
    ctx.save();
    return ok(c, { ...webhookView(webhook, iso), secret: webhook.secret }, 200, "Secret rotated. Store the new secret now: it is not shown again.");
  });

  // ---- withdrawal options (the platform answers 503 here while a wallet_unavailable fault is on) ----
  router.get("/withdrawals/onchain/options", requireScope("Read"), (c) => ok(c, withdrawalOptions()));

  // ---- sandbox deposit simulation (assumed endpoint) ----
  router.post("/sandbox/deposits", requireScope("Write"), async (c) => {
    if (c.get("auth").key.environment !== "sandbox") {
      return envelopeError(c, 404, "NOT_FOUND", "Deposit simulation exists only in the sandbox.");
    }
    const parsed = await readJson(c);
    if (!parsed.ok) return malformed(c, "VALIDATION_ERROR");
    const merchantId = merchantOf(c);
    const slice = syncSlice(ctx, merchantId);
    const result = simulateDeposit(slice, parsed.body, ctx.clock.now(), env);
    if (!result.ok) return engineError(c, result);
    ctx.save();
    emitAll(ctx, merchantId, result.events);
    return ok(c, depositView(result.deposit, iso), 201, "Deposit credited.");
  });
}
