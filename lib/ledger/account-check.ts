import "server-only";
/**
 * A key added or replaced may belong to another provider account than the one the copy was read
 * with (a key pasted from another merchant's dashboard). The provider shows no account id, so the
 * copy asks it: the newest object of a few kinds of the key's surface is fetched by id with the new
 * key. When the provider knows none of them ("not found" for each), the copy holds another account's
 * objects: that surface's objects and sync states are forgotten, so the sweep and the backfill read
 * the new account from scratch and no page, total or statement mixes two accounts' money. One
 * object it knows (or any other answer) keeps the copy: a recipient deleted at the provider is not
 * found either, and must not cost a rebuild.
 */
import type { UpstreamSurface } from "@/lib/upstream/types";
import { db } from "@/lib/db";
import { log } from "@/lib/log";
import { type Upstream, UpstreamError, upstreamFor } from "@/lib/upstream";
import { withPriority } from "@/lib/upstream/priority";
import { KIND_NAMES, kindDef } from "./kinds";
import type { LedgerScope } from "./store";

/** At most this many objects are fetched: the newest of each kind, the kinds with the most recent objects first. */
export const ACCOUNT_CHECK_FETCHES = 3;

export type AccountCheck = { kind: "same" | "unknown" | "empty" } | { kind: "forgotten"; objects: number; unknownId: string };

function surfaceKinds(surface: UpstreamSurface): string[] {
  return KIND_NAMES.filter((k) => kindDef(k)!.surface === surface);
}

/** Checks the copy of the key's surface against the provider account the new key reads, and forgets it when it is another's. */
export async function checkCopyAccount(scope: LedgerScope, surface: UpstreamSurface, up: Upstream = upstreamFor(scope)): Promise<AccountCheck> {
  const kinds = surfaceKinds(surface).filter((k) => kindDef(k)!.get);
  if (kinds.length === 0) return { kind: "empty" };
  const newest = await db.$queryRawUnsafe<{ kind: string; id: string }[]>(
    `SELECT kind, id FROM (
       SELECT DISTINCT ON (kind) kind, provider_id AS id, provider_created_at AS at FROM synced_objects
        WHERE organization_id = $1::uuid AND environment = $2::"Environment" AND kind = ANY($3::text[])
        ORDER BY kind, provider_created_at DESC NULLS LAST, provider_id) newest
     ORDER BY at DESC NULLS LAST, kind LIMIT ${ACCOUNT_CHECK_FETCHES}`,
    scope.organizationId,
    scope.environment,
    kinds,
  );
  if (newest.length === 0) return { kind: "empty" };
  let unknown = 0;
  for (const o of newest) {
    try {
      await withPriority("write", () => kindDef(o.kind)!.get!(up, o.id));
      return { kind: "same" };
    } catch (err) {
      if (err instanceof UpstreamError && err.kind === "not_found") unknown++;
      else log.warn({ err, kind: o.kind }, "ledger: the account check could not read an object; the copy stays");
    }
  }
  return unknown === newest.length ? forget(scope, surface, newest[0]!.id) : { kind: "unknown" };
}

async function forget(scope: LedgerScope, surface: UpstreamSurface, unknownId: string): Promise<AccountCheck> {
  const kinds = surfaceKinds(surface);
  const where = { organizationId: scope.organizationId, environment: scope.environment, kind: { in: kinds } };
  const [objects] = await db.$transaction([db.syncedObject.deleteMany({ where }), db.syncState.deleteMany({ where })]);
  log.warn(
    { ...scope, surface, objects: objects.count, unknownId },
    "ledger: the new key reads another provider account; its surface's copy is read again from scratch",
  );
  return { kind: "forgotten", objects: objects.count, unknownId };
}
