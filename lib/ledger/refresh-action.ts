"use server";
import { z } from "zod";
import { enqueue } from "@/lib/jobs/queue";
import { ActionError, defineAction } from "@/lib/server-actions/safe-action";
import { defaultUpstreamClient } from "@/lib/upstream";
import { budgetSentence } from "@/lib/upstream/errors";
import { requestRefresh } from "./freshness";
import { LEDGER_FETCH, type LedgerFetchData } from "./job-names";
import { kindDef } from "./kinds";

const refreshSyncedSchema = z.object({
  kind: z.string().min(1).max(64),
  /** One object's provider id (a detail page); absent for a list. */
  id: z.string().min(1).max(200).optional(),
});

/**
 * "Refresh" on a page: asks the provider now for the list (a sweep) or the one object (a fetch by
 * id) the page shows, when its key's budget has room. Reading is all it does, so anyone who may see
 * the page may ask; the answer reaches the page through the live stream when something changed.
 */
export const refreshSynced = defineAction({ name: "ledger.refresh", permission: "data:read", input: refreshSyncedSchema }, async ({ input, user }) => {
  const def = kindDef(input.kind);
  if (!def) throw new ActionError("This page's data cannot be refreshed from the provider.");
  const scope = { organizationId: user.organizationId, environment: user.environment };
  if (!input.id) {
    const answer = await requestRefresh(scope, input.kind);
    if (!answer.ok) throw new ActionError(answer.message);
    return { asked: true };
  }
  if (!def.get) throw new ActionError("This record cannot be read from the provider on its own; refresh its list instead.");
  const room = await defaultUpstreamClient().budgetRoom(scope, def.surface, "watched");
  if (room === null) throw new ActionError("No API key is set for this record's provider surface. An admin can add one under Settings → API keys.");
  if (!room.allowed) throw new ActionError(budgetSentence(room.retryAfterMs / 1000));
  await enqueue(LEDGER_FETCH, { ...scope, kind: input.kind, id: input.id } satisfies LedgerFetchData);
  return { asked: true };
});
