import { z } from "zod";
import { defineRoute } from "@/lib/http/route";
import { readRate } from "@/lib/funding-accounts/read";

export const dynamic = "force-dynamic";

const query = z.object({
  to: z.enum(["USD", "USDC", "USDT"], { error: "Choose USD, USDC or USDT." }),
  side: z.enum(["BUY", "SELL"], { error: "Choose BUY or SELL." }),
});

/** The provider's current NGN rate for one target and side, with its id and expiry (never cached). */
export const GET = defineRoute({ permission: "data:read", query }, ({ user, query: q }) => readRate(user, q));
