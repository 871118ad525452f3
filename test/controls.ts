/**
 * For tests whose subject is not dual control itself but that need a loosened control in place
 * (a webhook address, an API key): ask as the signed-in admin, then approve as a second person,
 * through the same actions and inbox a team uses. The dual control itself is tested in
 * lib/approvals/*.security.test.ts.
 */
import { approveRequest } from "@/lib/approvals/approve-request";
import type { ActionResult } from "@/lib/server-actions/safe-action";
import { testDb } from "@/test/factories";
import { signInAs, testSession } from "@/test/session";

/** What the applied change answered, merged into the action's answer: an added or replaced API key's id (other kinds have none). */
export type Applied = { id: string };

/**
 * Run `call` as the current user; when it answers with a change waiting for approval, approve it
 * as `approver` (then sign the caller back in) and fail loudly unless it applied.
 */
export async function approvedBy<T extends object>(approver: { id: string }, call: () => Promise<ActionResult<T>>): Promise<ActionResult<T & Applied>> {
  const r = await call();
  if (!r.ok || !("status" in r.data) || r.data.status !== "pending_approval") return r as ActionResult<T & Applied>;
  const requestId = (r.data as unknown as { requestId: string }).requestId;
  const caller = testSession.token;
  signInAs(await testDb().user.findUniqueOrThrow({ where: { id: approver.id } }));
  try {
    const approved = await approveRequest({ requestId });
    if (!approved.ok || approved.data.status !== "sent") throw new Error(`the second person's approval did not apply: ${JSON.stringify(approved)}`);
  } finally {
    testSession.token = caller;
  }
  const row = await testDb().approvalRequest.findUniqueOrThrow({ where: { id: requestId } });
  const response = ((row.result as { response?: Record<string, unknown> } | null)?.response ?? {}) as Record<string, unknown>;
  const applied = typeof response.keyId === "string" ? { id: response.keyId } : {};
  return { ok: true, data: { ...r.data, ...applied } as T & Applied };
}
