/**
 * `npm run vault:rotate`: re-encrypts every vault record under a new master key, while the app
 * keeps serving.
 *
 * Procedure (k1 = current key, k2 = new key; ids are examples):
 *  1. Make the new key: `openssl rand -base64 32`. Keep both keys in your secret manager.
 *  2. Let every app instance read k2 before any writes with it: add `k2:<new base64>` to
 *     VAULT_PREVIOUS_MASTER_KEYS and roll the instances.
 *  3. Switch writing to k2: VAULT_MASTER_KEY=<new>, VAULT_MASTER_KEY_ID=k2,
 *     VAULT_PREVIOUS_MASTER_KEYS=k1:<old base64>; roll the instances. Every instance now reads
 *     both keys, so records under either key keep working throughout.
 *  4. Run this script with the old key as current and the new one as new:
 *       VAULT_MASTER_KEY=<old> VAULT_MASTER_KEY_ID=k1 \
 *       VAULT_NEW_MASTER_KEY=<new> VAULT_NEW_MASTER_KEY_ID=k2 DATABASE_URL=... npm run vault:rotate
 *     Each record is re-encrypted in its own short transaction, guarded by `key_id = <the id it
 *     was read with>`, so a record changed meanwhile is simply picked up by the next pass. It then
 *     checks that every record decrypts under k2 alone, and prints the counts.
 *  5. When it reports success: remove k1 from VAULT_PREVIOUS_MASTER_KEYS and roll the instances.
 *     Then destroy the old key.
 * Re-running is safe: records already under the new key are left alone and only verified.
 * Keys from VAULT_PREVIOUS_MASTER_KEYS are also accepted for decryption, so an interrupted
 * earlier rotation can be finished by this one.
 */
import { Client } from "pg";
import { decrypt, makeKeyRing, masterKeyRingFromEnv, parsePreviousKeys, reencrypt, VaultCryptoError, type MasterKey, type Sealed } from "../lib/vault/crypto";
import { bindingOf, SEALED_COLUMNS, sealedOf, type SealedRow } from "../lib/vault/records";

export interface RotationReport {
  total: number;
  reencrypted: number;
  alreadyOnNewKey: number;
  /** Records that could not be decrypted with any configured key (left untouched). */
  failed: { id: string; reason: string }[];
  verified: number;
  passes: number;
}

const MAX_PASSES = 5;

export function targetKeyFromEnv(source: Record<string, string | undefined>): MasterKey {
  const value = source.VAULT_NEW_MASTER_KEY?.trim();
  const id = source.VAULT_NEW_MASTER_KEY_ID?.trim();
  if (!value || !id) {
    throw new VaultCryptoError(
      "Set VAULT_NEW_MASTER_KEY (32 random bytes in base64, e.g. `openssl rand -base64 32`) and VAULT_NEW_MASTER_KEY_ID (a new id, e.g. k2).",
    );
  }
  const [key] = parsePreviousKeys(`${id}:${value}`);
  return key!;
}

