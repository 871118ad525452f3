/**
 * Demo thresholds on their own database (they look the demo organization up by name, which other
 * test files must not see): created once, never overwriting a limit an admin changed.
 */
import { PrismaPg } from "@prisma/adapter-pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoThresholds } from "@/lib/approvals/seed-demo";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { seed } from "@/prisma/seed";
import { createScratchDatabase, type ScratchDatabase } from "@/test/scratch-db";

let scratch: ScratchDatabase | undefined;
let url: string;
let db: PrismaClient;

beforeAll(async () => {
  scratch = await createScratchDatabase("seed_thresholds");
  url = scratch.url;
  db = new PrismaClient({ adapter: new PrismaPg({ connectionString: url }) });
});

afterAll(async () => {
  await db?.$disconnect();
  await scratch?.drop();
});

describe("seedDemoThresholds", () => {
  it("does nothing before the demo organization exists", async () => {
    expect(await seedDemoThresholds(url)).toEqual({ created: 0, reason: expect.stringMatching(/seed the database first/) });
  });

  it("sets USD 1,000 and NGN 1,500,000 for every kind once, audited, and keeps an admin's later change", async () => {
    await seed(url);
    expect(await seedDemoThresholds(url)).toEqual({ created: 2 });
    const rows = await db.approvalThreshold.findMany({ orderBy: { currency: "asc" } });
    expect(rows.map((r) => [r.kind, r.currency, r.amount.toFixed()])).toEqual([
      ["*", "NGN", "1500000"],
      ["*", "USD", "1000"],
    ]);
    expect(await db.auditLog.count({ where: { action: "approval_threshold.seeded" } })).toBe(1);

    await db.approvalThreshold.updateMany({ where: { currency: "USD" }, data: { amount: "250" } });
    expect(await seedDemoThresholds(url)).toEqual({ created: 0 });
    expect((await db.approvalThreshold.findFirstOrThrow({ where: { currency: "USD" } })).amount.toFixed()).toBe("250");
    expect(await db.auditLog.count({ where: { action: "approval_threshold.seeded" } })).toBe(1);
  });
});
