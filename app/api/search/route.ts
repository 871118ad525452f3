import { z } from "zod";
import { defineRoute } from "@/lib/http/route";
import { searchCopy } from "@/lib/ledger/search";
import { readableKinds, SEARCH_KIND_NAMES, SEARCH_MAX_LENGTH, type SearchAnswer } from "@/lib/ledger/search-kinds";

export const dynamic = "force-dynamic";

const query = z.object({
  q: z.string().trim().max(SEARCH_MAX_LENGTH).default(""),
  kind: z.enum(SEARCH_KIND_NAMES as [string, ...string[]]).optional(),
  limit: z.coerce.number().int().min(1).max(20).optional(),
});

/**
 * Objects of the local copy matching `q`, in the user's organization and current environment,
 * grouped by kind: only the kinds the user's role may read (and only `kind` when given). The
 * palette asks for a few of each kind; a list's box for more of its own.
 */
export const GET = defineRoute({ permission: "data:read", query }, async ({ user, query: { q, kind, limit } }): Promise<SearchAnswer> => {
  const readable = readableKinds(user.role, kind);
  const groups = await searchCopy({ organizationId: user.organizationId, environment: user.environment }, q, {
    kinds: readable,
    limit: limit ?? (kind ? 10 : 5),
  });
  return { query: q, groups };
});
