import { exportRoute } from "@/lib/export/route";
import { fundingAccountExport } from "@/lib/funding-accounts/export";

export const dynamic = "force-dynamic";

/** The funding-account list as CSV: every row of the filters on screen, from the local copy (not one page). */
export const GET = exportRoute(fundingAccountExport);
