/**
 * Pro webhook management: validation and the status rules (active <-> paused by PATCH, automatic
 * disabled after repeated delivery failures), plus the platform hooks that pick destinations and
 * record delivery outcomes. Pure over a ProSlice.
 */
import { randomBytes } from "node:crypto";
import type { WebhookDestination } from "../lib/contract";
import type { EngineError, IdSource } from "./engine";
import { PRO_EVENTS, type ProEventName, type ProSlice, type WebhookRecord } from "./types";

export const WEBHOOK_PARAMS = {
  /** At most 5 webhooks per account (docs notes). */
  maxPerAccount: 5,
  /** Consecutive failed deliveries after which an active webhook is disabled. */
  disableAfterFailures: 10,
  maxUrlLength: 2048,
  maxDescriptionLength: 500,
} as const;

export function newSecret(): string {
  return randomBytes(32).toString("hex");
}

export function webhookView(w: WebhookRecord, iso: (ms: number) => string) {
  return {
    id: w.id,
    url: w.url,
    description: w.description,
    events: [...w.events],
    status: w.status,
    failure_count: w.failure_count,
    last_success_at: w.last_success_at === null ? null : iso(w.last_success_at),
    last_failure_at: w.last_failure_at === null ? null : iso(w.last_failure_at),
    last_failure_reason: w.last_failure_reason,
    created_at: iso(w.created_at),
    updated_at: iso(w.updated_at),
  };
}

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * HTTPS only, as the spec requires; in the sandbox, plain HTTP to the local machine is accepted
 * too, because tests and local development have no certificate to serve HTTPS with.
 */
export function checkUrl(input: unknown, sandbox: boolean): string | null {
  if (typeof input !== "string" || input === "") return "url is required and must be an HTTPS URL.";
  if (input.length > WEBHOOK_PARAMS.maxUrlLength) return `url must be at most ${WEBHOOK_PARAMS.maxUrlLength} characters.`;
  let u: URL;
  try {
    u = new URL(input);
  } catch {
    return "url must be a valid HTTPS URL.";
  }
  if (u.username !== "" || u.password !== "") return "url must not contain credentials.";
  if (u.protocol === "https:") return null;
  if (u.protocol === "http:" && sandbox && LOCAL_HOSTS.has(u.hostname)) return null;
  return "url must use HTTPS.";
}

function checkEvents(input: unknown): { events: ProEventName[] } | { error: string } {
  if (!Array.isArray(input) || input.length === 0) return { error: `events must be a non-empty array of: ${PRO_EVENTS.join(", ")}.` };
  const out: ProEventName[] = [];
  for (const e of input) {
    if (typeof e !== "string" || !(PRO_EVENTS as readonly string[]).includes(e)) {
      return { error: `unknown event ${JSON.stringify(e)}; allowed: ${PRO_EVENTS.join(", ")}.` };
    }
    if (!out.includes(e as ProEventName)) out.push(e as ProEventName);
  }
  return { events: out };
}

function checkDescription(input: unknown): string | null {
  if (typeof input !== "string") return "description must be a string.";
  if (input.length > WEBHOOK_PARAMS.maxDescriptionLength) return `description must be at most ${WEBHOOK_PARAMS.maxDescriptionLength} characters.`;
  return null;
}

function validation(fields: Record<string, string>): EngineError {
  return { ok: false, status: 400, code: "VALIDATION_ERROR", message: "The webhook is invalid.", fields };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

export function createWebhook(
  slice: ProSlice,
  body: unknown,
  now: number,
  sandbox: boolean,
  newId: IdSource,
): { ok: true; webhook: WebhookRecord } | EngineError {
  if (!isObject(body)) return validation({ body: "The request body must be a JSON object." });
  const fields: Record<string, string> = {};
  const urlError = checkUrl(body.url, sandbox);
  if (urlError) fields.url = urlError;
  const events = checkEvents(body.events);
  if ("error" in events) fields.events = events.error;
  let description = "";
  if (body.description !== undefined && body.description !== null) {
    const d = checkDescription(body.description);
    if (d) fields.description = d;
    else description = body.description as string;
  }
  if (Object.keys(fields).length > 0) return validation(fields);
  if (slice.webhooks.length >= WEBHOOK_PARAMS.maxPerAccount) {
    return {
      ok: false,
      status: 400,
      code: "WEBHOOK_LIMIT_REACHED",
      message: `An account can have at most ${WEBHOOK_PARAMS.maxPerAccount} webhooks; delete one first.`,
      details: { limit: WEBHOOK_PARAMS.maxPerAccount },
    };
  }
  const webhook: WebhookRecord = {
    id: newId(),
    url: body.url as string,
    description,
    events: (events as { events: ProEventName[] }).events,
    status: "active",
    secret: newSecret(),
    failure_count: 0,
    last_success_at: null,
    last_failure_at: null,
    last_failure_reason: null,
    created_at: now,
    updated_at: now,
  };
  slice.webhooks.push(webhook);
  return { ok: true, webhook };
}

/** Only the fields sent change. Any status may be set to active or paused, including disabled. */
export function patchWebhook(w: WebhookRecord, body: unknown, now: number, sandbox: boolean): { ok: true } | EngineError {
  if (!isObject(body)) return validation({ body: "The request body must be a JSON object." });
  const fields: Record<string, string> = {};
  if (body.url !== undefined) {
    const e = checkUrl(body.url, sandbox);
    if (e) fields.url = e;
  }
  let events: ProEventName[] | null = null;
  if (body.events !== undefined) {
    const r = checkEvents(body.events);
    if ("error" in r) fields.events = r.error;
    else events = r.events;
  }
  if (body.status !== undefined && body.status !== "active" && body.status !== "paused") {
    fields.status = "status must be active or paused.";
  }
  if (body.description !== undefined) {
    const d = checkDescription(body.description);
    if (d) fields.description = d;
  }
  if (Object.keys(fields).length > 0) return validation(fields);

  if (body.url !== undefined) w.url = body.url as string;
  if (events !== null) w.events = events;
  if (body.description !== undefined) w.description = body.description as string;
  if (body.status !== undefined && body.status !== w.status) {
    // Re-activating a disabled webhook is a fresh start: its failure streak is cleared.
    if (w.status === "disabled") w.failure_count = 0;
    w.status = body.status as "active" | "paused";
  }
  const sent = ["url", "events", "status", "description"].some((k) => body[k] !== undefined);
  if (sent) w.updated_at = now;
  return { ok: true };
}

export function destinations(slice: ProSlice, event: string): WebhookDestination[] {
  return slice.webhooks
    .filter((w) => w.status === "active" && (w.events as string[]).includes(event))
    .map((w) => ({ url: w.url, secret: w.secret, webhookId: w.id }));
}

/** Records one delivery attempt's outcome; returns true when the webhook changed. */
export function recordDelivery(slice: ProSlice, webhookId: string, ok: boolean, reason: string | undefined, now: number): boolean {
  const w = slice.webhooks.find((x) => x.id === webhookId);
  if (!w) return false;
  if (ok) {
    w.failure_count = 0;
    w.last_success_at = now;
  } else {
    w.failure_count += 1;
    w.last_failure_at = now;
    w.last_failure_reason = reason && reason !== "" ? reason : "delivery failed";
    if (w.status === "active" && w.failure_count >= WEBHOOK_PARAMS.disableAfterFailures) {
      w.status = "disabled";
      // updated_at tracks configuration and status, not every delivery attempt.
      w.updated_at = now;
    }
  }
  return true;
}
