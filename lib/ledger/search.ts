import "server-only";
/**
 * Search across the local copy: one statement over `synced_objects.search_text` (each object's ids,
 * references, account numbers, names and hashes, lower-cased, space-separated; written by the
 * store) for one organization and environment. Queries of three characters or more are substrings
 * served by the trigram index; shorter ones, and those without three letters or digits in a row,
 * match ids by prefix only (a trigram needs three), served by the index on lower(provider_id). Ranked: the exact id, then an exact
 * value, then a value starting with the query, then anything containing it; newest first within
 * each; grouped by kind, the group with the best hit first.
 */
import { db } from "@/lib/db";
import { surfacesBeingChecked } from "./account-check";
import { kindDef } from "./kinds";
import type { LedgerScope } from "./store";
import { SEARCH_KIND_NAMES, SEARCH_MAX_LENGTH, SEARCH_MIN_SUBSTRING, type SearchGroup, type SearchHit, searchKind } from "./search-kinds";

export interface SearchOptions {
  /** Kinds to look in (default: every searchable kind); unknown ones are ignored. */
  kinds?: readonly string[];
  /** Most hits per kind. */
  limit?: number;
}

export const DEFAULT_LIMIT = 5;
export const MAX_LIMIT = 50;

/** The query as matched: trimmed, inner whitespace collapsed (the store joins values with one space), lower-cased. */
export function normalizeQuery(query: string): string {
  return query.trim().replace(/\s+/g, " ").toLowerCase().slice(0, SEARCH_MAX_LENGTH);
}

/** The query as a literal inside a LIKE pattern: its own %, _ and \ match only themselves. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export interface BuiltSearch {
  sql: string;
  params: unknown[];
}

/**
 * At most this many matching rows are ranked. A query of three common characters ("ada", "3fe")
 * matches tens of thousands of a million deposits, and reading them all took 6.7 s in bench:search;
 * past this many, the hits shown are the best of the first rows found, and typing more narrows.
 */
export const MAX_CANDIDATES = 200;

/** How many pieces of the query the trigram index is asked for (see `trigramPieces`). */
const MAX_PIECES = 4;

/**
 * Up to four three-character pieces of the query's runs of letters and digits, spread over it, for
 * the trigram index to intersect; the whole query is then checked on the few rows they leave.
 * Asking the index for every trigram of a long query (a 36-character id has 34) costs a posting
 * list each, and hex ids and hashes share their trigrams with every other row: 30 times slower than
 * four pieces in bench:search. Empty when the query has no run of three (pg_trgm reads no trigram
 * across punctuation or spaces, and a pattern without one would scan the whole index).
 */
export function trigramPieces(q: string): string[] {
  const all: string[] = [];
  for (const [run] of q.matchAll(/[\p{L}\p{N}]{3,}/gu)) {
    for (let i = 0; i + 3 <= run.length; i += 3) all.push(run.slice(i, i + 3));
    if (run.length % 3 !== 0) all.push(run.slice(-3));
  }
  const unique = [...new Set(all)];
  if (unique.length <= MAX_PIECES) return unique;
  // First, last and evenly between: the ends of an id or hash are as distinct as its middle.
  return Array.from({ length: MAX_PIECES }, (_, i) => unique[Math.round((i * (unique.length - 1)) / (MAX_PIECES - 1))]!);
}

/**
 * The statement for a normalized, non-empty query. `$5` is the query itself (compared with
 * strpos, which has no wildcards); `$6...` are LIKE patterns, escaped. The ranked ids are chosen
 * first (for a short query from the id index alone) and only those rows are read whole.
 */
export function buildSearch(scope: LedgerScope, q: string, kinds: readonly string[], limit: number): BuiltSearch {
  const pieces = q.length >= SEARCH_MIN_SUBSTRING ? trigramPieces(q) : [];
  // Without a trigram to look up: ids starting with the query, from the id index.
  const patterns = pieces.length > 0 ? pieces.map((p) => `%${escapeLike(p)}%`) : [`${escapeLike(q)}%`];
  const where =
    pieces.length > 0
      ? `${patterns.map((_, i) => `search_text LIKE $${6 + i}`).join(" AND ")} AND strpos(search_text, $5::text) > 0`
      : "lower(provider_id) LIKE $6";
  const sql = `
    WITH hits AS (
      SELECT kind, provider_id, provider_created_at,
        CASE
          WHEN lower(provider_id) = $5::text THEN 0
          ${pieces.length > 0 ? "WHEN strpos(' ' || search_text || ' ', ' ' || $5::text || ' ') > 0 THEN 1\n          WHEN strpos(' ' || search_text, ' ' || $5::text) > 0 THEN 2" : ""}
          ELSE 3
        END AS rank
      FROM synced_objects
      WHERE organization_id = $1::uuid AND environment = $2::"Environment" AND kind = ANY($3::text[]) AND ${where}
      LIMIT ${MAX_CANDIDATES}
    ),
    top AS (
      SELECT * FROM (
        SELECT *, row_number() OVER (PARTITION BY kind ORDER BY rank, provider_created_at DESC NULLS LAST, provider_id) AS n FROM hits
      ) ranked WHERE n <= $4
    )
    SELECT s.kind, s.provider_id, s.status, s.amount::text AS amount, s.currency, s.search_text, s.data, s.provider_created_at, top.rank
    FROM top JOIN synced_objects s
      ON s.organization_id = $1::uuid AND s.environment = $2::"Environment" AND s.kind = top.kind AND s.provider_id = top.provider_id
    ORDER BY top.rank, s.provider_created_at DESC NULLS LAST, s.provider_id`;
  return { sql, params: [scope.organizationId, scope.environment, [...kinds], limit, q, ...patterns] };
}

