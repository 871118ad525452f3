/**
 * The statement's URL: a range of days (in the viewer's zone) and the day whose objects are shown.
 * Client-safe and free of the validation library; the page, the CSV export and links read them here.
 */
import { createLoader, createSerializer, type inferParserType } from "nuqs/server";
import { dayParser } from "@/lib/http/list-params";

export const statementFilters = { from: dayParser, to: dayParser, day: dayParser };
export const loadStatementFilters = createLoader(statementFilters);
export const serializeStatementFilters = createSerializer(statementFilters);
export type StatementFilters = inferParserType<typeof statementFilters>;
