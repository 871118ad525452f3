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
  return Prisma.sql`SELECT pg_advisory_xact_lock(hashtextextended(${depositLockKey(organizationId, environment, depositId)}, 0))`;
}

/** The locks of many deposits in one statement, in the order given (callers sort, so two batches never wait on each other in a circle). */
export function lockDepositsSql(keys: readonly string[]): Prisma.Sql {
  return Prisma.sql`SELECT pg_advisory_xact_lock(hashtextextended(k, 0)) FROM unnest(${[...keys]}::text[]) WITH ORDINALITY AS t(k, n)`;
}

/** The lock's name for one deposit of one organization and environment. */
export function depositLockKey(organizationId: string, environment: Environment, depositId: string): string {
  return `review:${organizationId}:${environment}:${depositId}`;
}
