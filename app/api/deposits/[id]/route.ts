import { z } from "zod";
import { defineRoute } from "@/lib/http/route";
import { decisionsForDeposit } from "@/lib/review/decisions";
import { upstreamFor } from "@/lib/upstream";

export const dynamic = "force-dynamic";

const idSchema = z.string().min(1).max(100);

/** One deposit as the provider shows it, with the team's review decisions about it. */
export const GET = defineRoute({ permission: "data:read" }, async ({ user, params }) => {
  const id = idSchema.safeParse(params.id);
  if (!id.success) return Response.json({ error: "This is not a deposit id." }, { status: 400 });
  const r = await upstreamFor(user).core.getDeposit(id.data);
  const decisions = await decisionsForDeposit(user.organizationId, user.environment, id.data, String(r.data.status));
  return { deposit: r.data, decisions, fetchedAt: r.fetchedAt.toISOString(), stale: r.stale };
});
