import "server-only";
/**
 * Writes provider objects into the local copy. Every source (a webhook, the app's own write, a
 * sweep, the backfill, a fetch by id) goes through `storeObjects`, whose one statement refuses to
 * move an object backwards: a state older than the stored one (by the provider's `updated_at`, or
 * by the status order when a time is missing or equal) leaves the row as it is. A partial object
 * (an event's payload without every field) is laid over the stored one, key by key.
 */
import type { Environment } from "@/lib/generated/prisma/enums";
import type { UpstreamSurface } from "@/lib/upstream/types";
import { db, type Tx } from "@/lib/db";
import { statusRank } from "@/lib/webhooks/names";
import { type AnyKindDef, type ObjectColumns, idOf, kindDef } from "./kinds";

export interface LedgerScope {
  organizationId: string;
  environment: Environment;
}

export type ObjectSource = "webhook" | "write" | "sweep" | "backfill" | "fetch";

/** Where the store's statement runs: a Prisma client or transaction, or a plain pg connection (the webhook intake's). */
export interface SqlQuery {
  $queryRawUnsafe<T = unknown>(sql: string, ...values: unknown[]): PromiseLike<T>;
}

export interface StoredChange {
  providerId: string;
  status: string | null;
  /** True when the row is new. */
  inserted: boolean;
}

export interface StoreResult {
  /** Objects whose stored state changed (new, or a different newer state). */
  changed: StoredChange[];
  /** Ids whose payload lacked fields the kind's schema requires: worth a fetch by id. */
  partial: string[];
  /** The changed rows' changed_at (one instant per call): with the id, it names the change (lib/ledger/announce.ts). */
  changedAt: Date;
}

interface Row {
  provider_id: string;
  data: unknown;
  status: string | null;
  amount: string | null;
  currency: string | null;
  search_text: string;
  provider_created_at: string | null;
  provider_updated_at: string | null;
  status_rank: number;
  partial: boolean;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);
const str = (v: unknown) => (typeof v === "string" && v !== "" ? v : null);
const DECIMAL = /^-?\d+(\.\d+)?$/;
const decimalOrNull = (v: string | null | undefined) => (v && DECIMAL.test(v) ? v : null);
const timeOrNull = (v: string | null | undefined) => (v && !Number.isNaN(Date.parse(v)) ? new Date(v).toISOString() : null);

/** The text search looks in: each value lower-cased, once, separated by spaces. */
export function searchTextOf(values: readonly (string | null | undefined)[]): string {
  const seen = new Set<string>();
  for (const v of values) {
    const t = v?.trim().toLowerCase();
    if (t) seen.add(t);
  }
  return [...seen].join(" ");
}

/** Reads the columns from an object; a partial one gives what it has. */
export function columnsOf(def: AnyKindDef, raw: Record<string, unknown>): { columns: ObjectColumns; partial: boolean } {
  const parsed = def.item.safeParse(raw);
  if (parsed.success) return { columns: def.columns(parsed.data), partial: false };
  return {
    columns: { status: str(raw.status), createdAt: str(raw.created_at), updatedAt: str(raw.updated_at), search: [idOf(def, raw)] },
    partial: true,
  };
}

function rowOf(def: AnyKindDef, raw: Record<string, unknown>): { row: Row; partial: boolean } | null {
  const id = idOf(def, raw);
  if (!id) return null;
  const { columns: c, partial } = columnsOf(def, raw);
  const status = c.status ?? null;
  return {
    partial,
    row: {
      provider_id: id,
      data: raw,
      status,
      amount: decimalOrNull(c.amount),
      currency: c.currency ?? null,
      search_text: searchTextOf(c.search),
      provider_created_at: timeOrNull(c.createdAt),
      provider_updated_at: timeOrNull(c.updatedAt),
      status_rank: def.rankFamily ? statusRank(def.rankFamily, status) : 0,
      partial,
    },
  };
}

