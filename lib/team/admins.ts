import "server-only";
import type { Tx } from "@/lib/db";
import { ActionError } from "@/lib/server-actions/safe-action";

/**
 * Refuse a change that would leave the organization without an enabled admin. The admins' rows are
 * locked for the transaction, so two admins demoting each other at once cannot both succeed.
 */
export async function assertKeepsAnAdmin(tx: Tx, organizationId: string, losingUserId: string): Promise<void> {
  const admins = await tx.$queryRaw<{ id: string }[]>`
    SELECT id::text FROM users
     WHERE organization_id = ${organizationId}::uuid AND role = 'admin' AND NOT disabled
     FOR UPDATE`;
  if (admins.length <= 1 && admins.some((a) => a.id === losingUserId)) {
    throw new ActionError("This is the last admin. Make someone else an admin first.");
  }
}
