/**
 * The review decisions export's filters as they live in the URL, read with the loader like every
 * list's: an unknown value is dropped (the whole set is exported), never an error. Client-safe.
 */
import { createLoader, createSerializer, type inferParserType, parseAsStringLiteral } from "nuqs/server";
import { dayParser, searchParser } from "@/lib/http/list-params";

export const DECISION_STATUSES = ["awaiting_confirmation", "final", "rejected", "withdrawn"] as const;

export const decisionFilters = {
  status: parseAsStringLiteral(DECISION_STATUSES),
  /** Decided on or after this UTC day. */
  from: dayParser,
  /** Decided on or before this UTC day. */
  to: dayParser,
  deposit: searchParser(100),
};
export const loadDecisionFilters = createLoader(decisionFilters);
export const serializeDecisionFilters = createSerializer(decisionFilters);
export type DecisionFilters = inferParserType<typeof decisionFilters>;
