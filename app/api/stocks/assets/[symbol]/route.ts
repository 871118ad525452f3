import { defineRoute } from "@/lib/http/route";
import { SYMBOL_PATTERN } from "@/lib/stocks/prices-query";
import { readAsset } from "@/lib/stocks/read";

export const dynamic = "force-dynamic";

/** One asset for the detail page's polling (price, 24 h change, market status). */
export const GET = defineRoute({ permission: "data:read" }, async ({ user, params }) => {
  const symbol = String(params.symbol ?? "");
  if (!SYMBOL_PATTERN.test(symbol)) return Response.json({ error: "This asset does not exist." }, { status: 404, headers: { "Cache-Control": "no-store" } });
  return readAsset(user, symbol.toUpperCase());
});
