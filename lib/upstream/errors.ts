/**
 * One typed error for every way an upstream call can fail, mapped from both error shapes the
 * provider uses (core `{ error: { code, message, details, request_id } }` and the envelope
 * `{ success: false, message, error: { code, message, details, fields } }`), plus our own failures
 * (no key, timeout, network, malformed JSON, spent rate budget). `userMessage` is the sentence a
 * finance user sees; `message` keeps the provider's wording for logs only.
 */
import { ruleFor } from "./error-codes";
import { ENVIRONMENT_LABEL, SURFACE_LABEL, type HttpMethod, type UpstreamEnvironment, type UpstreamSurface } from "./types";

export type UpstreamErrorKind =
  | "no_key"
  | "unauthorized"
  | "missing_scope"
  | "frozen"
  | "validation"
  | "refused"
  | "not_found"
  | "conflict"
  | "in_progress"
  | "rate_limited"
  | "unavailable"
  | "bad_response";

/**
 * What is known about a write's effect: `not_sent` (nothing left this process), `refused` (the
 * provider answered with a definitive refusal: nothing happened), `unknown` (sent, no usable answer),
 * `done` (it happened, but its answer could not be read).
 */
export type WriteOutcome = "not_sent" | "refused" | "unknown" | "done";

export type Scope = "Read" | "Write" | "Trade";

export interface UpstreamErrorInit {
  kind: UpstreamErrorKind;
  status: number;
  code: string;
  message: string;
  userMessage: string;
  surface: UpstreamSurface;
  requestId?: string | null;
  fieldErrors?: Record<string, string>;
  retryable?: boolean;
  retryAfterSeconds?: number | null;
  outcome?: WriteOutcome;
  missingScope?: Scope | null;
}

/**
 * `instanceof UpstreamError` must hold for errors made by any copy of this module: Next bundles
 * server code once per layer (pages, server actions), and the process-wide client made by one
 * layer throws its own copy's class into the other. A registered symbol brands every instance.
 */
const UPSTREAM_ERROR_BRAND = Symbol.for("merchant-ops.UpstreamError");

export class UpstreamError extends Error {
  static [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[UPSTREAM_ERROR_BRAND] === true;
  }

  readonly kind: UpstreamErrorKind;
  readonly status: number;
  readonly code: string;
  readonly userMessage: string;
  readonly surface: UpstreamSurface;
  readonly requestId: string | null;
  readonly fieldErrors: Record<string, string>;
  readonly retryable: boolean;
  readonly retryAfterSeconds: number | null;
  /** For writes: whether anything may have happened upstream. Reads are always `not_sent`/`refused`. */
  outcome: WriteOutcome;
  readonly missingScope: Scope | null;

  constructor(init: UpstreamErrorInit) {
    super(init.message);
    this.name = "UpstreamError";
    this.kind = init.kind;
    this.status = init.status;
    this.code = init.code;
    this.userMessage = init.userMessage;
    this.surface = init.surface;
    this.requestId = init.requestId ?? null;
    this.fieldErrors = init.fieldErrors ?? {};
    this.retryable = init.retryable ?? false;
    this.retryAfterSeconds = init.retryAfterSeconds ?? null;
    this.outcome = init.outcome ?? "refused";
    this.missingScope = init.missingScope ?? null;
    Object.defineProperty(this, UPSTREAM_ERROR_BRAND, { value: true });
  }

  /** A copy with the sentence for a write whose outcome is now known better. */
  withOutcome(outcome: WriteOutcome, isWrite: boolean): UpstreamError {
    const userMessage =
      isWrite && (this.kind === "unavailable" || this.kind === "bad_response" || this.kind === "in_progress" || this.kind === "rate_limited")
        ? writeSentence(this, outcome)
        : this.userMessage;
    return new UpstreamError({ ...this.init(), outcome, userMessage });
  }

  withUserMessage(userMessage: string): UpstreamError {
    return new UpstreamError({ ...this.init(), userMessage });
  }

