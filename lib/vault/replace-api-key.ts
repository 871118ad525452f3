"use server";
import { revalidatePath } from "next/cache";
import { ActionError, defineAction } from "@/lib/server-actions/safe-action";
import { db } from "@/lib/db";
import * as vault from "@/lib/vault";
import { checkApiKey } from "@/lib/vault/check";
import { maskSecret, prefixOf } from "@/lib/vault/crypto";
import { holdForApproval } from "@/lib/vault/hold";
import { replaceApiKeySchema } from "@/lib/vault/schemas";

/**
 * Checks the new key, then holds it sealed until a second person approves the swap (or the
 * announced delay passes); when applied, the old key is revoked in the same transaction.
 */
export const replaceApiKey = defineAction(
  { name: "replace-api-key", permission: "keys:manage", input: replaceApiKeySchema },
  async ({ input, user, request }) => {
    const old = await db.vaultSecret.findFirst({
      where: { id: input.id, organizationId: user.organizationId, kind: "api_key", status: { not: "held" } },
      select: { environment: true, surface: true, status: true, last4: true },
    });
    if (!old) throw new ActionError("This key no longer exists. Reload the page.");
    if (old.status !== "active") throw new ActionError("This key was revoked meanwhile. Reload the page and add a new key instead.");
    if (await vault.isStoredValue(user.organizationId, input.id, input.key)) {
      const message = "This is the key already stored here. Paste the new key.";
      throw new ActionError(message, { key: message });
    }

    const check = await checkApiKey({ environment: old.environment, surface: old.surface, key: input.key, scopes: input.scopes });
    if (!check.ok) throw new ActionError(check.reason, { key: check.reason });

    const pending = await holdForApproval({
      user,
      request,
      environment: old.environment,
      surface: old.surface,
      key: input.key,
      scopes: input.scopes,
      replaces: { id: input.id, last4: old.last4 },
    });
    revalidatePath("/settings/api-keys");
    return { ...pending, masked: maskSecret(prefixOf(input.key), input.key.slice(-4)), warning: check.warning };
  },
);