/**
 * The guard, in words: a newer provider time wins; at an equal time, or when either side has no
 * time, a later status in the family's order wins, and the same status refreshes the row. Two
 * different statuses of the same rank (two terminal ones) keep the first one stored. A snapshot
 * has neither time nor status: there the read that began later wins (its synced_at is when its
 * read began), so a sweep that began before the app's own write and ends after it is not stored.
 *
 * A sync job's write (`guarded`) is stored only while the surface's copy is still of the
 * generation the job began under and no new key's account is being checked
 * (lib/ledger/account-check.ts). Otherwise one row with a null id says the write was refused.
 */
function storeSql({ snapshot, guarded }: { snapshot: boolean; guarded: boolean }): string {
  const open = `NOT EXISTS (SELECT 1 FROM copy_accounts ca WHERE ca.organization_id = $2::uuid AND ca.environment = $3::"Environment"
  AND ca.surface = $7::"Surface" AND (ca.generation <> $8 OR ca.check_from IS NOT NULL))`;
  const store = `
  WITH x AS (
    SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(
      provider_id text, data jsonb, status text, amount numeric, currency text, search_text text,
      provider_created_at timestamptz, provider_updated_at timestamptz, status_rank int, partial boolean)
  ),
  -- A partial object is laid over the stored one; a whole one replaces it (a field the provider
  -- dropped is dropped here too).
  merged AS (
    SELECT x.*, CASE WHEN x.partial THEN COALESCE(cur.data, '{}'::jsonb) || x.data ELSE x.data END AS merged_data
    FROM x LEFT JOIN synced_objects cur
      ON cur.organization_id = $2::uuid AND cur.environment = $3::"Environment" AND cur.kind = $4 AND cur.provider_id = x.provider_id
  )
  INSERT INTO synced_objects AS so (organization_id, environment, kind, provider_id, data, status, amount, currency, search_text,
    provider_created_at, provider_updated_at, status_rank, source, synced_at, changed_at)
  SELECT $2::uuid, $3::"Environment", $4, provider_id, merged_data, status, amount, currency, search_text,
    provider_created_at, provider_updated_at, status_rank, $5, $6::timestamptz, $6::timestamptz
  FROM merged${guarded ? ` WHERE ${open}` : ""}
  ON CONFLICT (organization_id, environment, kind, provider_id) DO UPDATE SET
    data = EXCLUDED.data,
    status = COALESCE(EXCLUDED.status, so.status),
    amount = COALESCE(EXCLUDED.amount, so.amount),
    currency = COALESCE(EXCLUDED.currency, so.currency),
    search_text = CASE WHEN EXCLUDED.search_text = '' THEN so.search_text
      ELSE (SELECT string_agg(DISTINCT w, ' ') FROM unnest(string_to_array(so.search_text || ' ' || EXCLUDED.search_text, ' ')) AS w WHERE w <> '') END,
    provider_created_at = COALESCE(EXCLUDED.provider_created_at, so.provider_created_at),
    provider_updated_at = COALESCE(EXCLUDED.provider_updated_at, so.provider_updated_at),
    status_rank = CASE WHEN EXCLUDED.status IS NULL THEN so.status_rank ELSE EXCLUDED.status_rank END,
    source = EXCLUDED.source,
    synced_at = EXCLUDED.synced_at,
    changed_at = CASE WHEN EXCLUDED.data IS DISTINCT FROM so.data THEN EXCLUDED.changed_at ELSE so.changed_at END
  WHERE ${
    snapshot
      ? "EXCLUDED.synced_at >= so.synced_at"
      : `CASE
    WHEN EXCLUDED.provider_updated_at IS NOT NULL AND so.provider_updated_at IS NOT NULL
         AND EXCLUDED.provider_updated_at <> so.provider_updated_at
      THEN EXCLUDED.provider_updated_at > so.provider_updated_at
    WHEN EXCLUDED.status IS NULL OR so.status IS NULL OR EXCLUDED.status = so.status THEN true
    ELSE EXCLUDED.status_rank > so.status_rank
  END`
  }
  RETURNING provider_id, status, (xmax = 0) AS inserted, (changed_at = $6::timestamptz) AS changed`;
  return guarded ? `WITH stored AS (${store}) SELECT * FROM stored UNION ALL SELECT NULL, NULL, NULL, NULL WHERE NOT ${open}` : store;
}

