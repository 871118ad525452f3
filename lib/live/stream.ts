import "server-only";
import { log } from "@/lib/log";
import type { LiveSignal, LiveSubscriber } from "./listener";
import type { LiveNotification } from "./notify";
import type { LiveChange } from "./query-keys";
import type { LiveScope, ReplayResult } from "./replay";

export interface LiveStreamOptions {
  listener: { subscribe(fn: LiveSubscriber): () => void };
  scope: LiveScope;
  /** Given when the browser has a cursor (last event id or page time): what it missed, sent first. */
  replay?: (() => Promise<ReplayResult | null>) | null;
  /** Asked at every heartbeat; false ends the stream (signed out, disabled, role or environment changed). */
  stillAllowed?: () => Promise<boolean>;
  heartbeatMs?: number;
  /** The browser's reconnect delay after the stream ends. */
  retryMs?: number;
  signal?: AbortSignal;
  /** A client this far behind (bytes queued) is cut off; it reconnects and replays from its last id. */
  maxQueuedBytes?: number;
}

const encoder = new TextEncoder();
const HIGH_WATER_MARK = 64 * 1024;

/** One SSE message. Ids and names come from our own store; line breaks are removed so no field can end a message early. */
export function sseMessage(event: string, data: unknown, id?: string): string {
  const oneLine = (s: string) => s.replace(/[\r\n]/g, "");
  return `${id ? `id: ${oneLine(id)}\n` : ""}event: ${oneLine(event)}\ndata: ${JSON.stringify(data)}\n\n`;
}

export function toChange(n: LiveNotification): LiveChange {
  return { id: n.eventId, name: n.name, resourceType: n.resourceType, resourceId: n.resourceId, resourceStatus: n.resourceStatus };
}

function inScope(n: LiveNotification, scope: LiveScope): boolean {
  return n.organizationId === scope.organizationId && n.environment === scope.environment;
}

/**
 * The server-sent events stream for one browser: `change` for each event of its organization and
 * environment, `degraded` while this instance cannot hear the database, `resync` when events may
 * have been missed, a heartbeat comment so proxies keep the connection open, and `end` when the
 * session no longer allows it.
 */
export function createLiveStream(opts: LiveStreamOptions): ReadableStream<Uint8Array> {
  const heartbeatMs = opts.heartbeatMs ?? 15_000;
  const retryMs = opts.retryMs ?? 3_000;
  const maxQueued = opts.maxQueuedBytes ?? 1_000_000;
  let closed = false;
  let unsubscribe: (() => void) | null = null;
  let heartbeat: NodeJS.Timeout | null = null;
  let onAbort: (() => void) | null = null;

  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const cleanup = () => {
          if (closed) return;
          closed = true;
          unsubscribe?.();
          if (heartbeat) clearInterval(heartbeat);
          if (onAbort) opts.signal?.removeEventListener("abort", onAbort);
        };
        const close = () => {
          if (closed) return;
          cleanup();
          try {
            controller.close();
          } catch {
            // already closed by the reader
          }
        };
        const send = (text: string) => {
          if (closed) return;
          const queued = HIGH_WATER_MARK - (controller.desiredSize ?? 0);
          if (queued > maxQueued) {
            close();
            return;
          }
          try {
            controller.enqueue(encoder.encode(text));
          } catch {
            cleanup();
          }
        };
        const sendChange = (c: LiveChange) => send(sseMessage("change", c, c.id));
        const sendResync = () => send(sseMessage("resync", {}));

        // Live events that arrive while the replay query runs wait here, so order is kept.
        let pending: LiveChange[] | null = opts.replay ? [] : null;
        const onSignal = (signal: LiveSignal) => {
          if (signal.kind === "resync") {
            sendResync();
            return;
          }
          if (signal.kind === "down") {
            // The browser polls until the resync that follows the listener's reconnect.
            send(sseMessage("degraded", {}));
            return;
          }
          if (!inScope(signal.event, opts.scope)) return;
          const change = toChange(signal.event);
          if (pending) pending.push(change);
          else sendChange(change);
        };

        send(`retry: ${retryMs}\n: connected\n\n`);
        unsubscribe = opts.listener.subscribe(onSignal);

        if (opts.signal) {
          if (opts.signal.aborted) {
            close();
            return;
          }
          onAbort = close;
          opts.signal.addEventListener("abort", onAbort, { once: true });
        }

        if (pending && opts.replay) {
          opts
            .replay()
            .then((result) => {
              if (!result?.complete) sendResync();
              else for (const c of result.events) sendChange(c);
              const sent = new Set(result?.complete ? result.events.map((e) => e.id) : []);
              const waiting = pending ?? [];
              pending = null;
              for (const c of waiting) if (!sent.has(c.id)) sendChange(c);
            })
            .catch((err) => {
              log.error({ err: err instanceof Error ? err.message : String(err) }, "live stream replay failed");
              const waiting = pending ?? [];
              pending = null;
              sendResync();
              for (const c of waiting) sendChange(c);
            });
        }

        heartbeat = setInterval(() => {
          send(": heartbeat\n\n");
          if (!opts.stillAllowed) return;
          opts
            .stillAllowed()
            .then((ok) => {
              if (ok) return;
              send(sseMessage("end", { reason: "session" }));
              close();
            })
            .catch((err) => {
              // A database blip is not a reason to drop a healthy stream; the next heartbeat asks again.
              log.warn({ err: err instanceof Error ? err.message : String(err) }, "live stream session check failed");
            });
        }, heartbeatMs);
        heartbeat.unref?.();
      },
      cancel() {
        closed = true;
        unsubscribe?.();
        if (heartbeat) clearInterval(heartbeat);
        if (onAbort) opts.signal?.removeEventListener("abort", onAbort);
      },
    },
    { highWaterMark: HIGH_WATER_MARK, size: (chunk) => chunk.byteLength },
  );
}
