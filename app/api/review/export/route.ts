import { z } from "zod";
import { defineRoute } from "@/lib/http/route";
import { DECISION_CSV_COLUMNS, decisionCsvRows, decisionFiltersStatus } from "@/lib/review/decisions";
import { csvLine } from "@/lib/review/csv";

export const dynamic = "force-dynamic";

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Use a date like 2026-01-31." });
const query = z.object({
  status: z.enum(decisionFiltersStatus, { error: "Unknown decision status." }).optional(),
  from: day.optional(),
  to: day.optional(),
  deposit: z.string().max(100).optional(),
});

/** Every review decision of the filtered set (not one page) as CSV, in the user's current environment. */
export const GET = defineRoute({ permission: "data:read", query }, async ({ user, query: f }) => {
  const rows = await decisionCsvRows(user.organizationId, user.environment, {
    status: f.status,
    depositId: f.deposit,
    from: f.from ? new Date(`${f.from}T00:00:00.000Z`) : undefined,
    to: f.to ? new Date(`${f.to}T23:59:59.999Z`) : undefined,
  });
  const body = csvLine([...DECISION_CSV_COLUMNS]) + rows.map((r) => csvLine(r)).join("");
  const stamp = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="review-decisions-${user.environment}-${stamp}.csv"`,
      "Cache-Control": "no-store",
    },
  });
});
