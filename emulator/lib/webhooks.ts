/**
 * Outbound webhooks: signing, at-least-once delivery, the retry schedule (compressed by the clock
 * factor), older event names for core, a persisted retry queue and a delivery log.
 *
 * Core (docs: webhooks/verification): body { event, timestamp, data }, header X-Daya-Signature =
 * lowercase hex HMAC-SHA256 of the raw body. Older names go out as { event, event_id, created_at, data }.
 * Pro (docs: pro/webhooks): body { event_id, type, timestamp, data }, X-Webhook-Signature: sha256=<hex>,
 * X-Webhook-Event, X-Webhook-ID (the event id, stable across retries), X-Webhook-Timestamp.
 */
import { createHmac, randomUUID } from "node:crypto";
import type { Clock, EmulatorState, WebhookDestination, WebhookEmitter } from "./contract";

export const USER_AGENT = "Daya-Webhook/1.0";
/** Retry delays after a failed attempt: 1 min, 5 min, 30 min, then hourly, within 24 h of the first attempt. */
export const RETRY_DELAYS_MS = [60_000, 300_000, 1_800_000] as const;
export const HOURLY_RETRY_MS = 3_600_000;
export const RETRY_HORIZON_MS = 24 * 3_600_000;
export const DELIVERY_TIMEOUT_MS = 10_000;
/** Shortest delivery timeout when the clock factor compresses it: loopback needs some slack. */
export const MIN_DELIVERY_TIMEOUT_MS = 1_000;
export const DELIVERY_LOG_LIMIT = 2_000;
export const EVENT_LOG_LIMIT = 1_000;

/** Current core event name -> older names still delivered to all-events subscribers (spec table). */
export const CORE_OLDER_NAMES: Readonly<Record<string, readonly string[]>> = {
  "deposit.completed": ["deposit.settled"],
  "deposit.requires_review": ["deposit.flagged"],
  "transfer.requires_review": ["transfer.flagged"],
  "transfer.completed": ["transfer.settled"],
  "withdrawal.completed": ["withdrawal.settled"],
  "funding_account.active": ["virtual_account.created", "onramp.created"],
  "funding_account.failed": ["onramp.failed"],
};

export type WebhookSurface = "core" | "pro";

export interface WebhookTarget {
  url: string;
  secret: string;
  updated_at: string;
}

export interface QueuedDelivery {
  id: string;
  merchant_id: string;
  surface: WebhookSurface;
  event: string;
  event_id: string;
  url: string;
  secret: string;
  webhook_id?: string;
  /** From the module's webhookDestinations (gets onDeliveryResult), not the control target. */
  module_destination: boolean;
  body: string;
  attempts: number;
  first_attempt_at: number;
  next_attempt_at: number;
}

export interface DeliveryLogEntry {
  delivery_id: string;
  merchant_id: string;
  surface: WebhookSurface;
  event: string;
  event_id: string;
  url: string;
  webhook_id?: string;
  attempt: number;
  status: number | null;
  ok: boolean;
  duration_ms: number;
  error: string | null;
  at: string;
  /** Emulated time of the next attempt, null when delivered or given up. */
  next_attempt_at: string | null;
  gave_up: boolean;
}

export interface EmittedEvent {
  event_id: string;
  merchant_id: string;
  surface: WebhookSurface;
  event: string;
  emitted_at: string;
  data: unknown;
}

interface WebhookPlatformState {
  webhookTargets: Record<string, WebhookTarget>;
  webhookQueue: QueuedDelivery[];
  deliveries: DeliveryLogEntry[];
  events: EmittedEvent[];
}

export function webhookState(state: EmulatorState): WebhookPlatformState {
  const p = state.platform as Partial<WebhookPlatformState>;
  p.webhookTargets ??= {};
  p.webhookQueue ??= [];
  p.deliveries ??= [];
  p.events ??= [];
  return p as WebhookPlatformState;
}

export function sign(secret: string, rawBody: string): string {
  return createHmac("sha256", secret).update(rawBody).digest("hex");
}

/** Delay (base, uncompressed) before retry number `failedAttempts` (1 = after the first failure). */
export function retryDelayMs(failedAttempts: number): number {
  return RETRY_DELAYS_MS[failedAttempts - 1] ?? HOURLY_RETRY_MS;
}

export interface WebhookHooks {
  proDestinations(merchantId: string, event: string): WebhookDestination[];
  onProResult(merchantId: string, destination: WebhookDestination, ok: boolean, reason?: string): void;
  log(level: "info" | "warn" | "error", msg: string, extra?: Record<string, unknown>): void;
}

export class WebhookDispatcher implements WebhookEmitter {
  private readonly inFlight = new Set<string>();
  private readonly running = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private generation = 0;
  private closed = false;

