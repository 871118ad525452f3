import { defineRoute } from "@/lib/http/route";
import { readProOrder } from "@/lib/pro/read";

export const dynamic = "force-dynamic";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One order with its trades, for the live status panel and the detail page. */
export const GET = defineRoute({ permission: "data:read" }, async ({ user, params }) => {
  const id = String(params.id ?? "");
  if (!UUID.test(id)) return Response.json({ error: "This order does not exist." }, { status: 404 });
  return readProOrder(user, id);
});
