import crypto from "node:crypto";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import type { Role } from "@/lib/auth/permissions";

let client: PrismaClient | undefined;
/** A direct client for arranging and checking data (the app's own `db` is used by the code under test). */
export function testDb(): PrismaClient {
  client ??= new PrismaClient({ adapter: new PrismaPg({ connectionString: process.env.DATABASE_URL! }) });
  return client;
}

/** A fresh organization with one user per role, so test files never see each other's data. */
export async function createTeam(passwordHash: string | null = null) {
  const db = testDb();
  const tag = crypto.randomBytes(4).toString("hex");
  const org = await db.organization.create({ data: { name: `Test org ${tag}` } });
  const make = (role: Role) =>
    db.user.create({ data: { organizationId: org.id, email: `${role}-${tag}@test.example`, name: `${role} ${tag}`, role, passwordHash } });
  const [viewer, operator, approver, admin] = await Promise.all(["viewer", "operator", "approver", "admin"].map((r) => make(r as Role)));
  return { org, viewer, operator, approver, admin, tag };
}

/**
 * A client address no other test uses: the documentation range 2001:db8::/32 with 64 random bits.
 * It must be a real address: the app keeps only what parses as one (lib/request-context.ts).
 */
export function uniqueTestIp(): string {
  const h = crypto.randomBytes(8).toString("hex").match(/.{4}/g)!;
  return `2001:db8:${h.join(":")}::1`;
}
