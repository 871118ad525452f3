import "server-only";
/**
 * The event store. One statement inserts events or, when a dedupe key is already stored, only
 * bumps `duplicates`, and announces the new ones on the live channel. In the same transaction the
 * objects new events carry are stored in the local copy (lib/ledger/feed.ts), so an announcement
 * is delivered only once the copy shows its change, and only for committed events.
 */
import { randomUUID } from "node:crypto";
import { Pool, type PoolClient, type QueryConfig } from "pg";
import { env } from "@/lib/env";
import { copyEvents, type EventForCopy, type FetchRequest, fetchesFor, keepsObjectsOf, requestFetches } from "@/lib/ledger/feed";
import type { SqlQuery } from "@/lib/ledger/store";
import { encodeNotification, LIVE_CHANNEL } from "@/lib/live/notify";
import { log } from "@/lib/log";
import type { NormalizedEvent } from "./normalize";
import type { WebhookSurface } from "./verify";
import type { Environment } from "@/lib/generated/prisma/enums";

export type WebhookEnvironment = Environment;

export interface EventToStore extends NormalizedEvent {
  organizationId: string;
  environment: WebhookEnvironment;
  surface: WebhookSurface;
  /** The parsed body, stored as JSON; its `data` (the resource) becomes the newest state. */
  payload: unknown;
  /** The body's text when it is known to be valid JSON: stored as is, saving a re-serialisation. */
  payloadJson?: string;
  headers: Record<string, string>;
  signature: "current" | "previous";
  /** Size of the raw body, to keep one write batch within a few megabytes. */
  bodyBytes?: number;
}

export interface StoredEvent {
  id: string;
  inserted: boolean;
  duplicates: number;
}

export type StoreEvent = (e: EventToStore) => Promise<StoredEvent>;

interface Pending {
  event: EventToStore;
  json: Record<string, unknown>;
  bytes: number;
  resolve: (s: StoredEvent) => void;
  reject: (err: unknown) => void;
}

const keyOf = (e: EventToStore) => `${e.organizationId}|${e.environment}|${e.surface}|${e.dedupeKey}`;

type BatchRow = { id: string; org: string; env: string; surface: string; dedupe_key: string; inserted: boolean; duplicates: number };

// One prepared statement per connection: parsed and planned once, not per batch.
const BATCH_SQL = `
    WITH x AS (
      SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(
        id uuid, organization_id uuid, environment "Environment", surface "Surface", name text, received_name text, provider_event_id text,
        dedupe_key text, resource_type text, resource_id text, resource_status text, payload jsonb, headers jsonb, signature text,
        occurred_at timestamptz, notification text, copies int, ord int)
    ),
    ins AS (
      INSERT INTO webhook_events (id, organization_id, environment, surface, name, received_name, provider_event_id, dedupe_key,
        resource_type, resource_id, resource_status, payload, headers, signature, occurred_at, duplicates, last_duplicate_at)
      SELECT id, organization_id, environment, surface, name, received_name, provider_event_id, dedupe_key,
        resource_type, resource_id, resource_status, payload, headers, signature, occurred_at, copies - 1, CASE WHEN copies > 1 THEN now() END
      FROM x ORDER BY ord
      ON CONFLICT (organization_id, environment, surface, dedupe_key)
        DO UPDATE SET duplicates = webhook_events.duplicates + EXCLUDED.duplicates + 1, last_duplicate_at = now()
      RETURNING id, organization_id, environment, surface, dedupe_key, (xmax = 0) AS inserted, duplicates
    ),
    fresh AS (
      SELECT x.* FROM x JOIN ins ON ins.inserted AND ins.id = x.id
    ),
    -- Announced only for new rows; PostgreSQL delivers them when the transaction commits.
    notified AS (
      SELECT pg_notify($2, notification) FROM fresh
    )
    SELECT ins.id::text AS id, ins.organization_id::text AS org, ins.environment::text AS env, ins.surface::text AS surface, ins.dedupe_key,
      ins.inserted, ins.duplicates, (SELECT count(*) FROM notified)::int AS notified
    FROM ins`;

/**
 * The intake's own small pool: webhook writes never wait behind page queries for a connection,
 * and the batch statement stays prepared on it (Prisma would compile it for every batch).
 */
const closedPools = new WeakSet<Pool>();
const globalForIntake = globalThis as unknown as { webhookIntakePool?: Pool };
function intakePool(): Pool {
  if (!globalForIntake.webhookIntakePool) {
    const pool = new Pool({ connectionString: env().DATABASE_URL, max: MAX_IN_FLIGHT, idleTimeoutMillis: 30_000, allowExitOnIdle: true });
    // An idle connection dropped by the server must not crash the process; the next batch reconnects.
    pool.on("error", (err) => {
      // A server shutting down may still say goodbye to connections this process already closed.
      if (!closedPools.has(pool)) log.warn({ err: errorSummary(err) }, "webhook intake database connection closed");
    });
    globalForIntake.webhookIntakePool = pool;
  }
  return globalForIntake.webhookIntakePool;
}

