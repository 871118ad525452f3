/**
 * The control API under /__emulator: JSON, no API key, sandbox mode only (404 in live mode, so a
 * live-mode emulator cannot be steered). Used by tests, the dev scripts and developers.
 */
import { randomBytes } from "node:crypto";
import type { Context, Hono } from "hono";
import { z } from "zod";
import type { ApiKeyRecord, EmulatorState, Scope } from "../lib/contract";
import { addDepositHistory, MAX_HISTORY_DEPOSITS } from "../core/history";
import { NEXT_AMOUNT_PATH, setNextSimulatedAmount } from "../core/simulated-amounts";
import type { CoreSlice } from "../core/types";
import { FaultInputSchema } from "../lib/faults";
import { coreError } from "../lib/http";
import type { Platform } from "../lib/platform";
import { webhookState } from "../lib/webhooks";

export const CONTROL_BASE = "/__emulator";

const MAX_ADVANCE_MS = 400 * 24 * 3_600_000;

const urlSchema = z
  .string()
  .url()
  .refine((u) => /^https?:\/\//i.test(u), "url must be http or https");

const WebhookTargetSchema = z
  .object({
    merchant_id: z.string().min(1),
    surface: z.enum(["core", "pro"]),
    url: urlSchema,
    secret: z.string().min(8, "secret must be at least 8 characters").max(256),
  })
  .strict();

const ClockSchema = z.object({ advance_ms: z.number().int().min(0).max(MAX_ADVANCE_MS) }).strict();
const FreezeSchema = z.object({ frozen: z.boolean() }).strict();
const HistorySchema = z.object({ deposits: z.number().int().min(1).max(MAX_HISTORY_DEPOSITS) }).strict();
const ResetSchema = z.object({ keep_webhook_targets: z.boolean().optional() }).strict();
const NewKeySchema = z
  .object({
    merchant_id: z.string().min(1),
    scopes: z.array(z.enum(["Read", "Write", "Trade"])).min(1),
    environment: z.enum(["sandbox", "live"]).default("sandbox"),
    key: z
      .string()
      .regex(/^(sk_sandbox_|sk_live_|daya_sk_)[A-Za-z0-9_]{4,150}$/)
      .optional(),
  })
  .strict();

/** Drift: a field or enum value the provider may add before its documents say so. */
const DriftSchema = z
  .object({
    status: z.string().min(1).max(64).optional(),
    settlement_status: z.string().min(1).max(64).optional(),
    /** Extra top-level fields, returned wherever the record's view passes them on (deposits). */
    fields: z.record(z.string().regex(/^[a-z][a-z0-9_]{0,63}$/), z.unknown()).optional(),
  })
  .strict();

/**
 * The stored record with this id (or `order_id`), in any surface's collections of any merchant:
 * each merchant's slice holds its records in top-level arrays.
 */
function findRecord(state: EmulatorState, id: string): Record<string, unknown> | null {
  for (const bucket of Object.values(state.surfaces)) {
    for (const slice of Object.values(bucket ?? {})) {
      if (typeof slice !== "object" || slice === null) continue;
      for (const list of Object.values(slice as Record<string, unknown>)) {
        if (!Array.isArray(list)) continue;
        for (const r of list) {
          if (typeof r === "object" && r !== null && ((r as Record<string, unknown>).id === id || (r as Record<string, unknown>).order_id === id))
            return r as Record<string, unknown>;
        }
      }
    }
  }
  return null;
}

function invalid(c: Context, error: z.ZodError): Response {
  return coreError(c, 400, "validation_failed", "Invalid request body.", {
    issues: error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
  });
}

async function readJson(c: Context): Promise<{ ok: true; value: unknown } | { ok: false; res: Response }> {
  const text = await c.req.text();
  if (text.trim() === "") return { ok: true, value: {} };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, res: coreError(c, 400, "validation_failed", "Body is not valid JSON.") };
  }
}

