/**
 * One delivery -> the fields the event store keeps: current and received name, the provider's
 * event id, the resource it is about (type, id, status), when the change happened, and the key that
 * makes repeated deliveries of one change collapse into one row.
 *
 * Shapes (upstream-docs-notes.md and the emulator): core `{ event, timestamp, data }` or the older
 * `{ event, event_id, created_at, data }`, `data` being the resource as its GET returns it; Pro
 * `{ event_id, type, timestamp, data }` with `X-Webhook-ID` and `X-Webhook-Event` headers.
 */
import { createHash } from "node:crypto";
import { currentName } from "./names";
import type { WebhookSurface } from "./verify";

export interface NormalizedEvent {
  name: string;
  receivedName: string;
  providerEventId: string | null;
  resourceType: string | null;
  resourceId: string | null;
  resourceStatus: string | null;
  occurredAt: Date | null;
  dedupeKey: string;
}

type Obj = Record<string, unknown>;
const MAX_TEXT = 200;

function asObject(v: unknown): Obj | null {
  return v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : null;
}

function text(v: unknown): string | null {
  if (typeof v === "number" && Number.isFinite(v)) return String(v);
  if (typeof v !== "string") return null;
  const t = v.trim();
  return t === "" ? null : t.slice(0, MAX_TEXT);
}

function time(v: unknown): Date | null {
  if (typeof v !== "string" || v.trim() === "") return null;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? null : d;
}

function sha256(s: string): string {
  return createHash("sha256").update(s).digest("hex");
}

/** Stable JSON (sorted keys) so the same content always hashes the same. */
export function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(",")}]`;
  const o = asObject(v);
  if (o) {
    return `{${Object.keys(o)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(o[k])}`)
      .join(",")}}`;
  }
  return JSON.stringify(v) ?? "null";
}

/** Which resource an event is about, by its (current) name and its surface. */
function resourceOf(surface: WebhookSurface, name: string, data: Obj | null): { type: string | null; id: string | null; status: string | null } {
  const d = data ?? {};
  const family = name.split(".")[0] ?? "";
  if (surface === "pro") {
    if (family === "order") return { type: "pro_order", id: text(d.order_id), status: text(d.status) };
    // A trade belongs to its order's story; it carries no order status of its own.
    if (family === "trade") return { type: "pro_order", id: text(d.order_id), status: null };
    if (name === "deposit.completed" || name === "crypto.deposit.completed" || family === "deposit" || name.startsWith("crypto.deposit")) {
      return { type: "pro_deposit", id: text(d.deposit_id) ?? text(d.id), status: text(d.status) };
    }
    if (family === "webhook") return { type: "pro_webhook", id: text(d.id) ?? text(d.webhook_id), status: text(d.status) };
  } else {
    switch (family) {
      case "deposit":
      case "transfer":
      case "withdrawal":
      case "funding_account":
        return { type: family, id: text(d.id), status: text(d.status) };
      // A move from the collection to the withdrawal balance, filed where the balances page lists moves.
      case "balance":
        if (name.startsWith("balance.transfer.")) return { type: "balance_move", id: text(d.id), status: text(d.status) };
        break;
      // Older families of funding accounts (legacy virtual accounts and onramps).
      case "virtual_account":
      case "onramp":
        return { type: "funding_account", id: text(d.id), status: text(d.status) };
    }
  }
  // Unknown family: kept under its first name segment, so it still has a resource to file under.
  const type = /^[a-z0-9_]{1,40}$/.test(family) ? family : null;
  return { type, id: text(d.id), status: text(d.status) };
}

export function normalizeEvent(surface: WebhookSurface, body: unknown, headers: Headers): NormalizedEvent {
  const b = asObject(body) ?? {};
  const data = asObject(b.data);
  const receivedName =
    (surface === "pro" ? (text(b.type) ?? text(b.event) ?? text(headers.get("x-webhook-event"))) : (text(b.event) ?? text(b.type))) ?? "unknown";
  const name = currentName(receivedName);
  // The body's event id is signed; X-Webhook-ID (the same id, per the docs) is not, so it is only a
  // fallback for display and never decides whether a delivery is new.
  const signedEventId = text(b.event_id);
  const providerEventId = surface === "pro" ? (signedEventId ?? text(headers.get("x-webhook-id"))) : signedEventId;
  const r = resourceOf(surface, name, data);
  // The resource's own change time is the truth for ordering; the envelope time is when it was sent.
  const changedAt = time(data?.updated_at) ?? time(data?.executed_at);
  const occurredAt = changedAt ?? time(data?.created_at) ?? time(b.timestamp) ?? time(b.created_at);

  let dedupeKey: string;
  if (surface === "pro" && signedEventId) {
    // Pro: the signed event id, the same on every retry and every destination (and equal to
    // X-Webhook-ID, so events stored before keep their key).
    dedupeKey = `id:${signedEventId}`;
  } else if (r.id) {
    // Core: the older and the current name of one change carry different event ids (or none), so
    // the change itself is the key: current name, resource, status and the resource's update time.
    dedupeKey = `change:${sha256([name, r.type ?? "", r.id, r.status ?? "", changedAt?.toISOString() ?? ""].join("\u0000"))}`;
  } else if (signedEventId) {
    dedupeKey = `id:${signedEventId}`;
  } else {
    dedupeKey = `body:${sha256(`${name}\u0000${canonicalJson(b.data ?? b)}`)}`;
  }
  return {
    name,
    receivedName,
    providerEventId,
    resourceType: r.type,
    resourceId: r.id,
    resourceStatus: r.status,
    occurredAt,
    dedupeKey,
  };
}

/** Headers kept with an event: everything the provider sent except credentials a proxy may add. */
const DROPPED_HEADERS = new Set(["cookie", "authorization", "proxy-authorization", "x-api-key", "set-cookie"]);
const MAX_HEADER_VALUE = 1_000;

export function storableHeaders(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, key) => {
    const k = key.toLowerCase();
    if (DROPPED_HEADERS.has(k)) return;
    out[k] = value.slice(0, MAX_HEADER_VALUE);
  });
  return out;
}
