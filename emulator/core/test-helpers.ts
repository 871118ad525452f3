/**
 * Shared helpers of the core contract suites: a real emulator per suite, a signed-webhook
 * receiver, JSON requests with fresh idempotency keys, and lookups of seeded records.
 */
import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { afterAll, beforeAll, expect } from "vitest";
import { startWebhookReceiver, withEmulator, type TestEmulator, type WebhookReceiver } from "../testing";

export const WEBHOOK_SECRET = "whsec_core_contract_suite";

export interface Harness {
  emu: TestEmulator;
  hooks: WebhookReceiver;
  close(): Promise<void>;
}

export async function startHarness(): Promise<Harness> {
  // Rate limit off: the suites send far more than 100 requests a minute by design.
  const emu = await withEmulator({ rateLimitPerMinute: 0 });
  const hooks = await startWebhookReceiver();
  for (const merchantId of ["7b1d5c1e-0000-4000-8000-000000000001", "7b1d5c1e-0000-4000-8000-000000000003"]) {
    await emu.control.setWebhookTarget({ merchantId, surface: "core", url: hooks.url, secret: WEBHOOK_SECRET });
  }
  return {
    emu,
    hooks,
    async close() {
      await hooks.close();
      await emu.close();
    },
  };
}

/**
 * The file's harness, started before its tests and closed after them. beforeAll fills it in, so
 * read it inside tests and hooks only; hooks the file adds later run after it has started.
 */
export function harnessPerSuite(): Harness {
  const h = {} as Harness;
  beforeAll(async () => {
    Object.assign(h, await startHarness());
  });
  afterAll(async () => {
    await h.close?.();
  });
  return h;
}

// Response bodies are asserted field by field against the spec; a loose type keeps that readable.
export type Json = Record<string, any>;

export interface CallResult {
  status: number;
  body: Json;
  headers: Headers;
}

export async function call(
  emu: TestEmulator,
  method: string,
  path: string,
  opts: { json?: unknown; apiKey?: string | null; idem?: string | false; raw?: string } = {},
): Promise<CallResult> {
  const headers: Record<string, string> = {};
  if (opts.idem !== false && method !== "GET") headers["X-Idempotency-Key"] = opts.idem ?? randomUUID();
  const init: RequestInit & { apiKey?: string | null; json?: unknown } = { method, headers, apiKey: opts.apiKey };
  if (opts.raw !== undefined) {
    headers["Content-Type"] = "application/json";
    init.body = opts.raw;
  } else if (opts.json !== undefined) init.json = opts.json;
  const res = await emu.request(path, init);
  const text = await res.text();
  return { status: res.status, body: text === "" ? {} : (JSON.parse(text) as Json), headers: res.headers };
}

export const get = (emu: TestEmulator, path: string, apiKey?: string) => call(emu, "GET", path, { apiKey });
export const post = (emu: TestEmulator, path: string, json: unknown, opts: { apiKey?: string; idem?: string | false } = {}) =>
  call(emu, "POST", path, { json, ...opts });

/** Asserts the core error shape and returns the error object. */
export function expectCoreError(r: CallResult, status: number, code: string): Json {
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  expect(r.body).toHaveProperty("error");
  expect(r.body.error.code).toBe(code);
  expect(typeof r.body.error.message).toBe("string");
  return r.body.error as Json;
}

/** Asserts validation_failed naming exactly these failing field paths (at least). */
export function expectFieldErrors(r: CallResult, ...paths: string[]): Record<string, string> {
  const err = expectCoreError(r, 400, "validation_failed");
  const fields = err.details.fields as Record<string, string>;
  for (const p of paths) expect(Object.keys(fields), `missing field error ${p}`).toContain(p);
  return fields;
}

export interface Delivered {
  event: string;
  data: Json;
  raw: string;
}

/** Verifies X-Daya-Signature of every delivery and returns the parsed events (current-name shape). */
export function deliveredEvents(hooks: WebhookReceiver): Delivered[] {
  return hooks.received.map((r) => {
    const sig = String(r.headers["x-daya-signature"] ?? "");
    const expected = createHmac("sha256", WEBHOOK_SECRET).update(r.body).digest("hex");
    expect(sig).toMatch(/^[0-9a-f]{64}$/);
    expect(timingSafeEqual(Buffer.from(sig), Buffer.from(expected))).toBe(true);
    const body = JSON.parse(r.body) as Json;
    return { event: body.event as string, data: body.data as Json, raw: r.body };
  });
}

/** Current-name events about one resource, in delivery order, once `count` have arrived. */
export async function eventsFor(hooks: WebhookReceiver, resourceId: string, names: readonly string[], count: number): Promise<Delivered[]> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const found = deliveredEvents(hooks).filter((e) => e.data?.id === resourceId && names.includes(e.event));
    if (found.length >= count || Date.now() > deadline) return found;
    await new Promise((r) => setTimeout(r, 20));
  }
}

export async function customers(emu: TestEmulator, apiKey?: string): Promise<Json[]> {
  const r = await get(emu, "/v1/customers?limit=100", apiKey);
  expect(r.status).toBe(200);
  return r.body.data as Json[];
}

export async function customerWhere(emu: TestEmulator, pred: (c: Json) => boolean, apiKey?: string): Promise<Json> {
  const c = (await customers(emu, apiKey)).find(pred);
  if (!c) throw new Error("no seeded customer matches");
  return c;
}

export const tier2WithPartner = (c: Json) => c.kyc_tier === 2 && c.banking_partner_id !== null;

export async function rate(emu: TestEmulator, to: string, side: string, apiKey?: string): Promise<Json> {
  const r = await get(emu, `/v1/rates?from=NGN&to=${to}&side=${side}`, apiKey);
  expect(r.status).toBe(200);
  return r.body;
}

/** Creates a funding account and advances past activation; returns the ACTIVE account. */
export async function activeFundingAccount(emu: TestEmulator, body: Json, apiKey?: string): Promise<Json> {
  const created = await post(emu, "/v1/funding-accounts", body, { apiKey });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  await emu.control.advance(2_500);
  const r = await get(emu, `/v1/funding-accounts/${created.body.id}`, apiKey);
  expect(r.body.status).toBe("ACTIVE");
  return r.body;
}

export async function balances(emu: TestEmulator, apiKey?: string): Promise<Json> {
  const r = await get(emu, "/v1/merchant/balance", apiKey);
  expect(r.status).toBe(200);
  return r.body.data as Json;
}

/** The deposit the simulator just created (its id is in the message). */
export function depositIdFrom(message: string): string {
  const m = /deposit ([0-9a-f-]{36})/.exec(message);
  if (!m) throw new Error(`no deposit id in ${message}`);
  return m[1] as string;
}

/** Moves emulated time away from a rate rotation so the next few calls see the same rates. */
export async function awayFromRateRotation(emu: TestEmulator): Promise<void> {
  const bucket = 10 * 60 * 1000;
  const into = Date.parse(await emu.control.advance(0)) % bucket;
  if (into > bucket - 60_000) await emu.control.advance(bucket - into + 1_000);
}
