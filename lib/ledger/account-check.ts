import "server-only";
/**
 * A key added or replaced may belong to another provider account than the one the copy was read
 * with (a key pasted from another merchant's dashboard). The provider shows no account id, so the
 * copy asks it: the newest objects the old key stored, of a few kinds of the key's surface, are
 * fetched by id with the new key. When the provider knows none of them ("not found" for each), the
 * copy holds another account's objects: that surface's objects and sync states are forgotten, so the
 * sweep and the backfill read the new account from scratch and no page, total or statement mixes two
 * accounts' money. One object it knows keeps the copy: a recipient deleted at the provider is not
 * found either, and must not cost a rebuild.
 *
 * Nothing read with the old key may land after that decision, and nothing read with the new one
 * before it (it would make the check find "the same account"). So the key change, in its own
 * transaction, bumps the surface's generation in copy_accounts and marks the check as due:
 * - a sync write begun before the change is refused (store.ts, `CopyGeneration`);
 * - sync jobs of the surface wait until the check has run (`copyGate`);
 * - the check runs once every instance's key cache holds the new key (`ACCOUNT_CHECK_DELAY_MS`), as
 *   a job, and is tried again while the provider cannot answer: an undecided copy is never kept on a guess.
 * Webhooks and the app's own writes go on meanwhile: they are not sync reads, and the forgetting
 * removes whatever they stored of the old account.
 *
 * Snapshots (balances, a portfolio: kinds.ts) are the old account's current state, not history, and
 * one read away: the key change forgets them at once, and they prove nothing about the account (a
 * balance is always "found"), so the check never asks about them.
 */
import type { UpstreamSurface } from "@/lib/upstream/types";
import { db, type Tx } from "@/lib/db";
import { enqueue } from "@/lib/jobs/queue";
import { log } from "@/lib/log";
import { type Upstream, UpstreamError, upstreamFor } from "@/lib/upstream";
import { KEY_CACHE_TTL_MS } from "@/lib/upstream/key-provider";
import { withPriority } from "@/lib/upstream/priority";
import { LEDGER_ACCOUNT_CHECK, type LedgerAccountCheckData, startSyncOf } from "./job-names";
import { isSnapshot, kindDef, kindsOf } from "./kinds";
import type { CopyGeneration, LedgerScope } from "./store";

/** At most this many objects are fetched: the newest of each kind, the kinds with the most recent objects first. */
export const ACCOUNT_CHECK_FETCHES = 3;
/** The check waits until every instance's cached key has expired once after the change. */
export const ACCOUNT_CHECK_DELAY_MS = KEY_CACHE_TTL_MS + 1_000;
/** A check the provider could not answer (busy, down, budget spent) is tried again after this long. */
export const ACCOUNT_CHECK_RETRY_MS = 30_000;

/** The copy's row of one surface (a scope may be a whole user: only its two fields are taken). */
const slot = (scope: LedgerScope, surface: UpstreamSurface) => ({ organizationId: scope.organizationId, environment: scope.environment, surface });

const surfaceKinds = (surface: UpstreamSurface): string[] => kindsOf(new Set([surface]));
const surfaceSnapshots = (surface: UpstreamSurface): string[] => surfaceKinds(surface).filter(isSnapshot);

export type AccountCheck =
  | { kind: "same" | "empty" | "done" }
  /** `unknownId`: the object the new key did not know; null when the copy held only what webhooks stored. */
  | { kind: "forgotten"; objects: number; unknownId: string | null }
  | { kind: "undecided"; retryAfterMs: number };

/**
 * In the key change's transaction: sync writes of the surface begun before it are refused from its
 * commit on, and the surface's sync waits for the account check, due `delayMs` from now.
 */