  private init(): UpstreamErrorInit {
    return {
      kind: this.kind,
      status: this.status,
      code: this.code,
      message: this.message,
      userMessage: this.userMessage,
      surface: this.surface,
      requestId: this.requestId,
      fieldErrors: this.fieldErrors,
      retryable: this.retryable,
      retryAfterSeconds: this.retryAfterSeconds,
      outcome: this.outcome,
      missingScope: this.missingScope,
    };
  }

  /** Safe to log: no key, no request body. */
  toLog(): Record<string, unknown> {
    return {
      kind: this.kind,
      status: this.status,
      code: this.code,
      message: this.message,
      surface: this.surface,
      // The provider's id for the call; `requestId` in a log line is always ours (lib/log.ts).
      upstreamRequestId: this.requestId,
      outcome: this.outcome,
      fields: Object.keys(this.fieldErrors),
    };
  }
}

export const PROVIDER_DOWN = "The provider is not answering right now. Nothing was sent twice; try again in a minute.";
export const FROZEN =
  "The provider has frozen this merchant account: new funding accounts, conversions, transfers and withdrawals are blocked until it is lifted. Contact the provider's support.";

/** The fallbacks for a code no document names: the provider's own words, or these. */
export const REFUSED_FIELDS = "The provider refused some fields. Correct them and submit again.";
export const REFUSED_GENERIC = "The provider refused this request. Check the details and try again.";
export const REFUSED_PREFIX = "The provider refused this: ";
/** The documented codes that mean "these fields are wrong" (as opposed to a business refusal). */
const VALIDATION_CODES = new Set(["BAD_REQUEST", "VALIDATION_ERROR", "validation_failed", "INVALID_ORDER"]);

export function budgetSentence(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  return `The provider's request limit for this key is reached. Try again in ${s} second${s === 1 ? "" : "s"}.`;
}

function writeSentence(e: UpstreamError, outcome: WriteOutcome): string {
  if (e.kind === "rate_limited" && outcome === "not_sent") return e.userMessage;
  switch (outcome) {
    case "not_sent":
      return "The provider is not answering right now, and nothing was sent. Try again in a minute.";
    case "refused":
      return e.userMessage;
    case "done":
      return "The provider accepted this request but its answer could not be read. Check the list before submitting again; submitting this same form again is safe and will not repeat it.";
    case "unknown":
      return "The provider did not confirm this request, so its outcome is unknown. Submitting this same form again is safe: it reuses the same request key, so it cannot be carried out twice.";
  }
}

export interface OperationInfo {
  surface: UpstreamSurface;
  environment: UpstreamEnvironment;
  method: HttpMethod;
  /** Path relative to the surface's version root, e.g. `/orders` or `/merchant/balance`. */
  path: string;
}

/** The scope an operation needs, from the spec's table where it is given, else by its kind. */
export function scopeFor(op: Pick<OperationInfo, "surface" | "method" | "path">): Scope {
  const isOrder = /^\/orders(\/|$)/.test(op.path);
  if ((op.surface === "pro" || op.surface === "coins") && isOrder && op.method !== "GET") return "Trade";
  if (op.surface === "pro" && op.path.startsWith("/webhooks")) return "Write";
  return op.method === "GET" ? "Read" : "Write";
}

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/** Field errors as a flat map of dotted paths, from `error.fields` or `error.details.fields`. */
function fieldsOf(error: Json): Record<string, string> {
  const out: Record<string, string> = {};
  const sources = [error.fields, isObj(error.details) ? error.details.fields : undefined];
  for (const src of sources) {
    if (!isObj(src)) continue;
    for (const [k, v] of Object.entries(src)) {
      if (typeof v === "string") out[k] ??= v;
      else if (Array.isArray(v) && typeof v[0] === "string") out[k] ??= v[0];
    }
  }
  return out;
}

const clip = (s: string, n = 300) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** Provider wording is English and usually actionable; it is passed on for business refusals only. */
function providerSays(message: string): string {
  const m = clip(message.trim());
  if (m === "") return "";
  return /[.!?]$/.test(m) ? m : `${m}.`;
}

