import { defineRoute } from "@/lib/http/route";
import { readFundingAccount } from "@/lib/funding-accounts/read";

export const dynamic = "force-dynamic";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One funding account (and its customer) for the detail page's live refetch. */
export const GET = defineRoute({ permission: "data:read" }, async ({ user, params }) => {
  const id = String(params.id ?? "");
  if (!UUID.test(id)) return Response.json({ error: "This funding account does not exist." }, { status: 404 });
  return readFundingAccount(user, id);
});