export async function noteKeyChanged(tx: Tx, scope: LedgerScope, surface: UpstreamSurface, delayMs = ACCOUNT_CHECK_DELAY_MS): Promise<void> {
  // An empty copy (a first key) has nothing to check: its sync starts at once.
  await tx.$executeRawUnsafe(
    `INSERT INTO copy_accounts (organization_id, environment, surface, generation, key_changed_at, check_from)
     VALUES ($1::uuid, $2::"Environment", $3::"Surface", 1, now(),
       CASE WHEN EXISTS (SELECT 1 FROM synced_objects WHERE organization_id = $1::uuid AND environment = $2::"Environment" AND kind = ANY($5::text[]))
         THEN now() + $4 * interval '1 millisecond' END)
     ON CONFLICT (organization_id, environment, surface) DO UPDATE
       SET generation = copy_accounts.generation + 1, key_changed_at = EXCLUDED.key_changed_at, check_from = EXCLUDED.check_from`,
    scope.organizationId,
    scope.environment,
    surface,
    delayMs,
    surfaceKinds(surface),
  );
  // Its snapshots go now (read first once the check has run); their states too, so they are due first.
  const snapshots = { organizationId: scope.organizationId, environment: scope.environment, kind: { in: surfaceSnapshots(surface) } };
  await tx.syncedObject.deleteMany({ where: snapshots });
  await tx.syncState.deleteMany({ where: snapshots });
}

/** After the key change's commit: the check as a job, due when the change says. */
export async function enqueueAccountCheck(scope: LedgerScope, surface: UpstreamSurface, delayMs = ACCOUNT_CHECK_DELAY_MS): Promise<void> {
  await enqueue(LEDGER_ACCOUNT_CHECK, slot(scope, surface) satisfies LedgerAccountCheckData, Math.max(1, Math.ceil(delayMs / 1000)));
}

export type Gate = ({ open: true } & CopyGeneration) | { open: false; retryAfterMs: number };

/** Whether sync jobs may write the surface's copy now, and under which generation. */
export async function copyGate(scope: LedgerScope, surface: UpstreamSurface): Promise<Gate> {
  const row = await db.copyAccount.findUnique({
    where: { organizationId_environment_surface: slot(scope, surface) },
    select: { generation: true, checkFrom: true },
  });
  if (row?.checkFrom) return { open: false, retryAfterMs: checkWaitMs(row.checkFrom) };
  return { open: true, surface, generation: row?.generation ?? 0 };
}

/** The surfaces whose new key's account is not yet checked: what the copy holds of them may still be the old account's. */
export async function surfacesBeingChecked(scope: LedgerScope): Promise<Set<UpstreamSurface>> {
  const rows = await db.copyAccount.findMany({
    where: { organizationId: scope.organizationId, environment: scope.environment, checkFrom: { not: null } },
    select: { surface: true },
  });
  return new Set(rows.map((r) => r.surface as UpstreamSurface));
}

/** How long until a check due at `checkFrom` has likely run: a second past it, and at least a second. */
export function checkWaitMs(checkFrom: Date): number {
  return Math.max(1_000, checkFrom.getTime() - Date.now() + 1_000);
}

/** Ends the check of generation `generation`; false when a later key change has superseded it. */
async function settle(tx: Tx, scope: LedgerScope, surface: UpstreamSurface, generation: number): Promise<boolean> {
  const n = await tx.copyAccount.updateMany({ where: { ...slot(scope, surface), generation, checkFrom: { not: null } }, data: { checkFrom: null } });
  return n.count === 1;
}

/**
 * Runs the due check of the surface's copy against the account its current key reads: keeps it,
 * forgets it, or leaves it undecided (to be tried again) when the provider could not answer.
 */
