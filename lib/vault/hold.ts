import "server-only";
/**
 * Files an API key addition or replacement for a second person's approval, the key sealed in the
 * vault meanwhile (status `held`): the request carries only the held record's id, the slot, the
 * scopes and the last four characters, never the key.
 */
import { requestControlChange, type ControlPending, type ControlRequester } from "@/lib/approvals/controls";
import { db } from "@/lib/db";
import type { RequestContext } from "@/lib/request-context";
import * as vault from "@/lib/vault";
import type { Environment, Scope, Surface } from "./schemas";

export async function holdForApproval(input: {
  user: ControlRequester & { environment: Environment };
  request: RequestContext;
  environment: Environment;
  surface: Surface;
  key: string;
  scopes: readonly Scope[];
  replaces: { id: string; last4: string } | null;
}): Promise<ControlPending> {
  const { user } = input;
  const held = await db.$transaction((tx) =>
    vault.holdApiKey(tx, {
      organizationId: user.organizationId,
      environment: input.environment,
      surface: input.surface,
      key: input.key,
      scopes: input.scopes,
      actorId: user.id,
    }),
  );
  let pending: ControlPending;
  try {
    pending = await requestControlChange({
      kind: "control_api_key",
      payload: {
        heldId: held.id,
        environment: input.environment,
        surface: input.surface,
        scopes: [...input.scopes],
        last4: held.last4,
        replacesId: input.replaces?.id ?? null,
        replacesLast4: input.replaces?.last4 ?? null,
      },
      user,
      environment: user.environment,
      request: input.request,
    });
  } catch (err) {
    await vault.destroyHeldApiKeys(db, user.organizationId, [held.id]);
    throw err;
  }
  // Asked twice for the same change: the request already waiting keeps its own held copy.
  const filed = await db.approvalRequest.findUnique({ where: { id: pending.requestId }, select: { payload: true } });
  if ((filed?.payload as { heldId?: string } | null)?.heldId !== held.id) await vault.destroyHeldApiKeys(db, user.organizationId, [held.id]);
  return pending;
}
