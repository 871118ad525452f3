/**
 * Route plumbing shared by the core routers: the caller's merchant and slice, scope checks, the
 * optional idempotency of secondary write endpoints, and the list and retrieve handlers.
 */
import type { Context, MiddlewareHandler } from "hono";
import type { EmuEnv, EmulatorContext } from "../../lib/contract";
import { blockIfFrozen, idempotent, requireScope } from "../../lib/http";
import { slice } from "../engine";
import { badRequest, FieldErrors, invalidId, isUuid, newestFirst, notFound, paginate, parsePaging } from "../http-util";
import type { CoreSlice } from "../types";

export const read = requireScope("Read");
export const write = requireScope("Write");
export const frozenBlocked = blockIfFrozen();
export const idempotency = idempotent();

/**
 * X-Idempotency-Key honoured when sent but not required: for writes the spec does not list among
 * the creating POSTs (balance moves, the withdraw alias, legacy creates).
 */
export const optionalIdempotency: MiddlewareHandler<EmuEnv> = async (c, next) => {
  if ((c.req.header("x-idempotency-key") ?? "").trim() === "") {
    await next();
    return;
  }
  return idempotency(c, next);
};

export function merchantOf(c: Context<EmuEnv>, ctx: EmulatorContext): { merchantId: string; s: CoreSlice } {
  const merchantId = c.get("auth").merchant.id;
  return { merchantId, s: slice(ctx, merchantId) };
}

/** How a stored record is shown; some views need the slice (a transfer shows its recipient). */
type RecordView<T> = (record: T, s: CoreSlice) => unknown;

const asStored = <T>(record: T): unknown => record;

/** Most core lists page 20 by default and at most 100; the others say so in their spec. */
const USUAL_PAGING = { limit: 20, max: 100 };

export interface ListSpec<T, Q> {
  paging?: { limit: number; max: number };
  records: (s: CoreSlice) => readonly T[];
  /** The route's own filters, parsed after paging (field errors keep that order). */
  query?: (c: Context<EmuEnv>, errors: FieldErrors) => Q;
  keep?: (record: T, q: Q) => boolean;
  /** Legacy lists return the stored records as they are. */
  view?: RecordView<T>;
}

/** GET handler of a core list: one 400 for every bad query parameter, then a newest-first page. */
export function listRoute<T extends { id: string; created_at: string }, Q = undefined>(ctx: EmulatorContext, spec: ListSpec<T, Q>) {
  const view = spec.view ?? asStored;
  return (c: Context<EmuEnv>): Response => {
    const { s } = merchantOf(c, ctx);
    const errors = new FieldErrors();
    const paging = parsePaging(c, spec.paging ?? USUAL_PAGING, errors);
    const q = spec.query ? spec.query(c, errors) : (undefined as Q);
    if (!errors.empty) return badRequest(c, "Invalid query parameters.", errors.fields);
    const keep = spec.keep;
    const items = keep ? newestFirst(spec.records(s)).filter((r) => keep(r, q)) : newestFirst(spec.records(s));
    const page = paginate(items, paging);
    return c.json({ ...page, data: page.data.map((r) => view(r, s)) });
  };
}

/** GET handler of one record by id: 400 for a malformed id, 404 when the merchant has no such record. */
export function retrieveRoute<T extends { id: string }>(
  ctx: EmulatorContext,
  noun: string,
  records: (s: CoreSlice) => readonly T[],
  view: RecordView<T> = asStored,
) {
  return (c: Context<EmuEnv>): Response => {
    const id = c.req.param("id");
    if (!isUuid(id)) return invalidId(c);
    const { s } = merchantOf(c, ctx);
    const record = records(s).find((r) => r.id === id);
    if (!record) return notFound(c, noun);
    return c.json(view(record, s));
  };
}
