import { auditExport } from "@/lib/audit/export";
import { exportRoute } from "@/lib/export/route";

export const dynamic = "force-dynamic";

/** The audit log's filtered set as CSV (every matching row, not one page). */
export const GET = exportRoute(auditExport);
