import { exportRoute } from "@/lib/export/route";
import { transferExport } from "@/lib/transfers/export";

export const dynamic = "force-dynamic";

/** The transfer list as CSV: every row of the filters on screen, from the local copy (not one page). */
export const GET = exportRoute(transferExport);
