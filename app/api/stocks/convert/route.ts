import { defineRoute } from "@/lib/http/route";
import { convertSchema } from "@/lib/stocks/prices-query";
import { readConversion } from "@/lib/stocks/read";

export const dynamic = "force-dynamic";

/** Convert mode of the provider's prices: one source unit in the target, and the URL's amount converted. */
export const GET = defineRoute({ permission: "data:read", query: convertSchema }, async ({ user, query }) => {
  if (!query.from || !query.to) {
    const fieldErrors = {
      ...(query.from ? {} : { from: "Choose the asset to convert from." }),
      ...(query.to ? {} : { to: "Choose the asset to convert to." }),
    };
    return Response.json({ error: "Some filters need attention.", fieldErrors }, { status: 400, headers: { "Cache-Control": "no-store" } });
  }
  return readConversion(user, { from: query.from, to: query.to, amount: query.amount });
});
