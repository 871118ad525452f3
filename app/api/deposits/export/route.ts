import { exportRoute } from "@/lib/export/route";
import { depositExport } from "@/lib/review/deposit-export";

export const dynamic = "force-dynamic";

/** The deposit list as CSV: every row of the filters on screen, from the local copy (not one page). */
export const GET = exportRoute(depositExport);
