import { defineRoute } from "@/lib/http/route";
import { readAccountDeposits } from "@/lib/funding-accounts/read";

export const dynamic = "force-dynamic";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The deposits of one funding account, newest first, for the detail page's live refetch. */
export const GET = defineRoute({ permission: "data:read" }, async ({ user, params }) => {
  const id = String(params.id ?? "");
  if (!UUID.test(id)) return Response.json({ error: "This funding account does not exist." }, { status: 404 });
  return readAccountDeposits(user, id);
});
