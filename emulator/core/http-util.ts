/**
 * Request parsing and error helpers shared by the core routes: UUID checks, JSON bodies, query
 * pagination and field-level validation errors, all in the core error shape.
 */
import type { Context } from "hono";
import { coreError } from "../lib/http";

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(v: unknown): v is string {
  return typeof v === "string" && UUID_RE.test(v);
}

export function badRequest(c: Context, message: string, fields?: Record<string, string>): Response {
  return coreError(c, 400, "BAD_REQUEST", message, fields ? { fields } : undefined);
}

export function notFound(c: Context, what: string): Response {
  return coreError(c, 404, "NOT_FOUND", `${what} not found`);
}

export function invalidId(c: Context): Response {
  return badRequest(c, "Invalid id format: expected a UUID.", { id: "must be a UUID" });
}

/** Every body validation failure: 400 validation_failed with the failing field paths. */
export function validationFailed(c: Context, fields: Record<string, string>): Response {
  const paths = Object.keys(fields);
  return coreError(c, 400, "validation_failed", `Validation failed: ${paths.join(", ")}.`, { fields });
}

export type JsonObject = Record<string, unknown>;

export function isObject(v: unknown): v is JsonObject {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** The JSON object body, or null when the body is missing, not JSON or not an object. */
export async function readJsonObject(c: Context): Promise<JsonObject | null> {
  let text: string;
  try {
    text = await c.req.text();
  } catch {
    return null;
  }
  if (text.trim() === "") return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return isObject(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function invalidBody(c: Context): Response {
  return badRequest(c, "The request body must be a JSON object.");
}

/** Collects field errors under dotted paths; the first message per path wins. */
export class FieldErrors {
  readonly fields: Record<string, string> = {};
  add(path: string, message: string): void {
    if (!(path in this.fields)) this.fields[path] = message;
  }
  get empty(): boolean {
    return Object.keys(this.fields).length === 0;
  }
  has(path: string): boolean {
    return path in this.fields;
  }
}

/**
 * A nested object the body must carry. When `raw` is none, records why under `path` (`missing`
 * when absent, else "must be an object") and returns false.
 */
export function requireObject(raw: unknown, path: string, errors: FieldErrors, missing = "is required"): raw is JsonObject {
  if (isObject(raw)) return true;
  errors.add(path, raw === undefined || raw === null ? missing : "must be an object");
  return false;
}

export interface PageQuery {
  page: number;
  limit: number;
}

const INT_RE = /^[0-9]+$/;

/**
 * Parses `page` (1-based, default 1) and `limit` (default and max per endpoint). Values that are
 * not positive integers, or a limit above the maximum, are rejected (400) rather than clamped, so a
 * client never silently receives a different page size than it asked for.
 */
export function parsePaging(c: Context, defaults: { limit: number; max: number }, errors: FieldErrors): PageQuery {
  const rawPage = c.req.query("page");
  const rawLimit = c.req.query("limit");
  let page = 1;
  let limit = defaults.limit;
  if (rawPage !== undefined) {
    if (!INT_RE.test(rawPage) || Number(rawPage) < 1) errors.add("page", "must be an integer >= 1");
    else page = Number(rawPage);
  }
  if (rawLimit !== undefined) {
    if (!INT_RE.test(rawLimit) || Number(rawLimit) < 1 || Number(rawLimit) > defaults.max) {
      errors.add("limit", `must be an integer from 1 to ${defaults.max}`);
    } else limit = Number(rawLimit);
  }
  return { page, limit };
}

/** An optional enum query parameter; an unknown value is a field error. */
export function enumQuery<T extends string>(c: Context, name: string, allowed: readonly T[], errors: FieldErrors): T | undefined {
  const raw = c.req.query(name);
  if (raw === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(raw)) {
    errors.add(name, `must be one of ${allowed.join(", ")}`);
    return undefined;
  }
  return raw as T;
}

/** An optional UUID query parameter. */
export function uuidQuery(c: Context, name: string, errors: FieldErrors): string | undefined {
  const raw = c.req.query(name);
  if (raw === undefined) return undefined;
  if (!isUuid(raw)) {
    errors.add(name, "must be a UUID");
    return undefined;
  }
  return raw;
}

export interface ListBody<T> {
  data: T[];
  page: number;
  limit: number;
  total: number;
  total_pages: number;
}

/** Core list shape; total_pages is 0 for an empty list. */
export function paginate<T>(items: readonly T[], q: PageQuery): ListBody<T> {
  const start = (q.page - 1) * q.limit;
  return {
    data: items.slice(start, start + q.limit),
    page: q.page,
    limit: q.limit,
    total: items.length,
    total_pages: Math.ceil(items.length / q.limit),
  };
}

/** Newest first, ties broken by id so pages are stable. */
export function newestFirst<T extends { created_at: string; id: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => (a.created_at === b.created_at ? (a.id < b.id ? 1 : -1) : a.created_at < b.created_at ? 1 : -1));
}

export function str(v: unknown): string | undefined {
  return typeof v === "string" ? v : undefined;
}

/** Money amount in a body: a decimal string, positive, at most `dp` decimals. */
export function amountField(v: unknown, path: string, errors: FieldErrors, opts: { dp?: number; min?: string; required?: boolean } = {}): string | null {
  const dp = opts.dp ?? 2;
  if (v === undefined || v === null || v === "") {
    if (opts.required !== false) errors.add(path, "is required");
    return null;
  }
  if (typeof v !== "string" || !/^(?:0|[1-9]\d*)(?:\.\d+)?$/.test(v)) {
    errors.add(path, 'must be a decimal string, e.g. "100.00"');
    return null;
  }
  const dot = v.indexOf(".");
  if (dot >= 0 && v.length - dot - 1 > dp) {
    errors.add(path, `must have at most ${dp} decimal places`);
    return null;
  }
  if (/^0(?:\.0+)?$/.test(v)) {
    errors.add(path, "must be greater than zero");
    return null;
  }
  if (opts.min !== undefined && compareDecimalStrings(v, opts.min) < 0) {
    errors.add(path, `must be at least ${opts.min}`);
    return null;
  }
  return v;
}

/** Compares two plain non-negative decimal strings without floats. */
function compareDecimalStrings(a: string, b: string): number {
  const [ai = "0", af = ""] = a.split(".");
  const [bi = "0", bf = ""] = b.split(".");
  const ia = ai.replace(/^0+(?=\d)/, "");
  const ib = bi.replace(/^0+(?=\d)/, "");
  if (ia.length !== ib.length) return ia.length < ib.length ? -1 : 1;
  if (ia !== ib) return ia < ib ? -1 : 1;
  const len = Math.max(af.length, bf.length);
  const fa = af.padEnd(len, "0");
  const fb = bf.padEnd(len, "0");
  return fa === fb ? 0 : fa < fb ? -1 : 1;
}
