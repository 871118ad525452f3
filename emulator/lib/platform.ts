/**
 * One emulator instance: state (loaded or seeded), clock, persistence, webhooks, rate limit,
 * faults, the tick loop and the Hono app with the four surface routers and the control API.
 * server.ts puts it on a port; tests reach it through testing.ts.
 */
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import pino from "pino";
import type { Clock, EmuEnv, EmulatorContext, EmulatorState, Environment, Merchant, Surface, SurfaceModule } from "./contract";
import { createClock } from "./clock";
import { FaultStore } from "./faults";
import { surfaceError } from "./http";
import { IdempotencyStore } from "./idempotency";
import {
  authMiddleware,
  faultMiddleware,
  platformMiddleware,
  rateLimitMiddleware,
  requestCounterMiddleware,
  requestIdMiddleware,
  surfaceErrorCode,
} from "./middleware";
import { loadState, STATE_VERSION, StateWriter } from "./persistence";
import { RateLimiter } from "./rate-limit";
import { RequestCounter } from "./request-counter";
import { SURFACE_BASE } from "./request-platform";
import { createRng } from "./rng";
import { seedKeys, seedMerchants } from "./seed-data";
import { WebhookDispatcher, webhookState, type WebhookTarget } from "./webhooks";
import { mountControl } from "../control/routes";

export const TICK_INTERVAL_MS = 250;
const PRUNE_EVERY_MS = 60_000;

export interface PlatformOptions {
  dataDir: string;
  seed: number;
  clockFactor: number;
  rateLimitPerMinute: number;
  mode: Environment;
  log: boolean;
  /** Overrides the level implied by `log` (tests that provoke errors on purpose use "silent"). */
  logLevel?: LogLevel;
  modules: SurfaceModule[];
  /** Debounce of state writes; tests shorten it. */
  persistDebounceMs?: number;
  /** Run the 250 ms tick loop (off only in unit tests that drive ticks by hand). */
  tickLoop?: boolean;
}

export type Logger = pino.Logger;
export type LogLevel = "silent" | "error" | "warn" | "info" | "debug";

export class Platform {
  readonly app: Hono;
  readonly ctx: EmulatorContext;
  readonly clock: Clock;
  readonly webhooks: WebhookDispatcher;
  readonly faults: FaultStore;
  readonly rateLimiter: RateLimiter;
  readonly requestCounter: RequestCounter;
  readonly idempotency: IdempotencyStore;
  readonly logger: Logger;
  readonly mode: Environment;
  readonly modules: SurfaceModule[];
  private readonly writer: StateWriter;
  private readonly state: EmulatorState;
  private tickTimer: NodeJS.Timeout | null = null;
  private lastPrune = 0;
  private ticking = false;
  private readonly tickErrors = new Map<Surface, { message: string; at: number }>();
  private closed = false;

  private constructor(
    readonly opts: PlatformOptions,
    state: EmulatorState,
  ) {
    this.state = state;
    this.mode = opts.mode;
    this.modules = opts.modules;
    this.logger = pino({ name: "emulator", level: opts.logLevel ?? (opts.log ? "info" : "warn") });
    const getState = (): EmulatorState => this.state;
    this.clock = createClock(getState);
    this.writer = new StateWriter(opts.dataDir, getState, opts.persistDebounceMs ?? 200, (err) => this.logger.error({ err }, "state write failed"));
    const markDirty = (): void => this.writer.markDirty();
    this.idempotency = new IdempotencyStore(getState, () => this.clock.now(), markDirty);
    this.rateLimiter = new RateLimiter(opts.rateLimitPerMinute, () => this.clock.now());
    this.requestCounter = new RequestCounter(() => this.clock.now());
    this.faults = new FaultStore(createRng(`${opts.seed}:faults`));
    this.webhooks = new WebhookDispatcher(getState, this.clock, opts.clockFactor, markDirty, {
      proDestinations: (merchantId, event) => {
        const pro = this.modules.find((m) => m.name === "pro");
        return pro?.webhookDestinations?.(this.ctx, merchantId, event) ?? [];
      },
      onProResult: (merchantId, destination, ok, reason) => {
        const pro = this.modules.find((m) => m.name === "pro");
        pro?.onDeliveryResult?.(this.ctx, merchantId, destination, ok, reason);
      },
      log: (level, msg, extra) => this.logger[level](extra ?? {}, msg),
    });

    const platform = this;
    this.ctx = {
      get state() {
        return platform.state;
      },
      clock: this.clock,
      webhooks: this.webhooks,
      save: markDirty,
      slice<T>(surface: Surface, merchantId: string): T {
        return platform.slice<T>(surface, merchantId);
      },
    };
    this.app = this.buildApp();
  }

  static async create(opts: PlatformOptions): Promise<Platform> {
    const loaded = await loadState(opts.dataDir);
    const state = loaded.kind === "loaded" ? loaded.state : initialState();
    const platform = new Platform(opts, state);
    if (loaded.kind === "invalid") {
      platform.logger.warn({ reason: loaded.reason }, "stored state unusable; kept aside and reseeded");
      await platform.writer.quarantine();
    }
    if (loaded.kind !== "loaded") {
      platform.seedAll();
      await platform.writer.flush();
    }
    if (opts.tickLoop !== false) platform.startTicks();
    // Retries that were due while the emulator was stopped go out now.
    void platform.webhooks.pump();
    return platform;
  }

