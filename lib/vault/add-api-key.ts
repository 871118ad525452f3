"use server";
import { revalidatePath } from "next/cache";
import { ActionError, defineAction } from "@/lib/server-actions/safe-action";
import { db } from "@/lib/db";
import { holdForApproval } from "@/lib/vault/hold";
import { checkApiKey } from "@/lib/vault/check";
import { maskSecret, prefixOf } from "@/lib/vault/crypto";
import { addApiKeySchema } from "@/lib/vault/schemas";

/**
 * Checks a key with the provider, then holds it sealed in the vault until a second person approves
 * (or the announced delay passes): whoever holds a key acts as the merchant at the provider, so one
 * admin alone does not add one (lib/approvals/controls.ts). Returns only its mask.
 */
export const addApiKey = defineAction({ name: "add-api-key", permission: "keys:manage", input: addApiKeySchema }, async ({ input, user, request }) => {
  // Refuse a taken slot before spending a provider call; the vault checks again under its lock when applied.
  const existing = await db.vaultSecret.count({
    where: { organizationId: user.organizationId, environment: input.environment, surface: input.surface, kind: "api_key", status: "active" },
  });
  if (existing > 0) throw new ActionError("This surface already has an active key in this environment. Use Replace to swap it, or revoke it first.");

  const check = await checkApiKey(input);
  if (!check.ok) throw new ActionError(check.reason, { key: check.reason });

  const pending = await holdForApproval({
    user,
    request,
    environment: input.environment,
    surface: input.surface,
    key: input.key,
    scopes: input.scopes,
    replaces: null,
  });
  revalidatePath("/settings/api-keys");
  return { ...pending, masked: maskSecret(prefixOf(input.key), input.key.slice(-4)), warning: check.warning };
});
