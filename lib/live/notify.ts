import "server-only";
import type { Tx } from "@/lib/db";
import type { Environment } from "@/lib/generated/prisma/enums";

/** The one PostgreSQL channel every app instance LISTENs on. */
export const LIVE_CHANNEL = "merchant_ops_events";

export type LiveEnvironment = Environment;

export interface LiveEventInput {
  organizationId: string;
  environment: LiveEnvironment;
  eventId: string;
  name: string;
  resourceType: string | null;
  resourceId: string | null;
  resourceStatus: string | null;
}

/** What travels over NOTIFY: ids and names only, never the event payload. */
export interface LiveNotification extends LiveEventInput {
  /** True when a field was cut to keep the notification small; listeners re-read the stored row. */
  truncated: boolean;
}

// PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. Each field is capped so the worst case
// (every character JSON-escaped to six bytes) still fits: 7 fields x 160 chars x 6 bytes < 7000.
const MAX_FIELD_CHARS = 160;

function cap(value: string, state: { truncated: boolean }): string {
  if (value.length <= MAX_FIELD_CHARS) return value;
  state.truncated = true;
  return value.slice(0, MAX_FIELD_CHARS);
}

function capNullable(value: string | null, state: { truncated: boolean }): string | null {
  return value === null ? null : cap(value, state);
}

export function encodeNotification(e: LiveEventInput): string {
  const state = { truncated: false };
  const n: LiveNotification = {
    organizationId: cap(e.organizationId, state),
    environment: e.environment,
    eventId: cap(e.eventId, state),
    name: cap(e.name, state),
    resourceType: capNullable(e.resourceType, state),
    resourceId: capNullable(e.resourceId, state),
    resourceStatus: capNullable(e.resourceStatus, state),
    truncated: false,
  };
  n.truncated = state.truncated;
  return JSON.stringify(n);
}

/**
 * Announces a stored event to every app instance. Runs inside the caller's transaction, so
 * PostgreSQL delivers the notification only if (and when) that transaction commits; a rolled-back
 * event is never announced.
 */
export async function notifyEvent(tx: Tx, e: LiveEventInput): Promise<void> {
  // $executeRaw, not $queryRaw: pg_notify returns void, which the query path cannot deserialize.
  await tx.$executeRaw`SELECT pg_notify(${LIVE_CHANNEL}, ${encodeNotification(e)})`;
}
