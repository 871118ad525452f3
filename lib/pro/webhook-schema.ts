/**
 * The Pro webhook forms' rules, shared by the forms and the server actions. Client-safe. URLs must
 * be HTTPS (spec); events are the spec's eight Pro event names.
 */
import { z } from "zod";
import { withAttemptKey } from "@/lib/upstream/attempt";
import { PRO_EVENTS } from "@/lib/upstream/schemas/pro-values";

export { PRO_EVENTS };
/** The provider's limit per account (docs). */
export const MAX_PRO_WEBHOOKS = 5;

export const EVENT_HELP: Record<(typeof PRO_EVENTS)[number], string> = {
  "order.created": "an order was accepted",
  "order.filled": "an order traded in full",
  "order.partially_filled": "part of an order traded",
  "order.cancelled": "an order was cancelled",
  "order.rejected": "an order was refused",
  "trade.executed": "each single fill",
  "deposit.completed": "an NGN deposit was credited",
  "crypto.deposit.completed": "a stablecoin deposit was credited",
};

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
