import { defineRoute } from "@/lib/http/route";
import { readOverview } from "@/lib/balances/overview";

export const dynamic = "force-dynamic";

/**
 * The overview's figures for live refresh. Each figure carries its own error, so the answer is 200
 * even when one source is down; the page shows that figure's sentence and keeps the others.
 */
export const GET = defineRoute({ permission: "data:read" }, ({ user }) => readOverview(user));
