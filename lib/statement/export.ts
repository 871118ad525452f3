import "server-only";
/**
 * The statement as CSV, through the app's one writer (lib/export): one row per day and currency,
 * every line as a signed decimal, the provider's figure and the difference beside the closing
 * balance. The range is the page's (`from`, `to` in the viewer's zone); `day` is ignored.
 */
import type { CsvRow } from "@/lib/export/csv";
import type { ExportSource } from "@/lib/export/source";
import { copyBeingChecked } from "@/lib/ledger/page-read";
import { MOVEMENT_LINES } from "./compute";
import { statementRange } from "./days";
import { statementFilters } from "./filters";
import { loadStatement } from "./read";

export const STATEMENT_CSV_COLUMNS = [
  "environment",
  "day",
  "time_zone",
  "currency",
  "opening_balance",
  ...MOVEMENT_LINES,
  "closing_balance",
  "provider_balance",
  "provider_balance_from",
  "difference",
] as const;

export const statementExport: ExportSource<typeof statementFilters> = {
  list: "statement",
  permission: "data:read",
  filters: statementFilters,
  columns: STATEMENT_CSV_COLUMNS,
  async *rows(scope, filters): AsyncIterable<CsvRow> {
    const checking = await copyBeingChecked(scope, "core", "The statement is");
    if (checking) throw checking;
    const range = statementRange(filters, scope.zone);
    // A quarter of days times a few currencies: small enough to build whole, as the page does.
    const s = await loadStatement(scope, range, scope.zone);
    for (const d of s.days) {
      yield [
        scope.environment,
        d.day,
        scope.zone,
        d.currency,
        d.opening,
        ...MOVEMENT_LINES.map((l) => d.lines[l]),
        d.closing,
        d.reported,
        d.reportedFrom === "live" ? "live balance" : d.reportedFrom === "next_opening" ? "next day's opening" : null,
        d.difference,
      ];
    }
  },
};
