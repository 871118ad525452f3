import "server-only";
/** The review decisions export: every decision of the filtered set in this environment, oldest first. */
import type { ExportSource } from "@/lib/export/source";
import { decisionFilters } from "./decision-filters";
import { DECISION_CSV_COLUMNS, decisionCsvRows } from "./decisions";

export const decisionsExport: ExportSource<typeof decisionFilters> = {
  list: "review-decisions",
  permission: "data:read",
  filters: decisionFilters,
  columns: DECISION_CSV_COLUMNS,
  rows: decisionCsvRows,
};
