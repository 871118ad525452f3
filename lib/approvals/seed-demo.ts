/**
 * Default approval thresholds for the demo organization, so a new machine shows both paths: small
 * amounts go straight through, larger ones wait for an approver. Called by the dev and test
 * orchestration scripts under tsx (no `server-only`, relative imports). Idempotent: a threshold
 * that exists (including one an admin changed) is left alone. Never used against production.
 */
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "../generated/prisma/client";
import { DEMO_ORGANIZATION_NAME } from "../vault/seed-demo";

export const DEMO_THRESHOLDS = [
  { kind: "*", currency: "USD", amount: "1000" },
  { kind: "*", currency: "NGN", amount: "1500000" },
] as const;

export async function seedDemoThresholds(databaseUrl: string): Promise<{ created: number; reason?: string }> {
  const db = new PrismaClient({ adapter: new PrismaPg({ connectionString: databaseUrl }) });
  try {
    const org = await db.organization.findFirst({ where: { name: DEMO_ORGANIZATION_NAME }, orderBy: { createdAt: "asc" } });
    if (!org) return { created: 0, reason: `no "${DEMO_ORGANIZATION_NAME}" organization yet; seed the database first.` };
    return await db.$transaction(async (tx) => {
      const { count } = await tx.approvalThreshold.createMany({
        data: DEMO_THRESHOLDS.map((t) => ({ organizationId: org.id, ...t })),
        skipDuplicates: true,
      });
      if (count > 0) {
        await tx.auditLog.create({
          data: {
            organizationId: org.id,
            action: "approval_threshold.seeded",
            targetType: "organization",
            targetId: org.id,
            after: { thresholds: DEMO_THRESHOLDS.map((t) => ({ ...t })) },
          },
        });
      }
      return { created: count };
    });
  } finally {
    await db.$disconnect();
  }
}
