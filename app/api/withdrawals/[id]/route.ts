import { defineRoute } from "@/lib/http/route";
import { readWithdrawal } from "@/lib/withdrawals/read";

export const dynamic = "force-dynamic";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One withdrawal for the detail page's live refetch. */
export const GET = defineRoute({ permission: "data:read" }, async ({ user, params }) => {
  const id = String(params.id ?? "");
  if (!UUID.test(id)) return Response.json({ error: "This withdrawal does not exist." }, { status: 404 });
  return readWithdrawal(user, id);
});
