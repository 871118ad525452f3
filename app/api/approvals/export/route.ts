import { approvalsExport } from "@/lib/approvals/export";
import { exportRoute } from "@/lib/export/route";

export const dynamic = "force-dynamic";

/** The approvals history's filtered set as CSV (every matching request, not one page), in the user's current environment. */
export const GET = exportRoute(approvalsExport);