export function parseRetryAfter(header: string | null, details: unknown): number | null {
  if (header) {
    const n = Number(header);
    if (Number.isFinite(n) && n >= 0) return n;
    const at = Date.parse(header);
    if (!Number.isNaN(at)) return Math.max(0, (at - Date.now()) / 1000);
  }
  if (isObj(details) && typeof details.retry_after_seconds === "number") return details.retry_after_seconds;
  return null;
}

/** Maps an HTTP error answer (either shape, or no usable body) to the typed error. */
export function errorFromResponse(args: {
  op: OperationInfo;
  status: number;
  body: unknown;
  requestId: string | null;
  retryAfterHeader?: string | null;
}): UpstreamError {
  const { op, status } = args;
  const surface = op.surface;
  const envelope = isObj(args.body) && isObj(args.body.error) ? args.body : null;
  const error: Json = envelope ? (envelope.error as Json) : {};
  const code = typeof error.code === "string" ? error.code : `http_${status}`;
  const message = typeof error.message === "string" ? error.message : envelope && typeof envelope.message === "string" ? envelope.message : `HTTP ${status}`;
  const requestId = (typeof error.request_id === "string" ? error.request_id : null) ?? args.requestId;
  const fieldErrors = fieldsOf(error);
  const base = { status, code, message, surface, requestId, fieldErrors };
  const where = `${SURFACE_LABEL[surface]} in ${ENVIRONMENT_LABEL[op.environment]}`;

  if (status === 401) {
    return new UpstreamError({
      ...base,
      kind: "unauthorized",
      userMessage: `The provider refused the API key for ${where}: it is wrong or has been revoked. An admin can replace it under Settings → API keys.`,
    });
  }
  if (status === 403 && code.toLowerCase() === "merchant_frozen") {
    return new UpstreamError({ ...base, kind: "frozen", userMessage: FROZEN });
  }
  if (status === 403) {
    const declared = isObj(error.details) ? error.details.required_scope : undefined;
    const scope: Scope = declared === "Read" || declared === "Write" || declared === "Trade" ? declared : scopeFor(op);
    const what = scope === "Read" ? "see this" : scope === "Trade" ? "place, change or cancel orders" : "make this change";
    return new UpstreamError({
      ...base,
      kind: "missing_scope",
      missingScope: scope,
      userMessage: `The API key for ${where} lacks the ${scope} scope needed to ${what}. An admin can add a key with the ${scope} scope under Settings → API keys.`,
    });
  }
  if (status === 429) {
    const after = parseRetryAfter(args.retryAfterHeader ?? null, error.details) ?? 60;
    return new UpstreamError({ ...base, kind: "rate_limited", retryable: true, retryAfterSeconds: after, userMessage: budgetSentence(after) });
  }
  if (status >= 500) {
    return new UpstreamError({ ...base, kind: "unavailable", retryable: true, outcome: "unknown", userMessage: PROVIDER_DOWN });
  }
  // A documented code gets its own sentence, on the form field it is about when it has one.
  const rule = ruleFor(code);
  const hasFields = Object.keys(fieldErrors).length > 0;
  // A validation answer with the provider's own field errors: each field says what is wrong.
  if (hasFields && (status === 400 || status === 422) && VALIDATION_CODES.has(code)) {
    return new UpstreamError({ ...base, kind: "validation", userMessage: REFUSED_FIELDS });
  }
  if (rule) {
    const ctx = { surface, method: op.method, path: op.path, said: providerSays(message) };
    const userMessage = rule.sentence(ctx);
    const field = rule.field?.(ctx) ?? null;
    const fields = field && !(field in fieldErrors) ? { ...fieldErrors, [field]: userMessage } : fieldErrors;
    // A refusal (even rate_limit_exceeded, which is not a 429 here) is final: nothing happened, and the
    // sentence says when to try again rather than the client waiting a minute on its own.
    const kind: UpstreamErrorKind = status === 404 ? "not_found" : hasFields ? "validation" : "refused";
    return new UpstreamError({ ...base, fieldErrors: fields, kind, userMessage });
  }
  // A missing market named in other words (e.g. "Market not found") is a pair, not a record of the other environment.
  if (status === 404 && /\b(market|trading pair|symbol)s?\b/i.test(message)) {
    return new UpstreamError({
      ...base,
      kind: "not_found",
      userMessage: ruleFor("SYMBOL_NOT_FOUND")!.sentence({ surface, method: op.method, path: op.path, said: providerSays(message) }),
    });
  }
  if (status === 404) {
    const said = code === "NOT_FOUND" || code.startsWith("http_") ? "" : ` ${providerSays(message)}`;
    return new UpstreamError({
      ...base,
      kind: "not_found",
      userMessage:
        `The provider has no such record in ${ENVIRONMENT_LABEL[op.environment]}.${said} It may have been removed or belong to the other environment.`.replace(
          /\s+/g,
          " ",
        ),
    });
  }
  if (status === 409) {
    if (code === "IDEMPOTENCY_REQUEST_IN_PROGRESS") {
      return new UpstreamError({
        ...base,
        kind: "in_progress",
        retryable: true,
        outcome: "unknown",
        userMessage: "The provider is still working on this same request. Wait a moment, then check the list before submitting again.",
      });
    }
    if (code === "IDEMPOTENCY_KEY_REUSED") {
      return new UpstreamError({
        ...base,
        kind: "conflict",
        userMessage: "This submission does not match the earlier one sent with the same request key. Reload the form and submit it again.",
      });
    }
    return new UpstreamError({
      ...base,
      kind: "conflict",
      userMessage: providerSays(message) || "The provider refused this because it conflicts with an existing record.",
    });
  }
  if ((status === 400 || status === 422) && Object.keys(fieldErrors).length > 0) {
    return new UpstreamError({ ...base, kind: "validation", userMessage: REFUSED_FIELDS });
  }
  if (status >= 400 && status < 500) {
    const said = providerSays(message);
    return new UpstreamError({
      ...base,
      kind: "refused",
      userMessage: said ? `${REFUSED_PREFIX}${said}` : REFUSED_GENERIC,
    });
  }
  return new UpstreamError({ ...base, kind: "bad_response", retryable: true, outcome: "unknown", userMessage: PROVIDER_DOWN });
}

