import { defineRoute } from "@/lib/http/route";
import { ensureOutboundWorker } from "@/lib/review/outbound";
import { loadQueue } from "@/lib/review/queue";

export const dynamic = "force-dynamic";

/** The review queue (every deposit in REQUIRES_REVIEW, oldest first) for client refetches. */
export const GET = defineRoute({ permission: "data:read" }, async ({ user }) => {
  ensureOutboundWorker();
  return loadQueue(user);
});
