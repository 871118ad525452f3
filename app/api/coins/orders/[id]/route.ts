import { readOrder } from "@/lib/coins/read";
import { defineRoute } from "@/lib/http/route";

export const dynamic = "force-dynamic";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One Coins order, polled by its detail page while it is pending. */
export const GET = defineRoute({ permission: "data:read" }, async ({ user, params }) => {
  const id = String(params.id ?? "");
  if (!UUID.test(id)) return Response.json({ error: "This order does not exist." }, { status: 404 });
  return readOrder(user, id);
});
