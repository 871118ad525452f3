import { exportRoute } from "@/lib/export/route";
import { proOrderExport } from "@/lib/pro/export";

export const dynamic = "force-dynamic";

/** The Pro order list as CSV: every row of the filters on screen, from the local copy (not one page). */
export const GET = exportRoute(proOrderExport);
