import { z } from "zod";
import { AuthorizationError } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { liveHub } from "@/lib/live/hub";
import { type ReplayCursor, replaySince } from "@/lib/live/replay";
import { createLiveStream } from "@/lib/live/stream";
import { defineRoute } from "@/lib/http/route";
import { log } from "@/lib/log";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/**
 * Server-sent events: every change to what this user may see, in their organization and current
 * environment, as it is stored. The page invalidates the affected queries on each message.
 */
const query = z.object({
  lastEventId: z.string().min(1).max(200, { error: "This is not an event id." }).optional(),
  // Not a time, or too old, makes the stream ask the page to refresh everything (see replay.ts).
  since: z.string().max(64, { error: "Use an ISO date and time, e.g. 2026-01-31T12:00:00Z." }).optional(),
});

// The stream drives data pages, so it needs what reading those pages needs.
export const GET = defineRoute({ permission: "data:read", query }, async ({ user, request, requestId, query: q }) => {
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
  const lastEventId = request.headers.get("last-event-id") ?? q.lastEventId;
  const cursor: ReplayCursor | null = lastEventId ? { lastEventId: lastEventId.slice(0, 200) } : q.since ? { since: new Date(q.since) } : null;
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
});