export async function checkCopyAccount(scope: LedgerScope, surface: UpstreamSurface, up: Upstream = upstreamFor(scope)): Promise<AccountCheck> {
  const row = await db.copyAccount.findUnique({ where: { organizationId_environment_surface: slot(scope, surface) } });
  if (!row?.checkFrom) return { kind: "done" };
  const wait = row.checkFrom.getTime() - Date.now();
  if (wait > 0) return { kind: "undecided", retryAfterMs: wait };
  const kinds = surfaceKinds(surface).filter((k) => kindDef(k)!.get && !isSnapshot(k));
  // Only what the old key read (a sweep, backfill, fetch or its own write): an object the new key
  // stored since would say "same", and so would a webhook's, which names no account (the other
  // account's webhooks may still arrive while its secret is held).
  const newest =
    kinds.length === 0
      ? []
      : await db.$queryRawUnsafe<{ kind: string; id: string }[]>(
          `SELECT kind, id FROM (
             SELECT DISTINCT ON (kind) kind, provider_id AS id, provider_created_at AS at FROM synced_objects
              WHERE organization_id = $1::uuid AND environment = $2::"Environment" AND kind = ANY($3::text[]) AND synced_at < $4
                AND source <> 'webhook'
              ORDER BY kind, provider_created_at DESC NULLS LAST, provider_id) newest
           ORDER BY at DESC NULLS LAST, kind LIMIT ${ACCOUNT_CHECK_FETCHES}`,
          scope.organizationId,
          scope.environment,
          kinds,
          row.keyChangedAt ?? row.checkFrom,
        );
  const keep = async (kind: "same" | "empty"): Promise<AccountCheck> =>
    (await db.$transaction((tx) => settle(tx, scope, surface, row.generation))) ? { kind } : { kind: "done" };
  if (newest.length === 0) {
    // Nothing the old key read, only what webhooks stored: events name no account, so that is not
    // kept on a guess. Forgotten, it is read again with the new key (the events themselves stay).
    const fromWebhooks = await db.syncedObject.count({
      where: { organizationId: scope.organizationId, environment: scope.environment, kind: { in: surfaceKinds(surface) }, source: "webhook" },
    });
    return fromWebhooks > 0 ? forget(scope, surface, row.generation, null) : keep("empty");
  }
  let unknown = 0;
  for (const o of newest) {
    try {
      await withPriority("write", () => kindDef(o.kind)!.get!(up, o.id));
      return keep("same");
    } catch (err) {
      if (err instanceof UpstreamError && err.kind === "not_found") unknown++;
      else log.warn({ err, kind: o.kind }, "ledger: the account check could not read an object; it is tried again");
    }
  }
  if (unknown < newest.length) {
    await db.copyAccount.updateMany({
      where: { ...slot(scope, surface), generation: row.generation },
      data: { checkFrom: new Date(Date.now() + ACCOUNT_CHECK_RETRY_MS) },
    });
    return { kind: "undecided", retryAfterMs: ACCOUNT_CHECK_RETRY_MS };
  }
  return forget(scope, surface, row.generation, newest[0]!.id);
}

async function forget(scope: LedgerScope, surface: UpstreamSurface, generation: number, unknownId: string | null): Promise<AccountCheck> {
  const where = { organizationId: scope.organizationId, environment: scope.environment, kind: { in: surfaceKinds(surface) } };
  const objects = await db.$transaction(async (tx) => {
    if (!(await settle(tx, scope, surface, generation))) return null;
    const removed = await tx.syncedObject.deleteMany({ where });
    await tx.syncState.deleteMany({ where });
    return removed.count;
  });
  if (objects === null) return { kind: "done" };
  log.warn(
    { ...slot(scope, surface), objects, unknownId },
    "ledger: the new key reads another provider account; its surface's copy is read again from scratch",
  );
  return { kind: "forgotten", objects, unknownId };
}

/** The job: the check, then the surface's sync from where it stands; undecided, it runs again later. */
export async function runAccountCheck(data: LedgerAccountCheckData, up?: Upstream): Promise<number | null> {
  const scope: LedgerScope = { organizationId: data.organizationId, environment: data.environment };
  const r = await checkCopyAccount(scope, data.surface, up);
  if (r.kind === "undecided") return r.retryAfterMs;
  if (r.kind !== "done") await startSyncOf(scope);
  return null;
}

/** Checks due but not queued (the instance that queued them stopped): the every-minute schedule's part. */
export async function dueAccountChecks(): Promise<LedgerAccountCheckData[]> {
  const rows = await db.copyAccount.findMany({
    where: { checkFrom: { lte: new Date() } },
    select: { organizationId: true, environment: true, surface: true },
  });
  return rows;
}
