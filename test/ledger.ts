/**
 * Fills the local copy the way the sync does (lib/ledger/sync.ts): the whole history of each
 * kind by backfill, then a sweep (which records when the list was read). Integration tests that
 * seed the provider and then read pages call it first, since pages read only the copy.
 */
import { backfillStep, sweepKind, syncedKinds } from "@/lib/ledger/sync";
import type { LedgerScope } from "@/lib/ledger/store";
import { SEED_KEYS } from "@/emulator/testing";
import { keyHash } from "@/lib/upstream/budget";
import { testDb } from "./factories";

export async function fillCopy(scope: LedgerScope, kinds?: readonly string[]): Promise<void> {
  for (const kind of kinds ?? (await syncedKinds(scope))) {
    for (let step = 0; step < 1_000; step++) {
      const o = await backfillStep(scope, kind);
      if (o.kind !== "ok" || o.progress?.done) break;
    }
    await sweepKind(scope, kind);
  }
}

/**
 * Forgets what the emulator's seeded keys spent of their budget (at this emulator), so a test that
 * sweeps many lists starts with the key's minute unspent, whatever earlier tests of its file read
 * (background reads are paced: a few per 10 s; lib/upstream/budget.ts).
 */
export async function unspendSeedKeys(emulatorUrl: string): Promise<void> {
  const origin = new URL(emulatorUrl).origin;
  const hashes = Object.values(SEED_KEYS).map((k) => keyHash(k, origin));
  await testDb().rateBudget.deleteMany({ where: { keyHash: { in: hashes } } });
}