function limitParam(c: Context, fallback: number, max: number): number | null {
  const raw = c.req.query("limit");
  if (raw === undefined || raw === "") return fallback;
  if (!/^\d+$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 && n <= max ? n : null;
}

function publicKey(k: ApiKeyRecord) {
  return {
    key: k.key,
    merchant_id: k.merchant_id,
    environment: k.environment,
    scopes: k.scopes,
    frozen: k.frozen,
    revoked: k.revoked === true,
  };
}

export function mountControl(app: Hono, platform: Platform): void {
  const base = CONTROL_BASE;

  app.use(`${base}/*`, async (c, next) => {
    if (platform.mode !== "sandbox") return coreError(c, 404, "NOT_FOUND", `No route for ${c.req.method} ${c.req.path}.`);
    await next();
  });

  app.get(`${base}/health`, (c) => c.json({ status: "ok", mode: platform.mode, now: platform.clock.iso() }));

  app.post(`${base}/reset`, async (c) => {
    const body = await readJson(c);
    if (!body.ok) return body.res;
    const parsed = ResetSchema.safeParse(body.value);
    if (!parsed.success) return invalid(c, parsed.error);
    await platform.reset(parsed.data.keep_webhook_targets ?? true);
    return c.json({ status: "reset", now: platform.clock.iso() });
  });

  app.get(`${base}/keys`, (c) => c.json({ keys: platform.snapshot().keys.map(publicKey) }));

  app.post(`${base}/keys`, async (c) => {
    const body = await readJson(c);
    if (!body.ok) return body.res;
    const parsed = NewKeySchema.safeParse(body.value);
    if (!parsed.success) return invalid(c, parsed.error);
    const state = platform.snapshot();
    const merchant = state.merchants.find((m) => m.id === parsed.data.merchant_id);
    if (!merchant) return coreError(c, 404, "NOT_FOUND", "Merchant not found.");
    const prefix = parsed.data.environment === "live" ? "sk_live_" : "sk_sandbox_";
    const key = parsed.data.key ?? `${prefix}${randomBytes(12).toString("hex")}`;
    if (state.keys.some((k) => k.key === key)) return coreError(c, 409, "conflict", "That key already exists.");
    const record: ApiKeyRecord = {
      key,
      merchant_id: merchant.id,
      environment: parsed.data.environment,
      scopes: [...new Set<Scope>(parsed.data.scopes)],
      frozen: merchant.frozen,
    };
    state.keys.push(record);
    platform.ctx.save();
    return c.json(publicKey(record), 201);
  });

  app.delete(`${base}/keys/:key`, (c) => {
    const record = platform.snapshot().keys.find((k) => k.key === c.req.param("key"));
    if (!record) return coreError(c, 404, "NOT_FOUND", "Key not found.");
    record.revoked = true;
    platform.ctx.save();
    return c.json(publicKey(record));
  });

  app.get(`${base}/merchants`, (c) => c.json({ merchants: platform.snapshot().merchants }));

  app.post(`${base}/merchants/:id/freeze`, async (c) => {
    const body = await readJson(c);
    if (!body.ok) return body.res;
    const parsed = FreezeSchema.safeParse(body.value);
    if (!parsed.success) return invalid(c, parsed.error);
    const merchant = platform.setMerchantFrozen(c.req.param("id"), parsed.data.frozen);
    if (!merchant) return coreError(c, 404, "NOT_FOUND", "Merchant not found.");
    return c.json(merchant);
  });

  // Older history in bulk (emulator-only): the provider's simulator makes one deposit per call
  // under the rate limit, too slow to give the backfill benchmark thousands to page through.
  app.post(`${base}/merchants/:id/history`, async (c) => {
    const body = await readJson(c);
    if (!body.ok) return body.res;
    const parsed = HistorySchema.safeParse(body.value);
    if (!parsed.success) return invalid(c, parsed.error);
    const id = c.req.param("id");
    if (!platform.snapshot().merchants.some((m) => m.id === id)) return coreError(c, 404, "NOT_FOUND", "Merchant not found.");
    const r = addDepositHistory(platform.ctx.slice<CoreSlice>("core", id), parsed.data.deposits, platform.clock.now());
    if ("error" in r) return coreError(c, 409, "conflict", r.error);
    platform.ctx.save();
    return c.json({ merchant_id: id, deposits_added: r.added, deposits: r.total });
  });

  app.put(`${base}/webhook-target`, async (c) => {
    const body = await readJson(c);
    if (!body.ok) return body.res;
    const parsed = WebhookTargetSchema.safeParse(body.value);
    if (!parsed.success) return invalid(c, parsed.error);
    const { merchant_id, surface, url, secret } = parsed.data;
    if (!platform.snapshot().merchants.some((m) => m.id === merchant_id)) {
      return coreError(c, 400, "validation_failed", "Unknown merchant_id.", { issues: [{ path: "merchant_id", message: "unknown merchant" }] });
    }
    platform.webhooks.setTarget(merchant_id, surface, { url, secret });
    return c.json({ merchant_id, surface, url });
  });

  app.get(`${base}/webhook-target`, (c) => {
    const merchantId = c.req.query("merchant_id") ?? "";
    const surface = c.req.query("surface");
    if (surface !== "core" && surface !== "pro") return coreError(c, 400, "validation_failed", "surface must be core or pro.");
    const target = platform.webhooks.getTarget(merchantId, surface);
    if (!target) return coreError(c, 404, "NOT_FOUND", "No webhook target set.");
    return c.json({ merchant_id: merchantId, surface, url: target.url, updated_at: target.updated_at });
  });

  app.delete(`${base}/webhook-target`, (c) => {
    const merchantId = c.req.query("merchant_id") ?? "";
    const surface = c.req.query("surface");
    if (surface !== "core" && surface !== "pro") return coreError(c, 400, "validation_failed", "surface must be core or pro.");
    platform.webhooks.setTarget(merchantId, surface, null);
    return c.body(null, 204);
  });

  app.get(`${base}/deliveries`, (c) => {
    const limit = limitParam(c, 100, 2_000);
    if (limit === null) return coreError(c, 400, "validation_failed", "limit must be an integer from 1 to 2000.");
    return c.json({ deliveries: platform.webhooks.deliveries(c.req.query("merchant_id") || undefined, limit) });
  });

  app.get(`${base}/events`, (c) => {
    const limit = limitParam(c, 100, 1_000);
    if (limit === null) return coreError(c, 400, "validation_failed", "limit must be an integer from 1 to 1000.");
    const surface = c.req.query("surface");
    if (surface !== undefined && surface !== "core" && surface !== "pro") {
      return coreError(c, 400, "validation_failed", "surface must be core or pro.");
    }
    return c.json({ events: platform.webhooks.events(c.req.query("merchant_id") || undefined, surface, limit) });
  });

  // Read-only: what each key asked of the emulator (load tests check the app stays under the limit).
  app.get(`${base}/requests`, (c) => c.json({ window_ms: 60_000, limit_per_minute: platform.rateLimiter.limit, keys: platform.requestCounter.snapshot() }));

  app.get(`${base}/webhook-queue`, (c) => c.json({ pending: platform.webhooks.pending() }));

  app.post(`${base}/faults`, async (c) => {
    const body = await readJson(c);
    if (!body.ok) return body.res;
    const items = Array.isArray(body.value) ? body.value : [body.value];
    const parsed = z.array(FaultInputSchema).min(1).safeParse(items);
    if (!parsed.success) return invalid(c, parsed.error);
    for (const f of parsed.data) platform.faults.add(f, platform.clock.iso());
    return c.json({ faults: platform.faults.list() }, 201);
  });

  app.get(`${base}/faults`, (c) => c.json({ faults: platform.faults.list() }));

  app.delete(`${base}/faults`, (c) => {
    platform.faults.clear();
    return c.json({ faults: [] });
  });

  app.delete(`${base}/faults/:id`, (c) => {
    if (!platform.faults.remove(c.req.param("id"))) return coreError(c, 404, "NOT_FOUND", "Fault not found.");
    return c.json({ faults: platform.faults.list() });
  });

  // The amount of an account's next simulated deposit: an emulator-only choice, kept off the
  // provider's simulator endpoint, which documents funding_account_id and scenario only.
  app.put(NEXT_AMOUNT_PATH, async (c) => {
    const body = await readJson(c);
    if (!body.ok) return body.res;
    const r = setNextSimulatedAmount(platform.snapshot().surfaces.core ?? {}, body.value);
    if (!r.ok) {
      if (r.status === 404) return coreError(c, 404, "NOT_FOUND", r.message);
      return coreError(c, 400, "validation_failed", r.message, { issues: Object.entries(r.fields ?? {}).map(([path, message]) => ({ path, message })) });
    }
    platform.ctx.save();
    return c.json({ merchant_id: r.merchant_id, funding_account_id: r.funding_account_id, amount: r.amount });
  });

  app.get(`${base}/clock`, (c) => c.json({ now: platform.clock.iso(), offset_ms: platform.snapshot().clockOffsetMs }));

  app.post(`${base}/clock`, async (c) => {
    const body = await readJson(c);
    if (!body.ok) return body.res;
    const parsed = ClockSchema.safeParse(body.value);
    if (!parsed.success) return invalid(c, parsed.error);
    const now = await platform.advanceClock(parsed.data.advance_ms);
    return c.json({ now: platform.clock.iso(now), offset_ms: platform.snapshot().clockOffsetMs });
  });

  // Sets a stored record's status to any value, documented or not, and adds unknown fields: the
  // provider's enums and shapes grow before its documents do, and the app must show such a record raw.
  app.post(`${base}/drift/:id`, async (c) => {
    const body = await readJson(c);
    if (!body.ok) return body.res;
    const parsed = DriftSchema.safeParse(body.value);
    if (!parsed.success) return invalid(c, parsed.error);
    const record = findRecord(platform.snapshot(), c.req.param("id"));
    if (!record) return coreError(c, 404, "NOT_FOUND", "No stored record with that id.");
    const { status, settlement_status, fields } = parsed.data;
    if (status !== undefined) record.status = status;
    if (settlement_status !== undefined) record.settlement_status = settlement_status;
    if (fields) record.drift_fields = { ...(record.drift_fields as Record<string, unknown> | undefined), ...fields };
    record.updated_at = platform.clock.iso();
    platform.ctx.save();
    return c.json({ id: c.req.param("id"), status: record.status, settlement_status: record.settlement_status, fields: record.drift_fields ?? {} });
  });

  app.get(`${base}/state`, (c) => {
    // A copy with the platform's webhook secrets blanked: they are set once and never read back.
    const copy = JSON.parse(JSON.stringify(platform.snapshot())) as EmulatorState;
    const ws = webhookState(copy);
    for (const t of Object.values(ws.webhookTargets)) t.secret = "";
    for (const q of ws.webhookQueue) q.secret = "";
    return c.json(copy);
  });

  app.all(`${base}/*`, (c) => coreError(c, 404, "NOT_FOUND", `No control route for ${c.req.method} ${c.req.path}.`));
}