/**
 * What a log line may say about a database error: pg errors carry their connection (with its
 * prepared statements) and can be huge; name, code and message are what an operator needs.
 */
export function errorSummary(err: unknown): { name?: string; code?: string; message: string } {
  if (err instanceof Error) return { name: err.name, code: (err as { code?: string }).code, message: err.message };
  return { message: String(err) };
}

/** Closes the intake's connections (benchmark and shutdown). */
export async function closeIntakePool(): Promise<void> {
  const pool = globalForIntake.webhookIntakePool;
  globalForIntake.webhookIntakePool = undefined;
  if (!pool) return;
  closedPools.add(pool);
  await pool.end();
}

/** The statement's rows as the pg driver answers them, for the copy's store (lib/ledger/store.ts). */
function sqlOn(client: PoolClient): SqlQuery {
  return { $queryRawUnsafe: async <T>(sql: string, ...values: unknown[]) => (await client.query(sql, values)).rows as T };
}

/** The object a new event carries, for the copy: the body's `data`, without U+0000 (see withoutNul). */
function forCopy(e: EventToStore): EventForCopy {
  const body = e.payload as { data?: unknown } | null;
  const data = body !== null && typeof body === "object" ? body.data : undefined;
  const clean = e.payloadJson === undefined || e.payloadJson.includes("\\u0000") ? withoutNul(data) : data;
  return {
    organizationId: e.organizationId,
    environment: e.environment,
    resourceType: e.resourceType,
    resourceId: e.resourceId,
    receivedName: e.receivedName,
    data: clean,
  };
}

/** A failure of the copy's part of a batch, told apart from a failure to store the events. */
class CopyFailed extends Error {
  constructor(
    readonly cause: unknown,
    readonly events: EventForCopy[],
  ) {
    super("the local copy could not store the batch's objects");
  }
}

/**
 * The batch statement and the copy's objects in one transaction. Returns the batch's rows and the
 * fetches to ask for after the commit; throws CopyFailed (after rolling back) when only the copy
 * failed, so the events can still be stored.
 */
async function writeWithCopy(statement: QueryConfig, copyable: { p: Pending }[]): Promise<{ rows: BatchRow[]; fetches: FetchRequest[] }> {
  const client = await intakePool().connect();
  let broken: Error | undefined;
  try {
    await client.query("BEGIN");
    const rows = (await client.query<BatchRow>(statement)).rows;
    const fresh = new Set(rows.filter((r) => r.inserted).map((r) => `${r.org}|${r.env}|${r.surface}|${r.dedupe_key}`));
    const events = copyable.filter(({ p }) => fresh.has(keyOf(p.event))).map(({ p }) => forCopy(p.event));
    let fetches: FetchRequest[] = [];
    if (events.length > 0) fetches = await copyEvents(sqlOn(client), events).catch((err: unknown) => Promise.reject(new CopyFailed(err, events)));
    await client.query("COMMIT");
    return { rows, fetches };
  } catch (err) {
    await client.query("ROLLBACK").catch((e: unknown) => {
      broken = e instanceof Error ? e : new Error(String(e));
    });
    throw err;
  } finally {
    // A connection that could not even roll back is closed rather than handed to the next batch.
    client.release(broken);
  }
}

/**
 * Writes a batch in one transaction (one commit, one fsync): the events and their live
 * notifications in one statement, then the objects new events carry into the local copy (no
 * savepoint: two round trips fewer per batch; the rare failure of the copy's part is rolled back
 * and the batch written again without it). A batch naming no object the copy keeps is the one
 * statement alone. Deliveries of one change inside the
 * batch become one row whose `duplicates` already counts them.
 */
async function writeBatch(batch: Pending[]): Promise<void> {
  const groups = new Map<string, Pending[]>();
  for (const p of batch) {
    const k = keyOf(p.event);
    const g = groups.get(k);
    if (g) g.push(p);
    else groups.set(k, [p]);
  }
  const firsts = [...groups.values()].map((g, ord) => ({ p: g[0]!, copies: g.length, ord }));
  // Each row is written as JSON text with the body spliced in unchanged (it parsed as JSON).
  let rowsJson = `[${firsts
    .map(({ p, copies, ord }) => {
      const head = JSON.stringify({ ...p.json, copies, ord });
      return `${head.slice(0, -1)},"payload":${p.event.payloadJson ?? JSON.stringify(p.event.payload ?? null)}}`;
    })
    .join(",")}]`;
  // JSON writes U+0000 as an escape; only then rebuild the rows with it replaced.
  if (rowsJson.includes("\\u0000")) {
    rowsJson = JSON.stringify(withoutNul(firsts.map(({ p, copies, ord }) => ({ ...p.json, copies, ord, payload: p.event.payload ?? null }))));
  }
  const statement = { name: "webhook_events_batch", text: BATCH_SQL, values: [rowsJson, LIVE_CHANNEL] };
  const copyable = firsts.filter(({ p }) => keepsObjectsOf(p.event.resourceType));
  let rows: BatchRow[];
  let fetches: FetchRequest[] = [];
  if (copyable.length === 0) {
    rows = (await intakePool().query<BatchRow>(statement)).rows;
  } else {
    try {
      ({ rows, fetches } = await writeWithCopy(statement, copyable));
    } catch (err) {
      if (!(err instanceof CopyFailed)) throw err;
      // The events are the durable record and must not be refused for the copy's sake (the
      // provider would retry them forever): stored alone, their objects are fetched instead.
      log.warn({ err: errorSummary(err.cause), events: err.events.length }, "webhook objects could not be stored in the local copy; fetching them instead");
      rows = (await intakePool().query<BatchRow>(statement)).rows;
      fetches = fetchesFor(err.events);
    }
  }
  const byKey = new Map(rows.map((r) => [`${r.org}|${r.env}|${r.surface}|${r.dedupe_key}`, r]));
  for (const [k, g] of groups) {
    const r = byKey.get(k);
    if (!r) {
      for (const p of g) p.reject(new Error("webhook event insert returned no row"));
      continue;
    }
    g.forEach((p, i) => p.resolve({ id: r.id, inserted: r.inserted && i === 0, duplicates: Number(r.duplicates) }));
  }
  // Partial payloads and objects the events only named: fetched by id, after the commit.
  if (fetches.length > 0) void requestFetches(fetches);
}

