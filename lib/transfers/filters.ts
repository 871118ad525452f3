/**
 * The transfer list's filters as they live in the URL (shared by the page, the toolbar and the GET
 * route). Client-safe. An unknown value in a shared link is dropped, never an error page.
 */
import { z } from "zod";
import { TRANSFER_STATUSES } from "@/lib/upstream/schemas/core";

export const PAGE_SIZE = 20;

export const transferFiltersSchema = z.object({
  status: z.enum(TRANSFER_STATUSES).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).optional().default(1).catch(1),
});
export type TransferFilters = z.output<typeof transferFiltersSchema>;

export function parseTransferFilters(raw: Record<string, string | string[] | undefined>): TransferFilters {
  return transferFiltersSchema.parse({ status: [raw.status].flat()[0], page: [raw.page].flat()[0] });
}
