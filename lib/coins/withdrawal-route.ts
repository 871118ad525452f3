/**
 * The GET handler of one Coins withdrawal, polled by its detail page while it is on its way.
 * Both kinds' routes are this handler with their kind.
 */
import "server-only";
import { defineRoute } from "@/lib/http/route";
import { isCoinsId } from "./filters";
import { readWithdrawal } from "./read";
import type { WithdrawalKind } from "./views";

export const withdrawalRoute = (kind: WithdrawalKind) =>
  defineRoute({ permission: "data:read" }, async ({ user, params }) => {
    const id = String(params.id ?? "");
    if (!isCoinsId(id)) return Response.json({ error: "This withdrawal does not exist." }, { status: 404 });
    return readWithdrawal(user, kind, id);
  });
