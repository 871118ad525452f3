"use server";
import { revalidatePath } from "next/cache";
import { ActionError, defineAction } from "@/lib/actions/safe-action";
import { db } from "@/lib/db";
import { forgetCachedKeys } from "@/lib/upstream/key-provider";
import * as vault from "@/lib/vault";
import { checkApiKey } from "@/lib/vault/check";
import { maskSecret } from "@/lib/vault/crypto";
import { addApiKeySchema } from "@/lib/vault/schemas";

/** Checks a key with the provider, then stores it encrypted in an empty slot. Returns only its mask. */
export const addApiKey = defineAction({ name: "add-api-key", permission: "keys:manage", input: addApiKeySchema }, async ({ input, user, audit }) => {
  // Refuse a taken slot before spending a provider call; the vault checks again under its lock.
  const existing = await db.vaultSecret.count({
    where: { organizationId: user.organizationId, environment: input.environment, surface: input.surface, kind: "api_key", status: "active" },
  });
  if (existing > 0) throw new ActionError("This surface already has an active key in this environment. Use Replace to swap it, or revoke it first.");

  const check = await checkApiKey(input);
  if (!check.ok) throw new ActionError(check.reason, { key: check.reason });

  try {
    const stored = await db.$transaction(async (tx) => {
      const m = await vault.addApiKey(tx, { organizationId: user.organizationId, environment: input.environment, surface: input.surface, key: input.key, scopes: input.scopes, actorId: user.id });
      await audit(tx, { action: "vault.api_key_added", targetType: "api_key", targetId: m.id, environment: m.environment, after: vault.auditView(m) });
      return m;
    });
    forgetCachedKeys(user.organizationId); // this instance sends the new state at once; others within the cache TTL
    revalidatePath("/settings/api-keys");
    return { id: stored.id, masked: maskSecret(stored.prefix, stored.last4), warning: check.warning };
  } catch (err) {
    if (err instanceof vault.VaultError) throw new ActionError(err.message);
    throw err;
  }
});
