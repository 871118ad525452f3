import "server-only";
import { Client } from "pg";
import { z } from "zod";
import { log } from "@/lib/log";
import { LIVE_CHANNEL, type LiveNotification } from "./notify";

/**
 * What subscribers receive: an announced event; `down` when the connection is lost (nothing
 * arrives until it is back); `resync` when it is back (events sent meanwhile were missed).
 */
export type LiveSignal = { kind: "event"; event: LiveNotification } | { kind: "down" } | { kind: "resync" };
export type LiveSubscriber = (signal: LiveSignal) => void;

export interface LiveListenerOptions {
  connectionString: string;
  channel?: string;
  /** First reconnect delay; doubles per failed attempt up to maxBackoffMs. */
  minBackoffMs?: number;
  maxBackoffMs?: number;
  /** How often the idle connection is checked with a query, to notice a silently dead socket. */
  pingIntervalMs?: number;
  pingTimeoutMs?: number;
}

const notificationSchema = z.object({
  organizationId: z.string().min(1),
  environment: z.enum(["sandbox", "production"]),
  eventId: z.string().min(1),
  name: z.string(),
  resourceType: z.string().nullable(),
  resourceId: z.string().nullable(),
  resourceStatus: z.string().nullable(),
  truncated: z.boolean().default(false),
});

/**
 * One dedicated PostgreSQL connection per process doing LISTEN, fanned out to every subscriber in
 * this process (each open SSE stream). NOTIFY reaches every instance that listens, so this is what
 * carries an event stored by one app instance to browsers connected to another.
 *
 * When the connection drops it reconnects with exponential backoff. Notifications sent while it
 * was down are lost (PostgreSQL does not queue them for absent listeners), so after a reconnect
 * subscribers get a `resync` signal and refresh everything they show.
 */
export class LiveListener {
  private client: Client | null = null;
  private readonly subscribers = new Set<LiveSubscriber>();
  private stopped = false;
  private everConnected = false;
  private attempt = 0;
  private retryTimer: NodeJS.Timeout | null = null;
  private pingTimer: NodeJS.Timeout | null = null;
  private connecting: Promise<void> | null = null;
  private readyWaiters: (() => void)[] = [];
  private readonly opts: Required<LiveListenerOptions>;

  constructor(options: LiveListenerOptions) {
    this.opts = {
      channel: LIVE_CHANNEL,
      minBackoffMs: 200,
      maxBackoffMs: 10_000,
      pingIntervalMs: 30_000,
      pingTimeoutMs: 10_000,
      ...options,
    };
  }

  /** Starts listening in the background; never throws (failures are retried with backoff). */
  start(): void {
    if (this.stopped || this.client || this.connecting || this.retryTimer) return;
    this.connecting = this.connect().finally(() => {
      this.connecting = null;
    });
  }

  /** Resolves once LISTEN is in place (at once if it already is). */
  ready(timeoutMs = 10_000): Promise<void> {
    if (this.isConnected) return Promise.resolve();
    this.start();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("The live listener could not reach the database in time.")), timeoutMs);
      this.readyWaiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  get isConnected(): boolean {
    return this.client !== null;
  }

  /** The server process id of the listening connection (tests terminate it to simulate a drop). */
  backendPid(): number | null {
    const c = this.client as unknown as { processID?: number } | null;
    return c?.processID ?? null;
  }

  subscribe(fn: LiveSubscriber): () => void {
    this.subscribers.add(fn);
    this.start();
    return () => {
      this.subscribers.delete(fn);
    };
  }

  get subscriberCount(): number {
    return this.subscribers.size;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.stopPing();
    await this.connecting?.catch(() => undefined);
    const c = this.client;
    this.client = null;
    this.subscribers.clear();
    if (c) await c.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new Client({ connectionString: this.opts.connectionString, keepAlive: true, application_name: "merchant-ops-live" });
    // Registered before connect: an error event without a listener would crash the process.
    client.on("error", (err) => this.lost(client, err));
    client.on("end", () => this.lost(client, null));
    client.on("notification", (msg) => {
      if (msg.channel === this.opts.channel) void this.deliver(client, msg.payload ?? "");
    });
    try {
      await client.connect();
      // The channel name is a fixed identifier of ours, never input; LISTEN takes no parameters.
      await client.query(`LISTEN ${this.opts.channel}`);
    } catch (err) {
      client.removeAllListeners("end");
      await client.end().catch(() => undefined);
      if (this.stopped) return;
      log.warn({ err: errorText(err), attempt: this.attempt + 1 }, "live listener could not connect; retrying");
      this.scheduleReconnect();
      return;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    const reconnected = this.everConnected;
    this.everConnected = true;
    this.attempt = 0;
    this.startPing(client);
    for (const w of this.readyWaiters.splice(0)) w();
    if (reconnected) {
      log.info("live listener reconnected");
      this.emit({ kind: "resync" });
    }
  }

  private lost(client: Client, err: unknown): void {
    if (this.client !== client) return; // an old or never-established connection
    this.client = null;
    this.stopPing();
    client.removeAllListeners("end");
    void client.end().catch(() => undefined);
    if (this.stopped) return;
    log.warn({ err: err ? errorText(err) : "connection ended" }, "live listener lost its database connection; reconnecting");
    this.emit({ kind: "down" });
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.retryTimer) return;
    const base = Math.min(this.opts.maxBackoffMs, this.opts.minBackoffMs * 2 ** this.attempt);
    // Jitter, so many instances losing one database do not all come back in the same instant.
    const delay = Math.round(base / 2 + Math.random() * (base / 2));
    this.attempt += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.start();
    }, delay);
    this.retryTimer.unref?.();
  }

  private startPing(client: Client): void {
    this.stopPing();
    this.pingTimer = setInterval(() => {
      const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error("ping timed out")), this.opts.pingTimeoutMs).unref?.());
      Promise.race([client.query("SELECT 1"), timeout]).catch((err) => this.lost(client, err));
    }, this.opts.pingIntervalMs);
    this.pingTimer.unref?.();
  }

  private stopPing(): void {
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = null;
  }

  private async deliver(client: Client, payload: string): Promise<void> {
    let parsed: LiveNotification;
    try {
      parsed = notificationSchema.parse(JSON.parse(payload));
    } catch {
      log.warn({ bytes: payload.length }, "live listener ignored a malformed notification");
      return;
    }
    if (parsed.truncated) parsed = await this.reload(client, parsed);
    this.emit({ kind: "event", event: parsed });
  }

  /** A field was cut to fit NOTIFY's size limit: read the stored row for the full values. */
  private async reload(client: Client, n: LiveNotification): Promise<LiveNotification> {
    try {
      const { rows } = await client.query<{ name: string; resource_type: string | null; resource_id: string | null; resource_status: string | null }>(
        "SELECT name, resource_type, resource_id, resource_status FROM webhook_events WHERE id = $1::uuid AND organization_id = $2::uuid",
        [n.eventId, n.organizationId],
      );
      const r = rows[0];
      if (!r) return n;
      return { ...n, name: r.name, resourceType: r.resource_type, resourceId: r.resource_id, resourceStatus: r.resource_status, truncated: false };
    } catch (err) {
      log.warn({ err: errorText(err), eventId: n.eventId }, "live listener could not reload a shortened notification");
      return n;
    }
  }

  private emit(signal: LiveSignal): void {
    for (const fn of [...this.subscribers]) {
      try {
        fn(signal);
      } catch (err) {
        // One broken stream must not stop the others from hearing about the event.
        log.error({ err: errorText(err) }, "live subscriber failed");
      }
    }
  }
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
