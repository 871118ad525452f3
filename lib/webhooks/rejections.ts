import "server-only";
/**
 * Refused webhook deliveries, kept bounded. The endpoint is open to anyone, so every refusal is
 * counted per source address and minute in PostgreSQL (shared by every app instance, one statement
 * with the row itself): past REFUSALS_PER_MINUTE a source is answered 429 and its refusals are no
 * longer written. Rows older than REJECTION_RETENTION_DAYS, and beyond the newest
 * REJECTION_MAX_ROWS, are pruned at most once a minute per instance.
 */
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import { log } from "@/lib/log";
import { errorSummary, type WebhookEnvironment } from "./store";
import type { WebhookSurface } from "./verify";

/** Refusals written per source address and minute; the provider itself is never refused this often. */
export const REFUSALS_PER_MINUTE = 60;
export const REJECTION_RETENTION_DAYS = 30;
export const REJECTION_MAX_ROWS = 100_000;
const PRUNE_EVERY_MS = 60_000;

export interface RejectionToStore {
  /** The organization whose secret verified the delivery; null when no secret did. */
  organizationId?: string | null;
  environment: WebhookEnvironment;
  surface: WebhookSurface;
  reason: string;
  sourceIp: string | null;
  bodyBytes: number;
  userAgent: string | null;
}

export interface RefusalOutcome {
  /** The source is over its limit: answer 429; nothing was written. */
  throttled: boolean;
  /** Seconds until the source's minute ends. */
  retryAfter: number;
}

const minuteEnd = (t: number) => Math.floor(t / 60_000) * 60_000 + 60_000;

/**
 * Counts and, within the limit, records one refusal. Never throws: a refusal that cannot be written
 * is logged and answered as usual.
 */
export class RefusalRecorder {
  /** Sources this instance saw over the limit, until their minute ends: answered without a query. */
  private readonly blockedUntil = new Map<string, number>();
  private lastPrune = 0;

  constructor(
    private readonly limit: number = REFUSALS_PER_MINUTE,
    private readonly now: () => number = Date.now,
  ) {}

  /** True when `ip` is known (here) to be over its limit for the current minute. */
  blocked(ip: string | null): boolean {
    const until = this.blockedUntil.get(sourceKey(ip));
    if (until === undefined) return false;
    if (until > this.now()) return true;
    this.blockedUntil.delete(sourceKey(ip));
    return false;
  }

  async record(r: RejectionToStore): Promise<RefusalOutcome> {
    const t = this.now();
    const key = sourceKey(r.sourceIp);
    const retryAfter = Math.max(1, Math.ceil((minuteEnd(t) - t) / 1000));
    if (this.blocked(r.sourceIp)) return { throttled: true, retryAfter };
    this.maybePrune(t);
    try {
      const rows = await db.$queryRaw<{ refusals: number }[]>`
        WITH c AS (
          INSERT INTO webhook_refusal_counts (source_ip, window_start, refusals)
          VALUES (${key}, date_trunc('minute', now()), 1)
          ON CONFLICT (source_ip, window_start) DO UPDATE SET refusals = webhook_refusal_counts.refusals + 1
          RETURNING refusals
        ),
        ins AS (
          INSERT INTO webhook_rejections (id, organization_id, environment, surface, reason, source_ip, body_bytes, user_agent)
          SELECT ${randomUUID()}::uuid, ${r.organizationId ?? null}::uuid, ${r.environment}::"Environment", ${r.surface}::"Surface",
                 ${r.reason}, ${r.sourceIp?.slice(0, 100) ?? null}, ${r.bodyBytes}, ${r.userAgent?.slice(0, 300) ?? null}
            FROM c WHERE c.refusals <= ${this.limit}
          RETURNING 1
        )
        SELECT refusals FROM c`;
      const refusals = Number(rows[0]?.refusals ?? 0);
      if (refusals > this.limit) {
        if (this.blockedUntil.size > 10_000) this.blockedUntil.clear(); // bounded memory under a spread-out flood
        this.blockedUntil.set(key, minuteEnd(t));
        return { throttled: true, retryAfter };
      }
    } catch (err) {
      log.error({ err: errorSummary(err), reason: r.reason, surface: r.surface, environment: r.environment }, "could not record a refused webhook delivery");
    }
    return { throttled: false, retryAfter };
  }

  private maybePrune(t: number): void {
    if (t - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = t;
    void pruneRejections().catch((err: unknown) => log.warn({ err: errorSummary(err) }, "could not prune refused webhook deliveries"));
  }
}

function sourceKey(ip: string | null): string {
  return (ip ?? "unknown").slice(0, 100);
}

/** Deletes refusals past their retention or beyond the newest REJECTION_MAX_ROWS, and old counters. */
export async function pruneRejections(opts: { retentionDays?: number; maxRows?: number } = {}): Promise<{ rejections: number }> {
  const days = opts.retentionDays ?? REJECTION_RETENTION_DAYS;
  const maxRows = opts.maxRows ?? REJECTION_MAX_ROWS;
  const byAge = await db.$executeRaw`DELETE FROM webhook_rejections WHERE at < now() - make_interval(days => ${days})`;
  const byCount = await db.$executeRaw`
    DELETE FROM webhook_rejections
     WHERE at < (SELECT at FROM webhook_rejections ORDER BY at DESC OFFSET ${maxRows - 1} LIMIT 1)`;
  await db.$executeRaw`DELETE FROM webhook_refusal_counts WHERE window_start < now() - interval '10 minutes'`;
  return { rejections: byAge + byCount };
}
