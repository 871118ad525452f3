/**
 * The forms' contract for API keys and webhook secrets, shared by the browser forms and the
 * server actions. No secret handling lives here; the vault itself is `lib/vault/index.ts`.
 */
import { z } from "zod";
import { ENVIRONMENTS, SCOPES, SURFACES, WEBHOOK_SURFACES } from "./values";

// The value lists stay importable from here for the server code that already does.
export * from "./values";

const environment = z.enum(ENVIRONMENTS, { error: "Choose sandbox or production." });
const surface = z.enum(SURFACES, { error: "Choose core, Coins, Stocks or Pro." });
const webhookSurface = z.enum(WEBHOOK_SURFACES, { error: "Choose core or Pro." });

// Keys are pasted: surrounding whitespace and line breaks are copy artefacts, not part of the key.
const apiKey = z
  .string({ error: "Paste the API key." })
  .transform((v) => v.replace(/\s+/g, ""))
  .pipe(
    z
      .string()
      .min(1, { error: "Paste the API key." })
      .max(200, { error: "This is longer than any API key: check you copied only the key." })
      .regex(/^[A-Za-z0-9_]+$/, { error: "API keys contain only letters, digits and underscores: check you copied only the key." }),
  );

const scopes = z
  .array(z.enum(SCOPES, { error: "Scopes are Read, Write and Trade." }), { error: "Tick the scopes the key was issued with." })
  .min(1, { error: "Tick at least one scope the key was issued with." })
  .transform((list) => SCOPES.filter((s) => list.includes(s)));

export const addApiKeySchema = z.object({ environment, surface, scopes, key: apiKey });

export const replaceApiKeySchema = z.object({
  id: z.string().uuid({ error: "Unknown key." }),
  scopes,
  key: apiKey,
});

export const revokeApiKeySchema = z.object({ id: z.string().uuid({ error: "Unknown key." }) });

export const setWebhookSecretSchema = z.object({
  environment,
  surface: webhookSurface,
  secret: z
    .string({ error: "Paste the webhook secret." })
    .transform((v) => v.trim())
    .pipe(
      z
        .string()
        .min(16, { error: "Webhook secrets are at least 16 characters: check you copied all of it." })
        .max(512, { error: "This is longer than any webhook secret: check you copied only the secret." })
        .regex(/^\S+$/, { error: "A webhook secret has no spaces: check you copied only the secret." }),
    ),
});

export const revokeWebhookSecretSchema = z.object({ id: z.string().uuid({ error: "Unknown secret." }) });

export type AddApiKeyInput = z.input<typeof addApiKeySchema>;
export type SetWebhookSecretInput = z.input<typeof setWebhookSecretSchema>;
