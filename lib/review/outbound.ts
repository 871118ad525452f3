import "server-only";
/**
 * Signed outbound webhooks to the merchant's own systems (the team's final review decisions).
 *
 * A delivery row is written in the same transaction as the decision, so a decision is never final
 * without its delivery. A worker in every app instance claims due rows with
 * `FOR UPDATE SKIP LOCKED` and leases them by moving `next_attempt_at` forward, so instances never
 * send one row at the same time and a crashed instance's rows come back after the lease.
 * Each attempt POSTs the JSON body signed with HMAC-SHA256 (hex) in `X-Merchant-Ops-Signature`;
 * anything but a 2xx within the timeout is retried with backoff until the receiver acknowledges.
 * Every attempt resolves the receiver's name again and connects only to a public address
 * (lib/security/outbound-address.ts).
 */
import { createHmac, randomUUID } from "node:crypto";
import { db, type Tx } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { log } from "@/lib/log";
import {
  guardedRequest,
  outboundPolicy,
  REFUSED_ADDRESS_MESSAGE,
  RefusedAddressError,
  type GuardedRequest,
  type GuardedResponse,
} from "@/lib/security/outbound-address";
import { settleDueCredits } from "./credit";
import { activeOutboundSecret } from "./outbound-secret";
import type { Environment } from "@/lib/generated/prisma/enums";

export const SIGNATURE_HEADER = "X-Merchant-Ops-Signature";
export const EVENT_HEADER = "X-Merchant-Ops-Event";
export const DELIVERY_HEADER = "X-Merchant-Ops-Delivery";
export const DECISION_EVENT = "deposit_review.decision_final";

/** Seconds to wait after the nth failed attempt (1-based); the last step repeats. */
export const BACKOFF_SECONDS = [10, 30, 60, 300, 900, 1800, 3600];
/** A receiver still failing after this long is marked failed; an admin can redeliver it. */
export const GIVE_UP_AFTER_MS = 3 * 24 * 60 * 60 * 1000;
const LEASE_SECONDS = 60;
const TIMEOUT_MS = 10_000;
const BATCH = 10;

export function signBody(secret: string, body: string): string {
  return createHmac("sha256", secret).update(body).digest("hex");
}

export function backoffSeconds(attempts: number): number {
  return BACKOFF_SECONDS[Math.min(Math.max(attempts, 1), BACKOFF_SECONDS.length) - 1]!;
}

/** Queues a delivery to the configured URL inside the caller's transaction; null when none is set or it is switched off. */
export async function enqueueOutbound(
  tx: Tx,
  input: { organizationId: string; environment: Environment; event: string; decisionId: string | null; data: Record<string, unknown> },
): Promise<string | null> {
  const hook = await tx.outboundWebhook.findUnique({
    where: { organizationId_environment: { organizationId: input.organizationId, environment: input.environment } },
  });
  if (!hook?.enabled) return null;
  const id = randomUUID();
  const payload = { id, event: input.event, environment: input.environment, created_at: new Date().toISOString(), data: input.data };
  await tx.outboundDelivery.create({
    data: {
      id,
      organizationId: input.organizationId,
      environment: input.environment,
      decisionId: input.decisionId,
      event: input.event,
      url: hook.url,
      payload: payload as Prisma.InputJsonValue,
    },
  });
  wakeOutbound();
  return id;
}

interface ClaimedRow {
  id: string;
  organization_id: string;
  environment: Environment;
  event: string;
  url: string;
  payload: unknown;
  attempts: number;
  created_at: Date;
}

/** Claims due rows for this instance and pushes them out of reach of the others for the lease. */
async function claimDue(limit: number, organizationId: string | null): Promise<ClaimedRow[]> {
  return db.$queryRaw<ClaimedRow[]>`
    UPDATE outbound_deliveries d
       SET next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS})
     WHERE d.id IN (
       SELECT id FROM outbound_deliveries
        WHERE status = 'pending' AND next_attempt_at <= now()
          AND (${organizationId}::uuid IS NULL OR organization_id = ${organizationId}::uuid)
        ORDER BY next_attempt_at
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED)
    RETURNING d.id, d.organization_id, d.environment::text AS environment, d.event, d.url, d.payload, d.attempts, d.created_at`;
}

/** Sends one request; tests may pass their own. The default connects only to checked addresses. */
export type Send = (url: string, init: GuardedRequest, environment: Environment) => Promise<GuardedResponse>;

const guardedSend: Send = (url, init, environment) => guardedRequest(url, init, outboundPolicy(environment));

