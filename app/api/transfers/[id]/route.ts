import { z } from "zod";
import { defineRoute } from "@/lib/http/route";
import { readTransfer } from "@/lib/transfers/read";

export const dynamic = "force-dynamic";

/** One transfer for the detail page's live refetch. */
export const GET = defineRoute({ permission: "data:read" }, async ({ user, params }) => {
  const id = z.uuid().safeParse(params.id);
  if (!id.success) return Response.json({ error: "This transfer does not exist." }, { status: 404 });
  return readTransfer(user, id.data);
});