  constructor(
    private readonly state: () => EmulatorState,
    private readonly clock: Clock,
    private readonly clockFactor: number,
    private readonly markDirty: () => void,
    private readonly hooks: WebhookHooks,
  ) {}

  private get ws(): WebhookPlatformState {
    return webhookState(this.state());
  }

  setTarget(merchantId: string, surface: WebhookSurface, target: { url: string; secret: string } | null): void {
    const targets = this.ws.webhookTargets;
    const id = `${merchantId}:${surface}`;
    if (target) targets[id] = { url: target.url, secret: target.secret, updated_at: this.clock.iso() };
    else delete targets[id];
    this.markDirty();
  }

  getTarget(merchantId: string, surface: WebhookSurface): WebhookTarget | undefined {
    return this.ws.webhookTargets[`${merchantId}:${surface}`];
  }

  emit(merchantId: string, surface: WebhookSurface, event: string, data: unknown): void {
    const now = this.clock.now();
    const timestamp = this.clock.iso(now);
    const eventId = randomUUID();
    const ws = this.ws;
    ws.events.push({ event_id: eventId, merchant_id: merchantId, surface, event, emitted_at: timestamp, data });
    if (ws.events.length > EVENT_LOG_LIMIT) ws.events.splice(0, ws.events.length - EVENT_LOG_LIMIT);

    if (surface === "core") {
      const target = this.getTarget(merchantId, "core");
      if (target) {
        this.enqueue(merchantId, "core", event, eventId, target, JSON.stringify({ event, timestamp, data }), false, now);
        for (const older of olderNamesFor(event)) {
          const olderId = randomUUID();
          const body = JSON.stringify({ event: older, event_id: olderId, created_at: timestamp, data });
          this.enqueue(merchantId, "core", older, olderId, target, body, false, now);
        }
      }
    } else {
      const body = JSON.stringify({ event_id: eventId, type: event, timestamp, data });
      const target = this.getTarget(merchantId, "pro");
      if (target) this.enqueue(merchantId, "pro", event, eventId, target, body, false, now);
      let destinations: WebhookDestination[] = [];
      try {
        destinations = this.hooks.proDestinations(merchantId, event);
      } catch (err) {
        this.hooks.log("error", "pro webhookDestinations failed", { err: String(err) });
      }
      for (const d of destinations) this.enqueue(merchantId, "pro", event, eventId, d, body, true, now);
    }
    this.markDirty();
    // Deliver after the current request finishes its own state changes.
    setImmediate(() => void this.pump());
  }

  private enqueue(
    merchantId: string,
    surface: WebhookSurface,
    event: string,
    eventId: string,
    dest: { url: string; secret: string; webhookId?: string },
    body: string,
    moduleDestination: boolean,
    now: number,
  ): void {
    const item: QueuedDelivery = {
      id: randomUUID(),
      merchant_id: merchantId,
      surface,
      event,
      event_id: eventId,
      url: dest.url,
      secret: dest.secret,
      module_destination: moduleDestination,
      body,
      attempts: 0,
      first_attempt_at: now,
      next_attempt_at: now,
    };
    if (dest.webhookId !== undefined) item.webhook_id = dest.webhookId;
    this.ws.webhookQueue.push(item);
  }

  /** Starts every due delivery and waits for them (used by the clock endpoint and close). */
  async pump(): Promise<void> {
    if (this.closed) return;
    const now = this.clock.now();
    const due = this.ws.webhookQueue.filter((d) => d.next_attempt_at <= now && !this.inFlight.has(d.id));
    const started = due.map((d) => this.track(this.attempt(d)));
    this.scheduleNext();
    await Promise.all(started);
  }

  /** Waits for attempts already running (tests and shutdown). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }

  private track(p: Promise<void>): Promise<void> {
    this.running.add(p);
    return p.finally(() => this.running.delete(p));
  }

  /** A precise timer for the next retry, so compressed schedules do not wait for the 250 ms tick. */
  private scheduleNext(): void {
    if (this.closed) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const pending = this.ws.webhookQueue.filter((d) => !this.inFlight.has(d.id));
    if (pending.length === 0) return;
    const next = Math.min(...pending.map((d) => d.next_attempt_at));
    const wait = Math.max(0, next - this.clock.now());
    this.timer = setTimeout(() => void this.pump(), Math.min(wait, 2_147_000_000));
    this.timer.unref();
  }

  private timeoutMs(): number {
    return Math.max(MIN_DELIVERY_TIMEOUT_MS, Math.round(DELIVERY_TIMEOUT_MS / this.clockFactor));
  }

