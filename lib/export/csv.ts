import "server-only";
/**
 * The one CSV writer of the app, on csv-stringify: a UTF-8 byte order mark so Excel reads the file
 * as UTF-8 (names, ₦), a header row, CRLF line ends, and formula neutralisation (a cell starting
 * with = + - @ tab or CR, or their full-width forms, gets a leading ' so a spreadsheet shows it as
 * text instead of running it). A list's export streams: the response body pulls the next chunk of
 * rows only when the client has read the previous one, so a million-row export never sits in
 * memory and a slow download slows the database reads, not the other way round.
 */
import { stringify } from "csv-stringify/sync";
import type { Environment } from "@/lib/generated/prisma/enums";
import { log } from "@/lib/log";

export type CsvCell = string | number | bigint | boolean | Date | null | undefined;
export type CsvRow = readonly CsvCell[];

/** Rows stringified into one chunk of the response body. */
export const CSV_CHUNK_ROWS = 500;

const OPTIONS = {
  escape_formulas: true,
  record_delimiter: "windows",
  // The library quotes only cells holding the whole CRLF delimiter; a lone CR or LF must be
  // quoted too or a spreadsheet splits the row there.
  quoted_match: /[\r\n]/,
  cast: { date: (d: Date) => d.toISOString(), boolean: (b: boolean) => (b ? "true" : "false") },
} as const;

/** Rows as CSV text; the first chunk of a file carries the BOM and the header row. */
export function csvText(columns: readonly string[], rows: readonly CsvRow[], { first = true }: { first?: boolean } = {}): string {
  return stringify(rows as CsvCell[][], { ...OPTIONS, columns: [...columns], header: first, bom: first });
}

/** A file's name: the list, the environment and the day, e.g. `audit-log-sandbox-2026-11-26.csv`. */
export function csvFilename(list: string, environment: Environment, at: Date = new Date()): string {
  return `${list}-${environment}-${at.toISOString().slice(0, 10)}.csv`;
}

/**
 * A byte stream of the header and every row, read from `rows` only as fast as the consumer reads:
 * `pull` runs when the stream's one-chunk queue is empty. A client that goes away cancels the
 * stream, which ends the row source (its `finally` blocks run, its database paging stops).
 */
export function csvStream(
  columns: readonly string[],
  rows: AsyncIterable<CsvRow>,
  { chunkRows = CSV_CHUNK_ROWS, onError }: { chunkRows?: number; onError?: (err: unknown) => void } = {},
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let iterator: AsyncIterator<CsvRow> | null = null;
  let first = true;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        iterator ??= rows[Symbol.asyncIterator]();
        const batch: CsvRow[] = [];
        let done = false;
        try {
          while (batch.length < chunkRows) {
            const next = await iterator.next();
            if (next.done) {
              done = true;
              break;
            }
            batch.push(next.value);
          }
        } catch (err) {
          // Headers are sent by now: erroring the stream aborts the download, so a cut file is
          // never mistaken for a complete one.
          onError?.(err);
          controller.error(err);
          return;
        }
        if (batch.length > 0 || first) controller.enqueue(encoder.encode(csvText(columns, batch, { first })));
        first = false;
        if (done) controller.close();
      },
      async cancel() {
        await iterator?.return?.();
      },
    },
    { highWaterMark: 1 },
  );
}

/**
 * `rows` with its first row already read, so a source that fails at once (a refused query, the
 * database down) rejects here, before any header is sent, and the route answers with an error
 * instead of a download that breaks off.
 */
async function primed<T>(rows: AsyncIterable<T>): Promise<AsyncIterable<T>> {
  const it = rows[Symbol.asyncIterator]();
  const first = await it.next();
  let given = false;
  return {
    [Symbol.asyncIterator]: () => ({
      next: () => {
        if (given) return it.next();
        given = true;
        return Promise.resolve(first);
      },
      return: async (value?: unknown) => (await it.return?.(value)) ?? { done: true as const, value: undefined },
    }),
  };
}

/** The download: a streamed CSV body with its file name, never cached. */
export async function csvResponse({
  list,
  environment,
  columns,
  rows,
  now = new Date(),
}: {
  list: string;
  environment: Environment;
  columns: readonly string[];
  rows: AsyncIterable<CsvRow>;
  now?: Date;
}): Promise<Response> {
  const body = csvStream(columns, await primed(rows), { onError: (err) => log.error({ err, list }, "csv export failed while streaming") });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${csvFilename(list, environment, now)}"`,
      "Cache-Control": "no-store",
    },
  });
}
