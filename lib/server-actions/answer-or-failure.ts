/**
 * A server action called from the browser can fail before it answers: the connection drops, the
 * server restarts during a deploy, or it refuses the request (a body over the size limit). The call
 * then throws, and a throw inside a transition would replace the page with the error boundary and
 * lose what the person typed. Every call goes through `answerOrFailure` (the action's answer, or a failure when none came), which turns that into a failure the
 * form shows beside its fields. Retrying is safe: writes carry their attempt key, so a write that
 * did go through is answered from the ledger rather than sent twice.
 */
import type { ActionResult } from "@/lib/server-actions/safe-action";

export const NO_ANSWER =
  "Your request got no answer: the connection dropped or the server refused it. What you entered is still here; check your connection and try again.";

export async function answerOrFailure<T>(call: Promise<ActionResult<T>>): Promise<ActionResult<T>> {
  try {
    return await call;
  } catch {
    return { ok: false, error: NO_ANSWER };
  }
}
