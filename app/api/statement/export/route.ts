import { exportRoute } from "@/lib/export/route";
import { statementExport } from "@/lib/statement/export";

export const dynamic = "force-dynamic";

/** The daily statement of the range on screen as CSV, in the user's current environment and time zone. */
export const GET = exportRoute(statementExport);
