import { z } from "zod";
import { defineRoute } from "@/lib/http/route";
import { readMoves } from "@/lib/balances/read";

export const dynamic = "force-dynamic";

const query = z.object({
  page: z.coerce.number().int().min(1, { error: "Page must be 1 or more." }).max(10_000).default(1),
});

/** One page of moves from the collection to the withdrawal balance, newest first. */
export const GET = defineRoute({ permission: "data:read", query }, ({ user, query }) => readMoves(user, query.page));