  private slice<T>(surface: Surface, merchantId: string): T {
    const bucket = (this.state.surfaces[surface] ??= {});
    if (!(merchantId in bucket)) {
      const module = this.modules.find((m) => m.name === surface);
      const merchant = this.state.merchants.find((m) => m.id === merchantId);
      if (!module) throw new Error(`no surface module named ${surface}`);
      if (!merchant) throw new Error(`unknown merchant ${merchantId}`);
      bucket[merchantId] = module.seedMerchant(merchant, this.rngFor(surface, merchant), this.ctx);
      this.writer.markDirty();
    }
    return bucket[merchantId] as T;
  }

  /** One independent stream per surface and merchant: seeding order never changes the result. */
  private rngFor(surface: Surface, merchant: Merchant) {
    return createRng(`${this.opts.seed}:${surface}:${merchant.id}`);
  }

  private seedAll(): void {
    for (const module of this.modules) {
      const bucket: Record<string, unknown> = {};
      this.state.surfaces[module.name] = bucket;
      for (const merchant of this.state.merchants) {
        bucket[merchant.id] = module.seedMerchant(merchant, this.rngFor(module.name, merchant), this.ctx);
      }
    }
    this.writer.markDirty();
  }

  /** Back to the seed. Webhook targets survive unless asked otherwise (they are configuration). */
  async reset(keepWebhookTargets = true): Promise<void> {
    const targets: Record<string, WebhookTarget> = keepWebhookTargets ? { ...webhookState(this.state).webhookTargets } : {};
    const fresh = initialState();
    fresh.platform.webhookTargets = targets;
    // In place: modules may hold ctx.state, and every getter reads this object.
    for (const k of Object.keys(this.state)) delete (this.state as unknown as Record<string, unknown>)[k];
    Object.assign(this.state, fresh);
    this.seedAll();
    this.rateLimiter.reset();
    this.requestCounter.reset();
    this.faults.clear();
    this.idempotency.clearInFlight();
    this.webhooks.resetRuntime();
    await this.writer.flush();
  }

  setMerchantFrozen(merchantId: string, frozen: boolean): Merchant | undefined {
    const merchant = this.state.merchants.find((m) => m.id === merchantId);
    if (!merchant) return undefined;
    merchant.frozen = frozen;
    for (const k of this.state.keys) if (k.merchant_id === merchantId) k.frozen = frozen;
    this.writer.markDirty();
    return merchant;
  }

  /** Moves emulated time forward, then runs ticks and due webhook retries. */
  async advanceClock(ms: number): Promise<number> {
    this.state.clockOffsetMs += ms;
    this.writer.markDirty();
    this.runTicks();
    await this.webhooks.pump();
    return this.clock.now();
  }

  runTicks(): void {
    if (this.ticking) return;
    this.ticking = true;
    try {
      const now = this.clock.now();
      for (const module of this.modules) {
        if (!module.tick) continue;
        try {
          module.tick(this.ctx, now);
        } catch (err) {
          this.logTickError(module.name, err);
        }
      }
      if (now - this.lastPrune > PRUNE_EVERY_MS) {
        this.lastPrune = now;
        this.idempotency.prune();
      }
    } finally {
      this.ticking = false;
    }
  }

  /** A failing tick repeats every 250 ms: log each distinct failure once a minute, not 240 times. */
  private logTickError(surface: Surface, err: unknown): void {
    const message = err instanceof Error ? err.message : String(err);
    const last = this.tickErrors.get(surface);
    const now = Date.now();
    if (last && last.message === message && now - last.at < 60_000) return;
    this.tickErrors.set(surface, { message, at: now });
    this.logger.error({ err, surface }, "surface tick failed");
  }

  private startTicks(): void {
    this.tickTimer = setInterval(() => {
      this.runTicks();
      void this.webhooks.pump().catch((err: unknown) => this.logger.error({ err }, "webhook pump failed"));
    }, TICK_INTERVAL_MS);
    this.tickTimer.unref();
  }

  snapshot(): EmulatorState {
    return this.state;
  }

  async flush(): Promise<void> {
    await this.writer.flush();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.tickTimer) clearInterval(this.tickTimer);
    this.webhooks.close();
    await this.writer.flush();
  }

  private buildApp(): Hono {
    const app = new Hono();
    const getState = (): EmulatorState => this.state;

    if (this.opts.log) {
      app.use("*", async (c, next) => {
        const started = performance.now();
        await next();
        this.logger.info({ method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) }, "request");
      });
    }

    for (const module of this.modules) {
      const surface = module.name;
      const router = new Hono<EmuEnv>();
      router.use("*", requestIdMiddleware());
      router.use("*", platformMiddleware({ surface, clock: this.clock, idempotency: this.idempotency }));
      router.use("*", authMiddleware(surface, this.mode, getState));
      router.use("*", requestCounterMiddleware(this.requestCounter));
      router.use("*", rateLimitMiddleware(this.rateLimiter));
      router.use("*", faultMiddleware(surface, this.faults));
      module.mount(router, this.ctx);
      app.route(SURFACE_BASE[surface], router);
    }

    mountControl(app, this);

    app.notFound((c) => {
      const message = `No route for ${c.req.method} ${c.req.path}.`;
      // Core and the envelope surfaces both use NOT_FOUND; surfaceError picks the shape.
      return surfaceError(c, 404, "NOT_FOUND", message);
    });

    app.onError((err, c) => {
      if (err instanceof HTTPException) return err.getResponse();
      this.logger.error({ err, path: c.req.path }, "unhandled error");
      return surfaceError(c, 500, surfaceErrorCode(c, 500), "Internal error in the sandbox emulator.");
    });
    return app;
  }
}

export function initialState(): EmulatorState {
  return {
    version: STATE_VERSION,
    clockOffsetMs: 0,
    merchants: seedMerchants(),
    keys: seedKeys(),
    surfaces: {},
    platform: {},
  };
}
