/**
 * The recipient list's filters as they live in the URL (shared by the page, the toolbar and the GET
 * route). Client-safe. An unknown value in a shared link is dropped, never an error page.
 */
import { z } from "zod";
import { RECIPIENT_TYPES } from "./schema";

export const PAGE_SIZE = 20;

export const recipientFiltersSchema = z.object({
  type: z.enum(RECIPIENT_TYPES).optional().catch(undefined),
  /** A name fragment, or the last four digits of an account (or characters of an address). */
  q: z
    .string()
    .trim()
    .max(100)
    .catch("")
    .transform((v) => v || undefined)
    .optional(),
  page: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
});
export type RecipientFilters = z.output<typeof recipientFiltersSchema>;

export function parseRecipientFilters(raw: Record<string, string | string[] | undefined>): RecipientFilters {
  return recipientFiltersSchema.parse(Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v])));
}
