"use server";
import { revalidatePath } from "next/cache";
import { ActionError, defineAction } from "@/lib/actions/safe-action";
import { db } from "@/lib/db";
import { forgetCachedKeys } from "@/lib/upstream/key-provider";
import * as vault from "@/lib/vault";
import { checkApiKey } from "@/lib/vault/check";
import { maskSecret } from "@/lib/vault/crypto";
import { replaceApiKeySchema } from "@/lib/vault/schemas";

/** Checks the new key, then swaps it in: the old key is revoked in the same transaction. */
export const replaceApiKey = defineAction({ name: "replace-api-key", permission: "keys:manage", input: replaceApiKeySchema }, async ({ input, user, audit }) => {
  const old = await db.vaultSecret.findFirst({
    where: { id: input.id, organizationId: user.organizationId, kind: "api_key" },
    select: { environment: true, surface: true, status: true },
  });
  if (!old) throw new ActionError("This key no longer exists. Reload the page.");
  if (old.status !== "active") throw new ActionError("This key was revoked meanwhile. Reload the page and add a new key instead.");

  const check = await checkApiKey({ environment: old.environment, surface: old.surface, key: input.key, scopes: input.scopes });
  if (!check.ok) throw new ActionError(check.reason, { key: check.reason });

  try {
    const { after } = await db.$transaction(async (tx) => {
      const swap = await vault.replaceApiKey(tx, { organizationId: user.organizationId, id: input.id, key: input.key, scopes: input.scopes, actorId: user.id });
      await audit(tx, {
        action: "vault.api_key_replaced",
        targetType: "api_key",
        targetId: swap.after.id,
        environment: swap.after.environment,
        before: { id: swap.before.id, ...vault.auditView(swap.before) },
        after: vault.auditView(swap.after),
      });
      return swap;
    });
    forgetCachedKeys(user.organizationId); // this instance sends the new state at once; others within the cache TTL
    revalidatePath("/settings/api-keys");
    return { id: after.id, masked: maskSecret(after.prefix, after.last4), warning: check.warning };
  } catch (err) {
    if (err instanceof vault.VaultError) throw new ActionError(err.message, err.code === "same_value" ? { key: err.message } : undefined);
    throw err;
  }
});
