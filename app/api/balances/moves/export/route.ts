import { exportRoute } from "@/lib/export/route";
import { balanceMoveExport } from "@/lib/balances/export";

export const dynamic = "force-dynamic";

/** The balance moves as CSV: every row of the filters on screen, from the local copy (not one page). */
export const GET = exportRoute(balanceMoveExport);
