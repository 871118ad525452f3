import { exportRoute } from "@/lib/export/route";
import { eventsExport } from "@/lib/webhooks/export";

export const dynamic = "force-dynamic";

/** The event log's filtered set as CSV (every matching row, not one page), in the user's current environment. */
export const GET = exportRoute(eventsExport);