  private async attempt(d: QueuedDelivery): Promise<void> {
    this.inFlight.add(d.id);
    const generation = this.generation;
    const attemptNo = d.attempts + 1;
    const startedAt = Date.now();
    const headers: Record<string, string> = { "Content-Type": "application/json", "User-Agent": USER_AGENT };
    const signature = sign(d.secret, d.body);
    if (d.surface === "core") {
      headers["X-Daya-Signature"] = signature;
    } else {
      headers["X-Webhook-Signature"] = `sha256=${signature}`;
      headers["X-Webhook-Event"] = d.event;
      headers["X-Webhook-ID"] = d.event_id;
      headers["X-Webhook-Timestamp"] = this.clock.iso();
    }

    let status: number | null = null;
    let error: string | null = null;
    try {
      const res = await fetch(d.url, {
        method: "POST",
        headers,
        body: d.body,
        redirect: "manual",
        signal: AbortSignal.timeout(this.timeoutMs()),
      });
      status = res.status;
      // Drain the body so the connection can be reused.
      await res.arrayBuffer().catch(() => undefined);
      if (status < 200 || status >= 300) error = `HTTP ${status}`;
    } catch (err) {
      const e = err as Error;
      error = e.name === "TimeoutError" ? `timeout after ${this.timeoutMs()} ms` : `${e.name}: ${(e.cause as Error | undefined)?.message ?? e.message}`;
    }
    const durationMs = Date.now() - startedAt;
    this.inFlight.delete(d.id);
    if (this.closed || generation !== this.generation) return;

    const ok = error === null;
    const ws = this.ws;
    const index = ws.webhookQueue.findIndex((q) => q.id === d.id);
    let nextAt: number | null = null;
    let gaveUp = false;
    if (index >= 0) {
      const item = ws.webhookQueue[index] as QueuedDelivery;
      item.attempts = attemptNo;
      if (ok) {
        ws.webhookQueue.splice(index, 1);
      } else {
        const candidate = this.clock.now() + retryDelayMs(attemptNo) / this.clockFactor;
        if (candidate - item.first_attempt_at <= RETRY_HORIZON_MS / this.clockFactor) {
          item.next_attempt_at = candidate;
          nextAt = candidate;
        } else {
          ws.webhookQueue.splice(index, 1);
          gaveUp = true;
        }
      }
    }
    const entry: DeliveryLogEntry = {
      delivery_id: d.id,
      merchant_id: d.merchant_id,
      surface: d.surface,
      event: d.event,
      event_id: d.event_id,
      url: d.url,
      attempt: attemptNo,
      status,
      ok,
      duration_ms: durationMs,
      error,
      at: this.clock.iso(),
      next_attempt_at: nextAt === null ? null : this.clock.iso(nextAt),
      gave_up: gaveUp,
    };
    if (d.webhook_id !== undefined) entry.webhook_id = d.webhook_id;
    ws.deliveries.push(entry);
    if (ws.deliveries.length > DELIVERY_LOG_LIMIT) ws.deliveries.splice(0, ws.deliveries.length - DELIVERY_LOG_LIMIT);
    this.markDirty();

    if (d.module_destination) {
      const dest: WebhookDestination = { url: d.url, secret: d.secret };
      if (d.webhook_id !== undefined) dest.webhookId = d.webhook_id;
      try {
        this.hooks.onProResult(d.merchant_id, dest, ok, error ?? undefined);
      } catch (err) {
        this.hooks.log("error", "pro onDeliveryResult failed", { err: String(err) });
      }
    }
    if (!ok) this.hooks.log("info", "webhook delivery failed", { event: d.event, url: d.url, attempt: attemptNo, error });
    this.scheduleNext();
  }

  deliveries(merchantId?: string, limit = 100): DeliveryLogEntry[] {
    const all = this.ws.deliveries;
    const filtered = merchantId ? all.filter((d) => d.merchant_id === merchantId) : all;
    return filtered.slice(-limit).reverse();
  }

  events(merchantId?: string, surface?: WebhookSurface, limit = 100): EmittedEvent[] {
    const filtered = this.ws.events.filter((e) => (!merchantId || e.merchant_id === merchantId) && (!surface || e.surface === surface));
    return filtered.slice(-limit).reverse();
  }

  pending(): QueuedDelivery[] {
    return this.ws.webhookQueue.map((q) => ({ ...q, secret: "" }));
  }

  /** After a reset: forget attempts in flight (their results belong to the old state). */
  resetRuntime(): void {
    this.generation++;
    this.inFlight.clear();
    this.scheduleNext();
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}

/**
 * Older names to send beside a current core event: every name of the spec's table, whatever the
 * payload. The spec lists `virtual_account.created` and `onramp.created` for every
 * `funding_account.active` and sets no condition, so an integration built on the legacy onramp flow
 * hears about every account that becomes active.
 */
export function olderNamesFor(event: string): string[] {
  return [...(CORE_OLDER_NAMES[event] ?? [])];
}
