/**
 * The audit log's filters as they live in the URL: read by the page with the loader, written by the
 * toolbar, serialized for the pager. Client-safe. Anything malformed is ignored rather than failing
 * the page.
 */
import { createLoader, createParser, createSerializer, type inferParserType } from "nuqs/server";
import { dayParser, pageParser, searchParser } from "@/lib/http/list-params";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const auditFilters = {
  action: searchParser(100),
  actor: createParser({ parse: (v: string) => (UUID.test(v) ? v : null), serialize: (v: string) => v }),
  /** A target id fragment, or a target type. */
  target: searchParser(200),
  from: dayParser,
  to: dayParser,
  page: pageParser,
};
export const loadAuditFilters = createLoader(auditFilters);
export const serializeAuditFilters = createSerializer(auditFilters);
export type AuditFilters = inferParserType<typeof auditFilters>;
