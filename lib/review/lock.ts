import "server-only";
import type { Tx } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Environment } from "@/lib/generated/prisma/enums";

/**
 * The per-deposit review lock, held until the transaction ends. Recording, confirming and
 * rejecting a decision and releasing its credit all take it, so two approvers, two instances, or
 * a confirmation and a webhook about the same deposit queue here instead of racing.
 */
export async function lockDeposit(tx: Tx, organizationId: string, environment: Environment, depositId: string): Promise<void> {
  await tx.$executeRaw(lockDepositSql(organizationId, environment, depositId));
}

/** The lock's statement, for a batched transaction (`db.$transaction([...])`) as well as an interactive one. */
export function lockDepositSql(organizationId: string, environment: Environment, depositId: string): Prisma.Sql {
  const key = `review:${organizationId}:${environment}:${depositId}`;
  return Prisma.sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`;
}
