import { z } from "zod";
import { defineRoute } from "@/lib/http/route";
import { readBalances } from "@/lib/balances/read";

export const dynamic = "force-dynamic";

/** `fresh=1` right after a move: ask the provider instead of the 10-second read cache. */
const query = z.object({ fresh: z.literal("1").optional() });

/** The three merchant balances in the user's environment, with how fresh they are. */
export const GET = defineRoute({ permission: "data:read", query }, ({ user, query }) => readBalances(user, undefined, { fresh: query.fresh === "1" }));
