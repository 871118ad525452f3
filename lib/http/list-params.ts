/**
 * URL parsers shared by every list's filter definition (`lib/<area>/filters.ts`). Client-safe and
 * free of the validation library. A value a parser does not accept reads as null (or the default),
 * so an old or edited link lists everything rather than showing an error page.
 */
import { createParser } from "nuqs/server";

/** The page number, a whole number from 1 to 10000; anything else is page 1, which the URL leaves out. */
export const pageParser = createParser({
  parse: (v: string) => {
    if (!/^\d+$/.test(v)) return null;
    const n = Number(v);
    return n >= 1 && n <= 10_000 ? n : null;
  },
  serialize: (n: number) => String(n),
}).withDefault(1);

/** A calendar day as the date input gives it (YYYY-MM-DD), kept as text: the server decides the time zone. */
export const dayParser = createParser({
  parse: (v: string) => (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) ? v : null),
  serialize: (v: string) => v,
});

/**
 * Free text (a name fragment, an id), trimmed; empty, longer than `max`, or holding a control
 * character (PostgreSQL refuses NUL in text, and no id or name has one) is no filter.
 */
export const searchParser = (max = 100) =>
  createParser({
    parse: (v: string) => {
      const t = v.trim();
      // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
      return t && t.length <= max && !/[\u0000-\u001f\u007f]/.test(t) ? t : null;
    },
    serialize: (v: string) => v,
  });
