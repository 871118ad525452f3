"use server";
import { revalidatePath } from "next/cache";
import { ActionError, defineAction } from "@/lib/server-actions/safe-action";
import { db } from "@/lib/db";
import { forgetCachedKeys } from "@/lib/upstream/key-provider";
import * as vault from "@/lib/vault";
import { revokeApiKeySchema } from "@/lib/vault/schemas";

/** Stops the app using a key at once. The provider-side key stays valid until revoked there. */
export const revokeApiKey = defineAction({ name: "revoke-api-key", permission: "keys:manage", input: revokeApiKeySchema }, async ({ input, user, audit }) => {
  try {
    const revoked = await db.$transaction(async (tx) => {
      const m = await vault.revokeSecret(tx, { organizationId: user.organizationId, id: input.id, kind: "api_key", actorId: user.id });
      await audit(tx, { action: "vault.api_key_revoked", targetType: "api_key", targetId: m.id, environment: m.environment, before: vault.auditView(m) });
      return m;
    });
    forgetCachedKeys(user.organizationId); // this instance sends the new state at once; others within the cache TTL
    revalidatePath("/settings/api-keys");
    return { id: revoked.id };
  } catch (err) {
    if (err instanceof vault.VaultError) throw new ActionError(err.message);
    throw err;
  }
});