const STORE_SQL = new Map(
  [false, true].flatMap((snapshot) => [false, true].map((guarded) => [`${snapshot}:${guarded}`, storeSql({ snapshot, guarded })] as const)),
);

/** A sync job's write refused because the surface's key changed since the job began. */
export class CopyAccountChanged extends Error {
  constructor(readonly surface: string) {
    super(`The ${surface} key changed while the read was under way: its answer is not stored.`);
  }
}

/** The generation of a surface's copy a sync job began under (lib/ledger/account-check.ts). */
export interface CopyGeneration {
  surface: UpstreamSurface;
  generation: number;
}

/** Where and how a store runs, beyond what it stores. */
export interface StoreOptions {
  /** Runs in this transaction or connection (the app's own write stores its answer beside its audit row). */
  tx?: Tx | SqlQuery;
  /** A sync job's write: refused (CopyAccountChanged) when the surface's key changed since the job began. */
  guard?: CopyGeneration;
  /** When the provider read began: a snapshot read that began before the stored one's is not stored. */
  readAt?: Date;
}

/** Stores objects of one kind for one organization and environment. Objects without an id are skipped. */
export async function storeObjects(
  scope: LedgerScope,
  kind: string,
  objects: readonly unknown[],
  source: ObjectSource,
  { tx, guard, readAt }: StoreOptions = {},
): Promise<StoreResult> {
  const def = kindDef(kind);
  if (!def) throw new Error(`The local copy keeps no objects of kind "${kind}".`);
  // The last copy of an id in one batch wins, as if they had been stored one after the other.
  const byId = new Map<string, Row>();
  const partial: string[] = [];
  for (const o of objects) {
    if (!isObject(o)) continue;
    const r = rowOf(def, o);
    if (!r) continue;
    byId.set(r.row.provider_id, r.row);
    if (r.partial) partial.push(r.row.provider_id);
  }
  const snapshot = def.singletonId !== undefined;
  // A snapshot's synced_at is when its read began, which the guard compares (storeSql).
  const at = (snapshot && readAt) || new Date();
  if (byId.size === 0) return { changed: [], partial, changedAt: at };
  const now = at.toISOString();
  const rows = await (tx ?? db).$queryRawUnsafe<{ provider_id: string | null; status: string | null; inserted: boolean; changed: boolean }[]>(
    STORE_SQL.get(`${snapshot}:${guard !== undefined}`)!,
    JSON.stringify([...byId.values()]),
    scope.organizationId,
    scope.environment,
    kind,
    source,
    now,
    ...(guard ? [guard.surface, guard.generation] : []),
  );
  if (guard && rows.some((r) => r.provider_id === null)) throw new CopyAccountChanged(guard.surface);
  return {
    changed: rows.filter((r) => r.changed).map((r) => ({ providerId: r.provider_id as string, status: r.status, inserted: r.inserted })),
    partial,
    changedAt: at,
  };
}

export interface CopiedObject<T = Record<string, unknown>> {
  data: T;
  syncedAt: Date;
  changedAt: Date;
}

/** One object from the copy, or null when the copy has not seen it. */
export async function readObject(scope: LedgerScope, kind: string, providerId: string): Promise<CopiedObject | null> {
  const row = await db.syncedObject.findUnique({
    where: { organizationId_environment_kind_providerId: { organizationId: scope.organizationId, environment: scope.environment, kind, providerId } },
    select: { data: true, syncedAt: true, changedAt: true },
  });
  return row ? { data: row.data as Record<string, unknown>, syncedAt: row.syncedAt, changedAt: row.changedAt } : null;
}
