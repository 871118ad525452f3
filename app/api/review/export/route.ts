import { exportRoute } from "@/lib/export/route";
import { decisionsExport } from "@/lib/review/export";

export const dynamic = "force-dynamic";

/** Every review decision of the filtered set (not one page) as CSV, in the user's current environment. */
export const GET = exportRoute(decisionsExport);
