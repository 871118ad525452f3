import "server-only";
/**
 * The event store. One statement inserts the event or, when its dedupe key is already stored,
 * only bumps `duplicates`; for a new event the same statement moves the resource's newest state
 * forward when (and only when) the event is newer. The live notification goes out in the same
 * transaction, so only committed events are announced.
 */
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import { notifyEvent } from "@/lib/live/notify";
import { log } from "@/lib/log";
import { statusRankTable } from "./names";
import type { NormalizedEvent } from "./normalize";
import type { WebhookSurface } from "./verify";

export type WebhookEnvironment = "sandbox" | "production";

export interface EventToStore extends NormalizedEvent {
  organizationId: string;
  environment: WebhookEnvironment;
  surface: WebhookSurface;
  /** The parsed body, stored as JSON. */
  payload: unknown;
  /** The resource as the event describes it (the body's `data`), kept as the newest state. */
  resourceData: unknown;
  headers: Record<string, string>;
  signature: "current" | "previous";
}

export interface StoredEvent {
  id: string;
  inserted: boolean;
  duplicates: number;
}

export type StoreEvent = (e: EventToStore) => Promise<StoredEvent>;

export const storeEvent: StoreEvent = async (e) => {
  const id = randomUUID();
  const ranks = JSON.stringify(statusRankTable(e.resourceType));
  const payload = JSON.stringify(e.payload ?? null);
  const headers = JSON.stringify(e.headers);
  const data = JSON.stringify(e.resourceData ?? null);
  // A state needs a resource and a status to be comparable; events without them (trades, unknown
  // shapes) are still stored and shown, they just do not move the state.
  const tracksState = e.resourceType !== null && e.resourceId !== null && e.resourceStatus !== null;

  return db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ id: string; inserted: boolean; duplicates: number }[]>`
      WITH ins AS (
        INSERT INTO webhook_events (id, organization_id, environment, surface, name, received_name, provider_event_id, dedupe_key,
          resource_type, resource_id, resource_status, payload, headers, signature, occurred_at)
        VALUES (${id}::uuid, ${e.organizationId}::uuid, ${e.environment}::"Environment", ${e.surface}::"Surface", ${e.name}, ${e.receivedName},
          ${e.providerEventId}, ${e.dedupeKey}, ${e.resourceType}, ${e.resourceId}, ${e.resourceStatus}, ${payload}::jsonb, ${headers}::jsonb,
          ${e.signature}, ${e.occurredAt}::timestamptz)
        ON CONFLICT (organization_id, environment, surface, dedupe_key)
          DO UPDATE SET duplicates = webhook_events.duplicates + 1, last_duplicate_at = now()
        RETURNING id, (xmax = 0) AS inserted, duplicates
      ),
      state AS (
        INSERT INTO resource_states AS s (organization_id, environment, resource_type, resource_id, status, occurred_at, event_id, data, updated_at)
        SELECT ${e.organizationId}::uuid, ${e.environment}::"Environment", ${e.resourceType}::text, ${e.resourceId}::text, ${e.resourceStatus}::text,
          ${e.occurredAt}::timestamptz, ins.id, ${data}::jsonb, now()
        FROM ins WHERE ins.inserted AND ${tracksState}::boolean
        ON CONFLICT (organization_id, environment, resource_type, resource_id) DO UPDATE
          SET status = EXCLUDED.status, occurred_at = EXCLUDED.occurred_at, event_id = EXCLUDED.event_id, data = EXCLUDED.data, updated_at = now()
          WHERE (EXCLUDED.occurred_at IS NOT NULL AND (s.occurred_at IS NULL OR EXCLUDED.occurred_at > s.occurred_at))
             OR (EXCLUDED.occurred_at IS NOT DISTINCT FROM s.occurred_at
                 AND COALESCE((SELECT (r->>1)::int FROM jsonb_array_elements(${ranks}::jsonb) r WHERE r->>0 = EXCLUDED.status), 0)
                   > COALESCE((SELECT (r->>1)::int FROM jsonb_array_elements(${ranks}::jsonb) r WHERE r->>0 = s.status), 0))
        RETURNING 1
      )
      SELECT ins.id::text AS id, ins.inserted, ins.duplicates FROM ins`;
    const row = rows[0];
    if (!row) throw new Error("webhook event insert returned no row");
    if (row.inserted) {
      await notifyEvent(tx, {
        organizationId: e.organizationId,
        environment: e.environment,
        eventId: row.id,
        name: e.name,
        resourceType: e.resourceType,
        resourceId: e.resourceId,
        resourceStatus: e.resourceStatus,
      });
    }
    return { id: row.id, inserted: row.inserted, duplicates: Number(row.duplicates) };
  });
};

export interface RejectionToStore {
  environment: WebhookEnvironment;
  surface: WebhookSurface;
  reason: string;
  sourceIp: string | null;
  bodyBytes: number;
  userAgent: string | null;
}

/** A refused delivery: counted and shown to admins, its payload never kept. Never throws. */
export async function recordRejection(r: RejectionToStore): Promise<void> {
  try {
    await db.webhookRejection.create({
      data: {
        environment: r.environment,
        surface: r.surface,
        reason: r.reason,
        sourceIp: r.sourceIp?.slice(0, 100) ?? null,
        bodyBytes: r.bodyBytes,
        userAgent: r.userAgent?.slice(0, 300) ?? null,
      },
    });
  } catch (err) {
    log.error({ err, reason: r.reason, surface: r.surface, environment: r.environment }, "could not record a refused webhook delivery");
  }
}

export interface ResourceStateView {
  status: string | null;
  occurredAt: Date | null;
  eventId: string;
  data: unknown;
  updatedAt: Date;
}

/** The newest state seen for a resource through webhooks, or null when no event named it yet. */
export async function getResourceState(
  organizationId: string,
  environment: WebhookEnvironment,
  resourceType: string,
  resourceId: string,
): Promise<ResourceStateView | null> {
  const row = await db.resourceState.findUnique({
    where: { organizationId_environment_resourceType_resourceId: { organizationId, environment, resourceType, resourceId } },
  });
  return row ? { status: row.status, occurredAt: row.occurredAt, eventId: row.eventId, data: row.data, updatedAt: row.updatedAt } : null;
}
