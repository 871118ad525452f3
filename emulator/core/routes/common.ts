/**
 * Route plumbing shared by the core routers: the caller's merchant and slice, scope checks and
 * the optional idempotency of secondary write endpoints.
 */
import type { Context, MiddlewareHandler } from "hono";
import type { EmuEnv, EmulatorContext } from "../../lib/contract";
import { blockIfFrozen, idempotent, requireScope } from "../../lib/http";
import { slice } from "../engine";
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
