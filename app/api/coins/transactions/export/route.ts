import { exportRoute } from "@/lib/export/route";
import { coinsTransactionExport } from "@/lib/coins/export";

export const dynamic = "force-dynamic";

/** The Coins transaction list as CSV: every row of the filters on screen, from the local copy (not one page). */
export const GET = exportRoute(coinsTransactionExport);
