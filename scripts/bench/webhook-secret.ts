import { randomBytes } from "node:crypto";
import type { PrismaClient } from "../../lib/generated/prisma/client";
import { masterKeyRingFromEnv } from "../../lib/vault/crypto";
import { sealedRecord } from "../../lib/vault/records";

/** A fresh core webhook secret for the organization's sandbox, sealed in its vault under the environment's master key. */
export async function sealWebhookSecret(db: PrismaClient, organizationId: string): Promise<string> {
  const secret = `whsec_bench_${randomBytes(24).toString("hex")}`;
  await db.vaultSecret.create({
    data: sealedRecord(masterKeyRingFromEnv(process.env), {
      organizationId,
      environment: "sandbox",
      surface: "core",
      kind: "webhook_secret",
      value: secret,
      scopes: [],
      createdById: null,
    }),
  });
  return secret;
}