/** One attempt; the row is updated with its outcome. Never throws. */
async function attempt(row: ClaimedRow, send: Send): Promise<boolean> {
  const attempts = row.attempts + 1;
  let status: number | null = null;
  let error: string | null = null;
  try {
    const secret = await activeOutboundSecret(row.organization_id, row.environment);
    if (!secret) throw new Error("No signing secret is set. Generate one on the Outbound webhook page.");
    const body = JSON.stringify(row.payload);
    // Redirects are not followed: a redirect is not an acknowledgement, and must not carry the body
    // elsewhere (nor past the address check).
    const res = await send(
      row.url,
      {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "User-Agent": "MerchantOps-Webhook/1.0",
          [SIGNATURE_HEADER]: signBody(secret, body),
          [EVENT_HEADER]: row.event,
          [DELIVERY_HEADER]: row.id,
        },
        body,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      },
      row.environment,
    );
    status = res.status;
    if (res.status >= 200 && res.status < 300) {
      await db.outboundDelivery.update({
        where: { id: row.id },
        data: { status: "delivered", attempts, lastStatus: status, lastError: null, deliveredAt: new Date() },
      });
      return true;
    }
    error =
      res.status >= 300 && res.status < 400
        ? `The endpoint answered HTTP ${res.status}, a redirect; redirects are not followed.`
        : `The endpoint answered HTTP ${res.status}.`;
  } catch (err) {
    error = describeError(err);
  }
  const giveUp = Date.now() - row.created_at.getTime() >= GIVE_UP_AFTER_MS;
  await db.outboundDelivery.update({
    where: { id: row.id },
    data: {
      status: giveUp ? "failed" : "pending",
      attempts,
      lastStatus: status,
      lastError: error,
      nextAttemptAt: new Date(Date.now() + backoffSeconds(attempts) * 1000),
    },
  });
  log.warn({ deliveryId: row.id, attempts, status, error, gaveUp: giveUp }, "outbound webhook not acknowledged");
  return false;
}

/** The log names no socket error: refused, reset or unresolved would map which internal ports answer. */
export const UNREACHABLE_MESSAGE = "The receiver refused or could not be reached.";

function describeError(err: unknown): string {
  if (err instanceof RefusedAddressError) return REFUSED_ADDRESS_MESSAGE;
  if (err instanceof Error) {
    if (err.name === "TimeoutError" || err.name === "AbortError") return `No answer within ${TIMEOUT_MS / 1000} seconds.`;
    if (err.message.startsWith("No signing secret")) return err.message;
  }
  return UNREACHABLE_MESSAGE;
}

/**
 * Sends every due delivery once; returns how many were claimed. Tests call it directly, for their
 * own organization only: test files run side by side on one database.
 */
export async function processOutboundOnce(send: Send = guardedSend, organizationId: string | null = null): Promise<{ claimed: number; delivered: number }> {
  const rows = await claimDue(BATCH, organizationId);
  const results = await Promise.all(rows.map((r) => attempt(r, send)));
  return { claimed: rows.length, delivered: results.filter(Boolean).length };
}

const g = globalThis as unknown as { outboundWorker?: { timer: NodeJS.Timeout; running: boolean; again: boolean } };
const INTERVAL_MS = 5_000;

async function tick() {
  const w = g.outboundWorker;
  if (!w) return;
  if (w.running) {
    w.again = true;
    return;
  }
  w.running = true;
  try {
    // Held credits whose deposit already ended (see credit.ts): queued here, sent just below. A
    // failure here must not hold up the deliveries already queued.
    await settleDueCredits().catch((err: unknown) => log.error({ err }, "held review credits could not be swept; the next tick tries again"));
    do {
      w.again = false;
      const { claimed } = await processOutboundOnce();
      if (claimed === BATCH) w.again = true; // more may be due
    } while (w.again);
  } catch (err) {
    log.error({ err }, "outbound webhook worker failed; it tries again on its next tick");
  } finally {
    w.running = false;
  }
}

/**
 * Starts this instance's delivery worker once (review pages and actions call it). The timer is
 * unref'd so it never keeps a process alive, and every instance may run one safely.
 */
export function ensureOutboundWorker(): void {
  if (g.outboundWorker || process.env.OUTBOUND_WORKER === "off") return;
  const timer = setInterval(() => void tick(), INTERVAL_MS);
  timer.unref();
  g.outboundWorker = { timer, running: false, again: false };
}

/** Runs the worker soon after a new delivery instead of waiting for the next tick. */
function wakeOutbound(): void {
  if (!g.outboundWorker) return;
  setTimeout(() => void tick(), 50).unref();
}

export interface DeliveryRow {
  id: string;
  event: string;
  url: string;
  status: string;
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  nextAttemptAt: Date;
  deliveredAt: Date | null;
  createdAt: Date;
  decisionId: string | null;
}

export async function listDeliveries(organizationId: string, environment: Environment, limit = 50): Promise<DeliveryRow[]> {
  return db.outboundDelivery.findMany({
    where: { organizationId, environment },
    orderBy: { createdAt: "desc" },
    take: limit,
    select: {
      id: true,
      event: true,
      url: true,
      status: true,
      attempts: true,
      lastStatus: true,
      lastError: true,
      nextAttemptAt: true,
      deliveredAt: true,
      createdAt: true,
      decisionId: true,
    },
  });
}
