/**
 * Gives the seeded demo organization the emulator's sandbox keys and fresh webhook secrets on
 * first run, so a new machine works with no setup. Called by the dev and test orchestration
 * scripts under tsx (no `server-only`, relative imports). Never used against production.
 */
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "../generated/prisma/client";
import { generateWebhookSecret, masterKeyRingFromEnv, maskSecret, type VaultSurface } from "./crypto";
import { sealedRecord } from "./records";

export const DEMO_ORGANIZATION_NAME = "Demo Merchant Ltd";
/** The emulator's demo merchant (emulator/lib/seed-data.ts). */
export const DEMO_MERCHANT_ID = "7b1d5c1e-0000-4000-8000-000000000001";
const TIMEOUT_MS = 5_000;

interface EmulatorKey {
  key: string;
  merchant_id: string;
  environment: string;
  scopes: string[];
  frozen?: boolean;
  revoked?: boolean;
}

export interface SeedDemoVaultOptions {
  databaseUrl: string;
  emulatorUrl: string;
  appUrl: string;
  /** Where the master key comes from; default process.env. */
  env?: Record<string, string | undefined>;
  /** Progress lines (never a secret); default console. */
  print?: (line: string) => void;
}

export async function seedDemoVault(opts: SeedDemoVaultOptions): Promise<{ created: boolean; reason?: string }> {
  const print = opts.print ?? ((line: string) => console.log(line));
  const ring = masterKeyRingFromEnv(opts.env ?? process.env);
  const emulator = opts.emulatorUrl.replace(/\/+$/, "");
  const app = opts.appUrl.replace(/\/+$/, "");
  const db = new PrismaClient({ adapter: new PrismaPg({ connectionString: opts.databaseUrl }) });
  const skip = (reason: string) => {
    print(`Demo vault: ${reason}`);
    return { created: false, reason };
  };
  try {
    const org = await db.organization.findFirst({ where: { name: DEMO_ORGANIZATION_NAME }, orderBy: { createdAt: "asc" } });
    if (!org) return skip(`no "${DEMO_ORGANIZATION_NAME}" organization yet; seed the database first.`);
    const has = () => db.vaultSecret.count({ where: { organizationId: org.id, environment: "sandbox" } });
    if ((await has()) > 0) return { created: false, reason: "already has sandbox keys" };

    let keys: EmulatorKey[];
    try {
      const res = await fetch(`${emulator}/__emulator/keys`, { signal: AbortSignal.timeout(TIMEOUT_MS) });
      if (!res.ok) return skip(`the emulator answered ${res.status} for its key list; sandbox keys not added (add them on the API keys page).`);
      keys = ((await res.json()) as { keys: EmulatorKey[] }).keys;
    } catch {
      return skip(`could not reach the emulator at ${emulator}; sandbox keys not added. Start it and run again, or add keys on the API keys page.`);
    }
    const usable = keys.filter((k) => k.merchant_id === DEMO_MERCHANT_ID && k.environment === "sandbox" && !k.revoked && !k.frozen);
    const full = usable.find((k) => k.key.startsWith("sk_sandbox_") && ["Read", "Write", "Trade"].every((s) => k.scopes.includes(s)));
    const pro = usable.find((k) => k.key.startsWith("daya_sk_"));
    if (!full || !pro) return skip("the emulator has no all-scope sandbox key and Pro key for the demo merchant; sandbox keys not added.");

    const secrets = { core: generateWebhookSecret(), pro: generateWebhookSecret() };
    // Register first: if storing then fails, the next run makes new secrets and registers again,
    // so the emulator and the vault never end up with different secrets for long.
    for (const surface of ["core", "pro"] as const) {
      try {
        const res = await fetch(`${emulator}/__emulator/webhook-target`, {
          method: "PUT",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ merchant_id: DEMO_MERCHANT_ID, surface, url: `${app}/api/webhooks/sandbox/${surface}`, secret: secrets[surface] }),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        await res.body?.cancel();
        if (!res.ok) return skip(`the emulator refused the ${surface} webhook target (${res.status}); sandbox keys not added.`);
      } catch {
        return skip(`could not reach the emulator at ${emulator} to register webhooks; sandbox keys not added.`);
      }
    }

    const created = await db.$transaction(async (tx) => {
      // One seeding at a time (dev and test runners may start together); re-check under the lock.
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`vault:seed:${org.id}`}, 0))`;
      if ((await tx.vaultSecret.count({ where: { organizationId: org.id, environment: "sandbox" } })) > 0) return null;
      const records = [
        ...(["core", "coins", "stocks"] as VaultSurface[]).map((surface) => ({ surface, kind: "api_key" as const, value: full.key, scopes: [...full.scopes] })),
        { surface: "pro" as const, kind: "api_key" as const, value: pro.key, scopes: [...pro.scopes] },
        { surface: "core" as const, kind: "webhook_secret" as const, value: secrets.core, scopes: [] },
        { surface: "pro" as const, kind: "webhook_secret" as const, value: secrets.pro, scopes: [] },
      ].map((r) => sealedRecord(ring, { organizationId: org.id, environment: "sandbox", createdById: null, ...r }));
      for (const data of records) await tx.vaultSecret.create({ data });
      await tx.auditLog.create({
        data: {
          organizationId: org.id,
          action: "vault.demo_seeded",
          targetType: "organization",
          targetId: org.id,
          environment: "sandbox",
          after: records.map((r) => ({ surface: r.surface, kind: r.kind, masked: maskSecret(r.prefix, r.last4) })),
        },
      });
      return records.length;
    });
    if (created === null) return { created: false, reason: "already has sandbox keys" };
    print(
      `Demo vault: stored ${created} sandbox keys and webhook secrets for ${DEMO_ORGANIZATION_NAME}, and registered the webhook targets with the emulator.`,
    );
    return { created: true };
  } finally {
    await db.$disconnect();
  }
}
