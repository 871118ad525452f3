import { AuthorizationError, authorize } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { liveHub } from "@/lib/live/hub";
import { type ReplayCursor, replaySince } from "@/lib/live/replay";
import { createLiveStream } from "@/lib/live/stream";
import { log } from "@/lib/log";
import { requestContext } from "@/lib/request-context";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/**
 * Server-sent events: every change to what this user may see, in their organization and current
 * environment, as it is stored. The page invalidates the affected queries on each message.
 */
export async function GET(request: Request) {
  const { requestId } = await requestContext();
  try {
    // The stream drives data pages, so it needs what reading those pages needs.
    const user = await authorize("data:read");
    // The session version at open, so a later disable, role or password change ends the stream.
    const row = await db.user.findUnique({ where: { id: user.id }, select: { sessionVersion: true } });
    if (!row) throw new AuthorizationError(401, "Your session has ended. Sign in again.");
    const hub = liveHub();
    try {
      // A stream opened before LISTEN is in place would look live while hearing nothing.
      await hub.ready(3_000);
    } catch {
      log.warn({ requestId }, "live stream refused: the listener has no database connection");
      return Response.json(
        { error: "Live updates are unavailable right now. The page keeps updating every few seconds and reconnects by itself." },
        { status: 503 },
      );
    }
    const scope = { organizationId: user.organizationId, environment: user.environment };
    const url = new URL(request.url);
    const lastEventId = request.headers.get("last-event-id") ?? url.searchParams.get("lastEventId");
    const since = url.searchParams.get("since");
    const cursor: ReplayCursor | null = lastEventId ? { lastEventId } : since ? { since: new Date(since) } : null;

    const stream = createLiveStream({
      listener: hub,
      scope,
      replay: cursor ? () => replaySince(db, scope, cursor) : null,
      stillAllowed: async () => {
        const now = await db.user.findUnique({
          where: { id: user.id },
          select: { disabled: true, sessionVersion: true, role: true, organizationId: true, environment: true },
        });
        // A changed environment ends this stream too: the browser reconnects and gets the new one.
        return (
          !!now &&
          !now.disabled &&
          now.sessionVersion === row.sessionVersion &&
          now.role === user.role &&
          now.organizationId === scope.organizationId &&
          now.environment === scope.environment
        );
      },
      signal: request.signal,
    });
    return new Response(stream, {
      headers: {
        "Content-Type": "text/event-stream; charset=utf-8",
        // no-transform keeps compression from buffering the stream; proxies must not cache or hold it.
        "Cache-Control": "no-cache, no-store, no-transform",
        Connection: "keep-alive",
        "X-Accel-Buffering": "no",
      },
    });
  } catch (err) {
    if (err instanceof AuthorizationError) return Response.json({ error: err.message }, { status: err.status });
    log.error({ err, requestId }, "live stream failed to open");
    return Response.json(
      { error: `Live updates could not start. The page keeps updating every few seconds. Reference: ${requestId}.` },
      { status: 500 },
    );
  }
}
