/**
 * The emulator's internal contract: what the platform (server, auth, errors, idempotency, rate
 * limit, persistence, clock, webhooks out, faults, control API) offers each surface module, and
 * what a surface module gives back. Written first so the surfaces can be built in parallel.
 *
 * Implementations live beside this file (platform) and in emulator/<surface>/ (surfaces).
 */
import type { Context, Hono, MiddlewareHandler } from "hono";

export type Surface = "core" | "coins" | "stocks" | "pro";
export type Scope = "Read" | "Write" | "Trade";
export type Environment = "sandbox" | "live";

export interface ApiKeyRecord {
  key: string;
  merchant_id: string;
  environment: Environment;
  scopes: Scope[];
  /** Keys issued to a frozen merchant carry frozen: true (the merchant's flag, copied for display). */
  frozen: boolean;
  /** Revoked keys are refused with 401 (set through DELETE /__emulator/keys/{key}). */
  revoked?: boolean;
}

export interface Merchant {
  id: string;
  name: string;
  frozen: boolean;
}

/** Set by the platform's auth middleware on every authenticated request. */
export interface AuthInfo {
  key: ApiKeyRecord;
  merchant: Merchant;
}

/** Hono env for every surface router: c.get("auth") after requireKey. */
export type EmuEnv = { Variables: { auth: AuthInfo; requestId: string } };

/** The persisted state: one JSON document. Each surface owns `surfaces[name]`. */
export interface EmulatorState {
  version: number;
  /** Emulated time offset added to real time by POST /__emulator/clock. */
  clockOffsetMs: number;
  merchants: Merchant[];
  keys: ApiKeyRecord[];
  /** Per surface, per merchant id: whatever the surface needs (plain JSON only). */
  surfaces: Partial<Record<Surface, Record<string, unknown>>>;
  /** Platform-owned bookkeeping (idempotency records, webhook targets and deliveries). */
  platform: Record<string, unknown>;
}

/** Deterministic pseudo-random numbers for seeding (same seed, same state). */
export interface Rng {
  next(): number; // [0, 1)
  int(min: number, max: number): number; // inclusive
  pick<T>(items: readonly T[]): T;
  uuid(): string; // deterministic v4-shaped UUID
}

export interface WebhookEmitter {
  /**
   * Queue an event for delivery to the merchant's target for that surface (core or pro).
   * The platform signs, delivers at least once, retries on the documented schedule (compressed by
   * the clock factor), and for core also sends the older name (spec table) to all-events targets.
   * For Pro it honours each Pro webhook's subscribed events and status via `proWebhookFilter`.
   */
  emit(merchantId: string, surface: "core" | "pro", event: string, data: unknown): void;
}

export interface Clock {
  /** Emulated now in ms (real time plus offset). Use for every timestamp and expiry. */
  now(): number;
  iso(ms?: number): string;
}

export interface EmulatorContext {
  state: EmulatorState;
  clock: Clock;
  webhooks: WebhookEmitter;
  /** Mark state dirty; the platform persists it (debounced, atomic write). */
  save(): void;
  /** This surface's slice for one merchant, created by the module's seedMerchant on first use. */
  slice<T>(surface: Surface, merchantId: string): T;
}

export interface SurfaceModule {
  name: Surface;
  /** Initial state for one merchant; called at first start and on POST /__emulator/reset. */
  seedMerchant(merchant: Merchant, rng: Rng, ctx: EmulatorContext): unknown;
  /**
   * Mount routes on a router already scoped to the surface's base path
   * (core: /v1, coins: /coins/v1, stocks: /stocks/v1, pro: /pro/public/v1) with requireKey and
   * the rate limit applied. Use the helpers below for responses and checks.
   */
  mount(router: Hono<EmuEnv>, ctx: EmulatorContext): void;
  /**
   * Called about every 250 ms of real time and right after POST /__emulator/clock, with the
   * emulated now: move time-driven state along (fills, settlements, expiries, price moves).
   */
  tick?(ctx: EmulatorContext, now: number): void;
  /**
   * Pro only: the merchant's Pro webhooks that should receive this event (active, subscribed to
   * it). The platform also delivers to the control-API target set for the surface, if any.
   */
  webhookDestinations?(ctx: EmulatorContext, merchantId: string, event: string): WebhookDestination[];
  /** Pro only: delivery outcome per webhook, for failure_count, last_* fields and auto-disable. */
  onDeliveryResult?(ctx: EmulatorContext, merchantId: string, destination: WebhookDestination, ok: boolean, reason?: string): void;
}

export interface WebhookDestination {
  url: string;
  secret: string;
  /** The Pro webhook's id, when the destination is one. */
  webhookId?: string;
}

/** Response and check helpers offered by the platform (emulator/lib/http.ts). */
export interface HttpHelpers {
  /** Core shape: { error: { code, message, details?, request_id } }. */
  coreError(c: Context, status: number, code: string, message: string, details?: unknown): Response;
  /** Envelope success: { success: true, message?, data, timestamp }. */
  ok(c: Context, data: unknown, status?: number, message?: string): Response;
  /** Envelope failure: { success: false, message, error: { code, message, details?, fields? }, timestamp }. */
  envelopeError(c: Context, status: number, code: string, message: string, fields?: Record<string, string>, details?: unknown): Response;
  /** 403 API_KEY_INVALID_SCOPE (envelope) unless the key has the scope. */
  requireScope(scope: Scope): MiddlewareHandler<EmuEnv>;
  /** 403 merchant_frozen (core shape on core, envelope elsewhere) when the merchant is frozen. */
  blockIfFrozen(): MiddlewareHandler<EmuEnv>;
  /**
   * X-Idempotency-Key required (core shape 400 when missing); same key + same body replays the
   * stored status and body; same key + different body is 409 IDEMPOTENCY_KEY_REUSED.
   */
  idempotent(): MiddlewareHandler<EmuEnv>;
}
