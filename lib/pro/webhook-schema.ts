/**
 * The Pro webhook forms' rules, shared by the forms and the server actions. Client-safe. URLs must
 * be HTTPS (spec); events are the spec's eight Pro event names.
 */
import { z } from "zod";
import { withAttemptKey } from "@/lib/upstream/attempt";
import { PRO_EVENTS } from "./webhook-values";

// The value lists stay importable from here for the server code that already does.
export * from "./webhook-values";

const url = z
  .string({ error: "Enter the HTTPS address that receives the events." })
  .trim()
  .min(1, { error: "Enter the HTTPS address that receives the events." })
  .max(2048, { error: "This address is too long." })
  .refine(
    (v) => {
      try {
        const u = new URL(v);
        return u.protocol === "https:" && u.hostname !== "" && !u.username && !u.password;
      } catch {
        return false;
      }
    },
    { error: "Enter a full HTTPS address, for example https://ops.example.com/hooks/pro. Plain http is refused." },
  );
const events = z
  .array(z.enum(PRO_EVENTS, { error: "Choose events from the list." }), { error: "Choose at least one event." })
  .min(1, { error: "Choose at least one event." })
  .transform((list) => PRO_EVENTS.filter((e) => list.includes(e)));
const description = z
  .string()
  .trim()
  .max(200, { error: "Keep the description under 200 characters." })
  .optional()
  .transform((v) => v ?? "");

export const webhookFormSchema = z.object({ url, events, description });
export type WebhookFormValues = z.input<typeof webhookFormSchema>;

export const createWebhookSchema = withAttemptKey({ url, events, description });
export const updateWebhookSchema = withAttemptKey({ id: z.uuid({ error: "Unknown webhook." }), url, events, description });
export const webhookIdSchema = withAttemptKey({ id: z.uuid({ error: "Unknown webhook." }) });

/** Creation and rotation answer the secret once, for the admin to copy; it is already in the vault. */
export interface WebhookSecretResult {
  id: string;
  secret: string | null;
  /** Masked form of what the vault now holds for Pro webhook intake. */
  stored: string | null;
}