export function noKeyError(surface: UpstreamSurface, environment: UpstreamEnvironment): UpstreamError {
  const label = surface === "core" ? "the payments API" : surface === "coins" ? "Coins" : surface === "stocks" ? "Stocks" : "Pro";
  return new UpstreamError({
    kind: "no_key",
    status: 0,
    code: "NO_API_KEY",
    message: `no active ${surface} key for ${environment}`,
    userMessage: `No API key is set for ${label} in ${environment}. An admin can add one under Settings → API keys.`,
    surface,
    outcome: "not_sent",
  });
}

export function transportError(
  surface: UpstreamSurface,
  code: "TIMEOUT" | "NETWORK" | "MALFORMED_JSON" | "UNEXPECTED_SHAPE",
  message: string,
  requestId: string | null,
  sent: boolean,
): UpstreamError {
  return new UpstreamError({
    kind: code === "UNEXPECTED_SHAPE" || code === "MALFORMED_JSON" ? "bad_response" : "unavailable",
    status: 0,
    code,
    message,
    userMessage:
      code === "UNEXPECTED_SHAPE"
        ? `The provider's answer was not in the form this app expects, so it is not shown. Try again in a minute; if it keeps happening, report reference ${requestId ?? "unknown"} to your administrator.`
        : PROVIDER_DOWN,
    surface,
    requestId,
    retryable: code !== "UNEXPECTED_SHAPE",
    outcome: sent ? "unknown" : "not_sent",
  });
}

export function budgetError(surface: UpstreamSurface, seconds: number): UpstreamError {
  return new UpstreamError({
    kind: "rate_limited",
    status: 429,
    code: "RATE_BUDGET_SPENT",
    message: "shared rate budget spent for this key",
    userMessage: budgetSentence(seconds),
    surface,
    retryable: false,
    retryAfterSeconds: Math.ceil(seconds),
    outcome: "not_sent",
  });
}
