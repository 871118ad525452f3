import "server-only";
/**
 * What a list plugs into to export: its filters (the same nuqs parsers the page reads), the
 * permission its page requires, its columns, and `rows(scope, filters)`, an async iterable that
 * reads the database page by page. `exportRoute(source)` (./route.ts) is then the whole route handler.
 *
 * The provider-object lists (deposits, funding accounts, recipients, transfers, withdrawals,
 * balance moves, Pro and Coins orders, Coins transactions) read the local copy of the provider's
 * objects, never the provider (which would spend the shared request budget on one download):
 * `copyExport` (lib/ledger/export.ts) makes their sources, each in its feature's module.
 *
 * Sources import nothing of the HTTP layer, so scripts (the export benchmark) can read them.
 */
import type { inferParserType, ParserMap } from "nuqs/server";
import type { Permission } from "@/lib/auth/permissions";
import type { Environment } from "@/lib/generated/prisma/enums";
import type { CsvRow } from "./csv";

/** Whose rows: one organization in the person's current environment. */
export interface ExportScope {
  organizationId: string;
  environment: Environment;
  /** The person's time zone: a date filter's days start and end in it. */
  zone: string;
}

export interface ExportSource<P extends ParserMap> {
  /** The file name's first part, e.g. "audit-log". */
  list: string;
  /** The permission of the list's page: whoever may see the list may export it, nobody else. */
  permission: Permission;
  filters: P;
  columns: readonly string[];
  /** Every row of the filtered set, in the list's order, read in pages (the `page` filter is ignored). */
  rows(scope: ExportScope, filters: inferParserType<P>): AsyncIterable<CsvRow>;
}

/** Rows read from the database per query. */
export const EXPORT_BATCH = 1_000;

/**
 * The pages of a keyset-paged query: `page(after, take)` answers the next `take` rows after the
 * cursor (null for the first page) in a total order (ties broken by a unique key), and the last
 * row's key is the next cursor. Never OFFSET: each page costs the same however deep it is, and a
 * row inserted meanwhile neither shifts nor repeats another.
 */
export async function* keysetPages<T, K>(
  page: (after: K | null, take: number) => Promise<T[]>,
  keyOf: (row: T) => K,
  take = EXPORT_BATCH,
): AsyncGenerator<T[]> {
  let after: K | null = null;
  for (;;) {
    const rows = await page(after, take);
    if (rows.length > 0) yield rows;
    if (rows.length < take) return;
    after = keyOf(rows[rows.length - 1]!);
  }
}

/** The rows of `keysetPages`, one by one. */
export async function* keysetRows<T, K>(page: (after: K | null, take: number) => Promise<T[]>, keyOf: (row: T) => K, take = EXPORT_BATCH): AsyncGenerator<T> {
  for await (const rows of keysetPages(page, keyOf, take)) yield* rows;
}
