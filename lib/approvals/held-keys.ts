/**
 * API keys held in the vault while their addition waits for approval (control_api_key): once the
 * request can no longer apply them (rejected, cancelled, expired, or refused when applied), the
 * sealed value is deleted. Called after each of those, so nothing waits for a background job.
 */
import "server-only";
import { db } from "@/lib/db";
import { destroyHeldApiKeys } from "@/lib/vault";

/** A held key nobody filed a request for (the requester's call failed in between) goes after this long. */
const UNFILED_GRACE_MS = 10 * 60 * 1000;
/** Statuses from which the request may still apply its key. */
const LIVE = new Set(["pending", "approved"]);

export async function destroyDeadHeldKeys(organizationId: string, now: Date = new Date()): Promise<number> {
  const held = await db.vaultSecret.findMany({ where: { organizationId, kind: "api_key", status: "held" }, select: { id: true, createdAt: true } });
  if (held.length === 0) return 0;
  const dead: string[] = [];
  for (const h of held) {
    const req = await db.approvalRequest.findFirst({
      where: { organizationId, kind: "control_api_key", payload: { path: ["heldId"], equals: h.id } },
      select: { status: true, result: true },
    });
    const retryable = req?.status === "failed" && (req.result as { retryable?: boolean } | null)?.retryable === true;
    if (req ? !LIVE.has(req.status) && !retryable : now.getTime() - h.createdAt.getTime() > UNFILED_GRACE_MS) dead.push(h.id);
  }
  return destroyHeldApiKeys(db, organizationId, dead);
}