interface Row {
  kind: string;
  provider_id: string;
  status: string | null;
  amount: string | null;
  currency: string | null;
  search_text: string;
  data: Record<string, unknown> | null;
  provider_created_at: Date | null;
  rank: number;
}

const text = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? v.trim() : null);
const field = (o: unknown, key: string) => (o && typeof o === "object" ? (o as Record<string, unknown>)[key] : undefined);

/** A name where the object carries one (recipients, funding accounts, fiat withdrawals' account holders), else null. */
function nameOf(kind: string, data: Record<string, unknown> | null): string | null {
  if (!data) return null;
  if (kind === "customer") return text([text(data.first_name), text(data.last_name)].filter(Boolean).join(" ")) ?? text(data.email);
  if (kind === "recipient") {
    const person = [text(data.first_name), text(data.last_name)].filter(Boolean).join(" ");
    return (
      text(person) ??
      text(field(data.bank_account, "account_name")) ??
      text(field(data.us_bank_account, "account_owner_name")) ??
      text(field(data.swift_bank_account, "account_owner_name")) ??
      text(field(data.swift_bank_account, "business_name"))
    );
  }
  if (kind === "funding_account" && Array.isArray(data.instructions)) return text(field(data.instructions[0], "account_name"));
  if (kind === "coins_fiat_withdrawal") return text(data.account_name);
  return null;
}

/** The stored value the query matched, when it is not the id: the whole word around the match. */
export function matchedValue(searchText: string, q: string, id: string): string | null {
  const at = searchText.indexOf(q);
  if (at < 0) return null;
  const start = searchText.lastIndexOf(" ", at) + 1;
  const endSpace = searchText.indexOf(" ", at + q.length);
  const word = searchText.slice(start, endSpace < 0 ? undefined : endSpace);
  // A query spanning words (a full name) is shown as typed.
  const value = q.includes(" ") ? q : word;
  return value === id.toLowerCase() ? null : value;
}

function hitOf(row: Row, q: string): SearchHit {
  const def = searchKind(row.kind)!;
  const created = row.provider_created_at ? new Date(row.provider_created_at).toISOString() : null;
  const money = row.amount && row.currency ? `${Number(row.amount).toLocaleString("en-US", { maximumFractionDigits: 8 })} ${row.currency}` : null;
  const detail = [row.status, money, created?.slice(0, 10)].filter(Boolean).join(" · ");
  return {
    kind: row.kind,
    id: row.provider_id,
    title: nameOf(row.kind, row.data) ?? row.provider_id,
    detail,
    matched: matchedValue(row.search_text, q, row.provider_id),
    href: def.href(row.provider_id, row.data),
    createdAt: created,
  };
}

/**
 * Objects of the copy matching the query, for one organization and environment, grouped by kind.
 * An empty query finds nothing.
 */
export async function searchCopy(scope: LedgerScope, query: string, options: SearchOptions = {}): Promise<SearchGroup[]> {
  const q = normalizeQuery(query);
  if (!q) return [];
  // A surface whose new key is being checked may still hold the old account's objects: not shown.
  const checking = await surfacesBeingChecked(scope);
  const kinds = (options.kinds ?? SEARCH_KIND_NAMES).filter((k) => {
    const surface = kindDef(k)?.surface;
    return searchKind(k) && !(surface && checking.has(surface));
  });
  if (kinds.length === 0) return [];
  const limit = Math.min(MAX_LIMIT, Math.max(1, Math.floor(options.limit ?? DEFAULT_LIMIT)));
  const { sql, params } = buildSearch(scope, q, kinds, limit);
  const rows = await db.$queryRawUnsafe<Row[]>(sql, ...params);
  // Rows come best first, so a group's place is that of its best hit.
  const groups = new Map<string, SearchGroup>();
  for (const row of rows) {
    let g = groups.get(row.kind);
    if (!g) {
      g = { kind: row.kind, heading: searchKind(row.kind)!.heading, hits: [] };
      groups.set(row.kind, g);
    }
    g.hits.push(hitOf(row, q));
  }
  return [...groups.values()];
}
