/**
 * Fills the local copy the way the sync does (lib/ledger/sync.ts): the whole history of each
 * kind by backfill, then a sweep (which records when the list was read). Integration tests that
 * seed the provider and then read pages call it first, since pages read only the copy.
 */
import { backfillStep, sweepKind, syncedKinds } from "@/lib/ledger/sync";
import type { LedgerScope } from "@/lib/ledger/store";

export async function fillCopy(scope: LedgerScope, kinds?: readonly string[]): Promise<void> {
  for (const kind of kinds ?? (await syncedKinds(scope))) {
    for (let step = 0; step < 1_000; step++) {
      const o = await backfillStep(scope, kind);
      if (o.kind !== "ok" || o.progress?.done) break;
    }
    await sweepKind(scope, kind);
  }
}
