/**
 * The synced ledger's job names and data (pg-boss, lib/jobs/queue.ts), apart from their runners so
 * that code which only enqueues (webhook intake, the key-add approval) pulls in none of the sync.
 */
import type { Environment } from "@/lib/generated/prisma/enums";
import type { UpstreamSurface } from "@/lib/upstream/types";
import { db } from "@/lib/db";
import { enqueue } from "@/lib/jobs/queue";

/** `{ organizationId, environment, kind, id }`: fetch one object by id and store it (source "fetch"). */
export const LEDGER_FETCH = "ledger-fetch";
/** `{ organizationId, environment, kinds?, reason }`: read the newest pages of lists. */
export const LEDGER_SWEEP = "ledger-sweep";
/** `{ organizationId, environment }`: read history page by page, at the lowest priority. */
export const LEDGER_BACKFILL = "ledger-backfill";
/** Every minute: (re)starts the sweep chain and unfinished backfills of every key. */
export const LEDGER_SCHEDULE = "ledger-schedule";
/** `{ organizationId, environment, surface }`: after a key change, whether the copy holds the new key's account (account-check.ts). */
export const LEDGER_ACCOUNT_CHECK = "ledger-account-check";

export interface LedgerFetchData {
  organizationId: string;
  environment: Environment;
  kind: string;
  id: string;
}

export interface LedgerSweepData {
  organizationId: string;
  environment: Environment;
  kinds?: string[];
  reason: "schedule" | "refresh";
}

export interface LedgerBackfillData {
  organizationId: string;
  environment: Environment;
}

export interface LedgerAccountCheckData {
  organizationId: string;
  environment: Environment;
  surface: UpstreamSurface;
}

/**
 * Starts the sweep chain and the backfill of a key just added, without waiting for the minute's
 * schedule. The refusals the old key earned are forgotten, so its lists are read now, not after the
 * wait a refused list gets.
 */
export async function startSyncOf(scope: LedgerBackfillData): Promise<void> {
  await db.syncState.updateMany({
    where: { organizationId: scope.organizationId, environment: scope.environment, lastError: { not: null } },
    data: { lastError: null, lastErrorAt: null },
  });
  await enqueue(LEDGER_SWEEP, { ...scope, reason: "schedule" } satisfies LedgerSweepData);
  await enqueue(LEDGER_BACKFILL, { organizationId: scope.organizationId, environment: scope.environment } satisfies LedgerBackfillData);
}
