import { z } from "zod";
import { defineRoute } from "@/lib/http/route";
import { decisionsForDeposit } from "@/lib/review/decisions";
import { objectFromCopy } from "@/lib/ledger/page-read";
import type { Deposit } from "@/lib/upstream/schemas/core";

export const dynamic = "force-dynamic";

const idSchema = z.string().min(1).max(100);

/** One deposit from the local copy (fetched once when the copy has not seen it), with the team's review decisions about it. */
export const GET = defineRoute({ permission: "data:read" }, async ({ user, params }) => {
  const id = idSchema.safeParse(params.id);
  if (!id.success) return Response.json({ error: "This is not a deposit id." }, { status: 400 });
  const r = await objectFromCopy<Deposit>(user, "deposit", id.data);
  const decisions = await decisionsForDeposit(user.organizationId, user.environment, id.data, String(r.data.status));
  return { deposit: r.data, decisions, fetchedAt: r.synced.syncedAt ?? new Date().toISOString(), stale: false, synced: r.synced };
});
