import { exportRoute } from "@/lib/export/route";
import { withdrawalExport } from "@/lib/withdrawals/export";

export const dynamic = "force-dynamic";

/** The withdrawal list as CSV: every row of the filters on screen, from the local copy (not one page). */
export const GET = exportRoute(withdrawalExport);
