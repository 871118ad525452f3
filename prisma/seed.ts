/**
 * The demo organization with one user per role, created once on an empty database. Used by
 * `npm run dev` and the test run; never by production deploys.
 */
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "../lib/generated/prisma/client";
import { hashPassword } from "../lib/auth/password";

export const DEMO_PASSWORD = "merchant-ops-demo";
export const DEMO_USERS = [
  { email: "admin@demo.test", name: "Ada Admin", role: "admin" },
  { email: "approver@demo.test", name: "Abe Approver", role: "approver" },
  { email: "operator@demo.test", name: "Olu Operator", role: "operator" },
  { email: "viewer@demo.test", name: "Vic Viewer", role: "viewer" },
] as const;

export async function seed(databaseUrl: string): Promise<{ created: boolean }> {
  const db = new PrismaClient({ adapter: new PrismaPg({ connectionString: databaseUrl }) });
  try {
    if ((await db.organization.count()) > 0) return { created: false };
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    await db.$transaction(async (tx) => {
      const org = await tx.organization.create({ data: { name: "Demo Merchant Ltd" } });
      for (const u of DEMO_USERS) {
        await tx.user.create({ data: { organizationId: org.id, email: u.email, name: u.name, role: u.role, passwordHash } });
      }
      await tx.auditLog.create({
        data: { organizationId: org.id, action: "org.seeded", targetType: "organization", targetId: org.id, after: { users: DEMO_USERS.length } },
      });
    });
    return { created: true };
  } finally {
    await db.$disconnect();
  }
}

if (require.main === module) {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error("DATABASE_URL is missing: set it to the PostgreSQL URL to seed.");
    process.exit(2);
  }
  seed(url).then(
    (r) => console.log(r.created ? "Seeded the demo organization." : "Already seeded: nothing to do."),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
