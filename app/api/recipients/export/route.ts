import { exportRoute } from "@/lib/export/route";
import { recipientExport } from "@/lib/recipients/export";

export const dynamic = "force-dynamic";

/** The recipient list as CSV: every row of the filters on screen, from the local copy (not one page). */
export const GET = exportRoute(recipientExport);