export async function rotateMasterKey(opts: {
  databaseUrl: string;
  env: Record<string, string | undefined>;
  batchSize?: number;
  print?: (line: string) => void;
}): Promise<RotationReport> {
  const print = opts.print ?? (() => undefined);
  const batchSize = opts.batchSize ?? 100;
  const current = masterKeyRingFromEnv(opts.env);
  const target = targetKeyFromEnv(opts.env);
  if (target.id === current.current.id && !target.key.equals(current.current.key)) {
    throw new VaultCryptoError(`The new key id "${target.id}" is the current key's id: give the new key a new id.`);
  }
  // Reads every key we know (current, previous, new); writes only the new one.
  const ring = makeKeyRing(
    target,
    [...current.byId.values()].filter((k) => k.id !== target.id),
  );
  const onlyTarget = makeKeyRing(target);

  const pg = new Client({ connectionString: opts.databaseUrl });
  await pg.connect();
  const report: RotationReport = { total: 0, reencrypted: 0, alreadyOnNewKey: 0, failed: [], verified: 0, passes: 0 };
  try {
    const failedIds = new Set<string>();
    // Passes repeat until nothing is left under an old key: a record added by an instance still
    // writing with the old key while a pass ran is caught by the next one.
    for (let pass = 1; pass <= MAX_PASSES; pass++) {
      report.passes = pass;
      let after = "00000000-0000-0000-0000-000000000000";
      let changedThisPass = 0;
      for (;;) {
        const { rows } = await pg.query<SealedRow>(`SELECT ${SEALED_COLUMNS} FROM vault_secrets WHERE key_id <> $1 AND id > $2 ORDER BY id LIMIT $3`, [
          target.id,
          after,
          batchSize,
        ]);
        if (rows.length === 0) break;
        after = rows[rows.length - 1]!.id;
        for (const row of rows) {
          if (failedIds.has(row.id)) continue;
          let next: Sealed;
          try {
            next = reencrypt(ring, sealedOf(row), bindingOf(row), target);
          } catch (err) {
            failedIds.add(row.id);
            report.failed.push({ id: row.id, reason: err instanceof Error ? err.message : String(err) });
            continue;
          }
          // One statement, its own transaction; the key_id guard skips a row another pass or
          // process already moved.
          const res = await pg.query(`UPDATE vault_secrets SET key_id = $1, nonce = $2, ciphertext = $3, auth_tag = $4 WHERE id = $5 AND key_id = $6`, [
            next.keyId,
            next.nonce,
            next.ciphertext,
            next.authTag,
            row.id,
            row.key_id,
          ]);
          if (res.rowCount === 1) {
            report.reencrypted++;
            changedThisPass++;
          }
        }
        print(`  re-encrypted ${report.reencrypted} so far`);
      }
      const left = await pg.query<{ n: string }>(`SELECT count(*)::text AS n FROM vault_secrets WHERE key_id <> $1`, [target.id]);
      if (Number(left.rows[0]!.n) <= failedIds.size || changedThisPass === 0) break;
    }

    // Verify with the new key alone: what the app will have once the old key is removed.
    let after = "00000000-0000-0000-0000-000000000000";
    for (;;) {
      const { rows } = await pg.query<SealedRow>(`SELECT ${SEALED_COLUMNS} FROM vault_secrets WHERE id > $1 ORDER BY id LIMIT $2`, [after, batchSize]);
      if (rows.length === 0) break;
      after = rows[rows.length - 1]!.id;
      for (const row of rows) {
        report.total++;
        if (failedIds.has(row.id)) continue;
        try {
          decrypt(onlyTarget, sealedOf(row), bindingOf(row));
          report.verified++;
        } catch (err) {
          failedIds.add(row.id);
          report.failed.push({ id: row.id, reason: err instanceof Error ? err.message : String(err) });
        }
      }
    }
    report.alreadyOnNewKey = report.total - report.reencrypted - report.failed.length;
    return report;
  } finally {
    await pg.end();
  }
}

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.error("DATABASE_URL is missing: set it to the PostgreSQL URL of the app's database.");
    process.exit(2);
  }
  let report: RotationReport;
  try {
    report = await rotateMasterKey({ databaseUrl, env: process.env, print: (l) => console.log(l) });
  } catch (err) {
    console.error(err instanceof VaultCryptoError ? err.message : err);
    process.exit(2);
  }
  const newId = process.env.VAULT_NEW_MASTER_KEY_ID!.trim();
  console.log(
    `Records: ${report.total}. Re-encrypted now: ${report.reencrypted}. Already under "${newId}": ${report.alreadyOnNewKey}. Verified under "${newId}" alone: ${report.verified}. Failed: ${report.failed.length}.`,
  );
  if (report.failed.length > 0) {
    for (const f of report.failed) console.error(`  ${f.id}: ${f.reason}`);
    console.error("Some records are not under the new key. Keep every old key in VAULT_PREVIOUS_MASTER_KEYS, fix the cause above, and run this again.");
    process.exit(1);
  }
  console.log(
    `Done. Next: make sure every instance runs with VAULT_MASTER_KEY=<the new key> and VAULT_MASTER_KEY_ID=${newId}, then remove the old key from VAULT_PREVIOUS_MASTER_KEYS and roll the instances.`,
  );
}

if (typeof require !== "undefined" && require.main === module) void main();
