/**
 * `npm run admin:invite -- <email> "<name>" ["<organization name>"]`: the first admin of a
 * production deployment (or a new one when every admin is locked out). Creates the organization if
 * there is none, creates or promotes the user, and prints a one-time link to set the password.
 */
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "../lib/generated/prisma/client";
import { issueInvite } from "../lib/team/invites";

async function main() {
  const [email, name, orgName] = process.argv.slice(2);
  const url = process.env.DATABASE_URL;
  const appUrl = process.env.APP_URL ?? "http://localhost:3000";
  if (!url) throw new Error("DATABASE_URL is missing: set it to the app's PostgreSQL URL.");
  if (!email || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email) || !name) {
    throw new Error('Usage: npm run admin:invite -- admin@company.com "Full Name" ["Company Ltd"]');
  }
  const db = new PrismaClient({ adapter: new PrismaPg({ connectionString: url }) });
  try {
    const link = await db.$transaction(async (tx) => {
      const org = (await tx.organization.findFirst()) ?? (await tx.organization.create({ data: { name: orgName ?? "My organization" } }));
      const user = await tx.user.upsert({
        where: { email: email.toLowerCase() },
        create: { organizationId: org.id, email: email.toLowerCase(), name, role: "admin" },
        update: { role: "admin", disabled: false, sessionVersion: { increment: 1 } },
      });
      const invite = await issueInvite(tx, { organizationId: org.id, userId: user.id, createdById: user.id, appUrl });
      await tx.auditLog.create({
        data: { organizationId: org.id, action: "team.admin_invited_from_console", targetType: "user", targetId: user.id, after: { email: user.email } },
      });
      return invite;
    });
    console.log(`Open this link before ${link.expiresAt} to set the password:\n${link.url}`);
  } finally {
    await db.$disconnect();
  }
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