/**
 * Batches in flight at once. One: what arrives while it is written becomes the next, larger batch,
 * so each event costs fewer round trips (each a socket write, dear on a small machine) than with
 * two smaller batches overlapping; and it leaves the connection pool to pages and actions.
 */
const MAX_IN_FLIGHT = 1;
const MAX_BATCH_ROWS = 250;
const MAX_BATCH_BYTES = 4 * 1024 * 1024;

/**
 * Group commit: a delivery is answered only after the statement holding it committed, and
 * deliveries arriving while earlier batches are being written share the next statement. At low
 * traffic a batch is one event written at once; under load the fsync per commit is shared.
 */
class EventWriter {
  private queue: Pending[] = [];
  private inFlight = 0;

  add(event: EventToStore): Promise<StoredEvent> {
    return new Promise((resolve, reject) => {
      const json = rowJson(event);
      this.queue.push({ event, json, bytes: event.bodyBytes ?? 1_024, resolve, reject });
      this.kick();
    });
  }

  private kick(): void {
    while (this.inFlight < MAX_IN_FLIGHT && this.queue.length > 0) {
      let bytes = 0;
      let n = 0;
      while (n < this.queue.length && n < MAX_BATCH_ROWS && (n === 0 || bytes + this.queue[n]!.bytes <= MAX_BATCH_BYTES)) {
        bytes += this.queue[n]!.bytes;
        n++;
      }
      const batch = this.queue.splice(0, n);
      this.inFlight++;
      void this.run(batch).finally(() => {
        this.inFlight--;
        this.kick();
      });
    }
  }

  private async run(batch: Pending[]): Promise<void> {
    try {
      await writeBatch(batch);
    } catch (err) {
      if (batch.length === 1) {
        batch[0]!.reject(err);
        return;
      }
      // One event the database refuses must not fail its neighbours: write each on its own.
      log.warn({ err: errorSummary(err), size: batch.length }, "webhook batch failed; writing its events one by one");
      for (const p of batch) {
        await writeBatch([p]).catch((e: unknown) => p.reject(e));
      }
    }
  }
}

/**
 * PostgreSQL's jsonb cannot hold U+0000; a payload carrying one would be refused on every retry
 * and so lost. It is stored with U+FFFD in its place instead (the raw body is not kept anyway).
 */
export function withoutNul(v: unknown): unknown {
  if (typeof v === "string") return v.includes("\u0000") ? v.replaceAll("\u0000", "\uFFFD") : v;
  if (Array.isArray(v)) return v.map(withoutNul);
  if (v !== null && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [withoutNul(k) as string, withoutNul(x)]));
  return v;
}

function rowJson(e: EventToStore): Record<string, unknown> {
  const id = randomUUID();
  return {
    id,
    organization_id: e.organizationId,
    environment: e.environment,
    surface: e.surface,
    name: e.name,
    received_name: e.receivedName,
    provider_event_id: e.providerEventId,
    dedupe_key: e.dedupeKey,
    resource_type: e.resourceType,
    resource_id: e.resourceId,
    resource_status: e.resourceStatus,
    headers: e.headers,
    signature: e.signature,
    occurred_at: e.occurredAt?.toISOString() ?? null,
    // Encoded now, with the id this row gets if it is new.
    notification: encodeNotification({
      organizationId: e.organizationId,
      environment: e.environment,
      eventId: id,
      name: e.name,
      resourceType: e.resourceType,
      resourceId: e.resourceId,
      resourceStatus: e.resourceStatus,
    }),
  };
}

const writer = new EventWriter();

/** Stores one event durably; resolves once it is committed (or counted as a duplicate). */
export const storeEvent: StoreEvent = (e) => writer.add(e);
