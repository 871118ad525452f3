import "server-only";
/**
 * A provider-object list's export, read from the local copy: the list's own filters (its nuqs
 * parsers, turned into the copy's query as its page's read does), the same WHERE clause as the page
 * (`whereOf`), the page's order (newest by the provider's created time, then by id), and every row
 * of the filtered set read in keyset pages, never OFFSET. Each list names its columns as paths into
 * the provider's object as the copy keeps it.
 */
import type { inferParserType, ParserMap } from "nuqs/server";
import type { Permission } from "@/lib/auth/permissions";
import { db } from "@/lib/db";
import type { CsvCell } from "@/lib/export/csv";
import { EXPORT_BATCH, type ExportScope, type ExportSource, keysetRows } from "@/lib/export/source";
import type { Kind } from "./kinds";
import { splitQuery } from "./page-read";
import { SCOPE, whereOf } from "./read";

type CopyObject = Record<string, unknown>;

/** A cell: a dotted path into the object ("recipient.id"), or a function of it. */
export type CopyCell<T> = string | ((o: T) => CsvCell);

export interface CopyExportDef<P extends ParserMap, T> {
  /** The file name's first part, e.g. "deposits". */
  list: string;
  kind: Kind;
  permission: Permission;
  filters: P;
  /** The copy's query for the filters on screen, as the page's read passes it (page and limit are left out). */
  query: (f: inferParserType<P>, zone: string) => Readonly<Record<string, unknown>>;
  /** Header → cell, in the file's order. */
  columns: Readonly<Record<string, CopyCell<T>>>;
  /** A filter the page applies after reading the copy (the recipients' name search); the export applies it too. */
  keep?: (o: T, f: inferParserType<P>) => boolean;
  /** Rows per query (tests page with a small one). */
  take?: number;
}

/** A value for a cell: text and numbers as they are; anything nested as its JSON. */
function cellOf(v: unknown): CsvCell {
  if (v === undefined || v === null) return null;
  if (typeof v === "string" || typeof v === "number" || typeof v === "boolean") return v;
  return JSON.stringify(v);
}

function at(o: CopyObject, path: string): unknown {
  let v: unknown = o;
  for (const key of path.split(".")) {
    if (v === null || typeof v !== "object") return undefined;
    v = (v as CopyObject)[key];
  }
  return v;
}

interface Key {
  at: Date | null;
  id: string;
}
interface CopyRow extends Key {
  data: CopyObject;
}

/**
 * The `take` rows after `after` in the page's order. Objects whose created time the copy does not
 * know yet come first (DESC puts nulls first, as the index orders them), then newest first, ties by id.
 */
function copyPage(scope: ExportScope, kind: string, where: { sql: string; params: unknown[] }, after: Key | null, take: number): Promise<CopyRow[]> {
  const n = where.params.length + 3;
  let keyset = "";
  const params: unknown[] = [];
  if (after?.at === null) {
    params.push(after.id);
    keyset = ` AND (provider_created_at IS NOT NULL OR provider_id > $${n + 1})`;
  } else if (after) {
    params.push(after.id, after.at);
    keyset = ` AND (provider_created_at < $${n + 2}::timestamptz OR (provider_created_at = $${n + 2}::timestamptz AND provider_id > $${n + 1}))`;
  }
  return db.$queryRawUnsafe<CopyRow[]>(
    `SELECT provider_id AS id, provider_created_at AS at, data FROM synced_objects WHERE ${SCOPE}${where.sql}${keyset}
     ORDER BY provider_created_at DESC, provider_id LIMIT $${n + params.length + 1}`,
    scope.organizationId,
    scope.environment,
    kind,
    ...where.params,
    ...params,
    take,
  );
}

/** The ExportSource of a list read from the copy. A filter the copy refuses throws LedgerReadError before any row. */
export function copyExport<P extends ParserMap, T = CopyObject>(def: CopyExportDef<P, T>): ExportSource<P> {
  const cells = Object.values(def.columns).map((c) => (typeof c === "string" ? (o: T) => cellOf(at(o as CopyObject, c)) : c));
  return {
    list: def.list,
    permission: def.permission,
    filters: def.filters,
    columns: Object.keys(def.columns),
    async *rows(scope, f) {
      const where = whereOf(def.kind, splitQuery(def.query(f, scope.zone)).filters);
      const rows = keysetRows(
        (after: Key | null, take) => copyPage(scope, def.kind, where, after, take),
        (r) => ({ at: r.at, id: r.id }),
        def.take ?? EXPORT_BATCH,
      );
      for await (const r of rows) {
        const o = r.data as T;
        if (def.keep && !def.keep(o, f)) continue;
        yield cells.map((cell) => cell(o));
      }
    },
  };
}
