/**
 * Banks, bank-account resolution, customers and rates.
 */
import type { Hono } from "hono";
import type { EmuEnv, EmulatorContext } from "../../lib/contract";
import { coreError } from "../../lib/http";
import { badRequest, FieldErrors, invalidBody, readJsonObject, validationFailed } from "../http-util";
import { currentRate, RATE_SIDES, RATE_TARGETS } from "../rates";
import { BANKS } from "../reference";
import { resolveBankAccount } from "../recipients-validate";
import type { RateSide, RateTarget } from "../types";
import { customerView } from "../views";
import { listRoute, merchantOf, read, retrieveRoute } from "./common";

export function mountReference(router: Hono<EmuEnv>, ctx: EmulatorContext): void {
  router.get("/banks", read, (c) => c.json({ data: BANKS.map((b) => ({ code: b.code, name: b.name })) }));

  router.post("/banks/resolve", read, async (c) => {
    const body = await readJsonObject(c);
    if (!body) return invalidBody(c);
    const errors = new FieldErrors();
    if (body.account_number === undefined || body.account_number === null || body.account_number === "") errors.add("account_number", "is required");
    else if (typeof body.account_number !== "string") errors.add("account_number", "must be a string");
    if (body.bank_code === undefined || body.bank_code === null || body.bank_code === "") errors.add("bank_code", "is required");
    else if (typeof body.bank_code !== "string") errors.add("bank_code", "must be a string");
    if (!errors.empty) return validationFailed(c, errors.fields);
    const result = resolveBankAccount(body.account_number, body.bank_code);
    if (!result.ok) return coreError(c, result.status, result.code, result.message, { fields: { [result.field]: result.message } });
    return c.json(result.account);
  });

  router.get(
    "/customers",
    read,
    listRoute(ctx, {
      records: (s) => s.customers,
      query: (c, errors) => {
        const tier = c.req.query("kyc_tier");
        if (tier !== undefined && tier !== "1" && tier !== "2") errors.add("kyc_tier", "must be 1 or 2");
        return tier;
      },
      keep: (cu, tier) => tier === undefined || String(cu.kyc_tier) === tier,
      view: customerView,
    }),
  );

  router.get(
    "/customers/:id",
    read,
    retrieveRoute(ctx, "customer", (s) => s.customers, customerView),
  );

  router.get("/rates", read, (c) => {
    const errors = new FieldErrors();
    const from = c.req.query("from");
    const to = c.req.query("to");
    const side = c.req.query("side");
    if (from === undefined || from === "") errors.add("from", "is required (NGN)");
    else if (from !== "NGN") errors.add("from", "must be NGN");
    if (to === undefined || to === "") errors.add("to", `is required (${RATE_TARGETS.join(", ")})`);
    else if (!(RATE_TARGETS as readonly string[]).includes(to)) errors.add("to", `must be one of ${RATE_TARGETS.join(", ")}`);
    if (side === undefined || side === "") errors.add("side", "is required (BUY or SELL)");
    else if (!(RATE_SIDES as readonly string[]).includes(side)) errors.add("side", "must be BUY or SELL");
    if (!errors.empty) return badRequest(c, "Invalid query parameters.", errors.fields);
    const { s } = merchantOf(c, ctx);
    const before = Object.keys(s.rates).length;
    const rate = currentRate(s, ctx.clock.now(), to as RateTarget, side as RateSide);
    if (Object.keys(s.rates).length !== before) ctx.save();
    return c.json({ ...rate });
  });
}
