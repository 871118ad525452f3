/**
 * Deposits: list with filters (including the older FLAGGED alias), retrieval, and the sandbox
 * deposit simulator.
 */
import type { Hono } from "hono";
import type { EmuEnv, EmulatorContext } from "../../lib/contract";
import { coreError } from "../../lib/http";
import { defaultDepositAmount, receiveDeposit, settlementNotReady, type DepositScenario } from "../engine";
import { enumQuery, FieldErrors, invalidBody, isUuid, notFound, readJsonObject, uuidQuery, validationFailed } from "../http-util";
import { NEXT_AMOUNT_PATH } from "../simulated-amounts";
import type { Deposit } from "../types";
import { depositView } from "../views";
import { listRoute, merchantOf, read, retrieveRoute, write } from "./common";

const STATUS_FILTER = ["PENDING", "RECEIVED", "PROCESSING", "REQUIRES_REVIEW", "COMPLETED", "FLAGGED", "FAILED", "REVERSED"] as const;
type StatusFilter = (typeof STATUS_FILTER)[number];
const SCENARIOS: readonly DepositScenario[] = ["PROCESSING", "COMPLETED", "REQUIRES_REVIEW", "FAILED"];

/**
 * Status filter semantics: FLAGGED is the older name of REQUIRES_REVIEW; PENDING and RECEIVED both
 * mean "arrived, not yet processing"; REVERSED matches nothing (the sandbox never reverses).
 */
function matchesStatus(d: Deposit, f: StatusFilter): boolean {
  if (f === "FLAGGED") return d.status === "REQUIRES_REVIEW";
  if (f === "PENDING" || f === "RECEIVED") return d.status === "RECEIVED";
  return d.status === f;
}

function matchesSettlement(d: Deposit, f: StatusFilter): boolean {
  if (f === "FLAGGED") return d.settlement_status === "REQUIRES_REVIEW";
  if (f === "PENDING" || f === "RECEIVED") return d.settlement_status === "PENDING";
  return d.settlement_status === f;
}

/** `from`/`to`: an ISO 8601 date or date-time; a date-only `to` includes that whole day. */
function parseDateQuery(raw: string | undefined, name: string, endOfDay: boolean, errors: FieldErrors): number | undefined {
  if (raw === undefined) return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(raw)) {
    const ms = Date.parse(`${raw}T00:00:00.000Z`);
    if (Number.isNaN(ms)) errors.add(name, "must be an ISO 8601 date or date-time");
    return endOfDay ? ms + 24 * 60 * 60 * 1000 - 1 : ms;
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(raw) || Number.isNaN(Date.parse(raw))) {
    errors.add(name, "must be an ISO 8601 date or date-time");
    return undefined;
  }
  return Date.parse(raw);
}

export function mountDeposits(router: Hono<EmuEnv>, ctx: EmulatorContext): void {
  router.get(
    "/deposits",
    read,
    listRoute(ctx, {
      records: (s) => s.deposits,
      query: (c, errors) => {
        const q = {
          status: enumQuery(c, "status", STATUS_FILTER, errors),
          settlement: enumQuery(c, "settlement_status", STATUS_FILTER, errors),
          type: enumQuery(c, "type", ["NGN_DEPOSIT", "CRYPTO_DEPOSIT"] as const, errors),
          customerId: uuidQuery(c, "customer_id", errors),
          fundingAccountId: uuidQuery(c, "funding_account_id", errors),
          from: parseDateQuery(c.req.query("from"), "from", false, errors),
          to: parseDateQuery(c.req.query("to"), "to", true, errors),
        };
        if (q.from !== undefined && q.to !== undefined && q.from > q.to) errors.add("from", "must not be after to");
        return q;
      },
      keep: (d, q) => {
        const created = Date.parse(d.created_at);
        return (
          (q.status === undefined || matchesStatus(d, q.status)) &&
          (q.settlement === undefined || matchesSettlement(d, q.settlement)) &&
          (q.type === undefined || d.type === q.type) &&
          (q.customerId === undefined || d.customer_id === q.customerId) &&
          (q.fundingAccountId === undefined || d.funding_account_id === q.fundingAccountId) &&
          (q.from === undefined || created >= q.from) &&
          (q.to === undefined || created <= q.to)
        );
      },
      view: depositView,
    }),
  );

  router.get(
    "/deposits/:id",
    read,
    retrieveRoute(ctx, "deposit", (s) => s.deposits, depositView),
  );

  router.post("/sandbox/deposits", write, async (c) => {
    if (c.get("auth").key.environment !== "sandbox") {
      return coreError(c, 404, "NOT_FOUND", "The deposit simulator exists only in the sandbox environment.");
    }
    const body = await readJsonObject(c);
    if (!body) return invalidBody(c);
    const errors = new FieldErrors();
    const faId = body.funding_account_id;
    if (faId === undefined || faId === null || faId === "") errors.add("funding_account_id", "is required");
    else if (!isUuid(faId)) errors.add("funding_account_id", "must be a UUID");
    let scenario: DepositScenario | undefined;
    if (body.scenario !== undefined && body.scenario !== null) {
      if (typeof body.scenario !== "string" || !(SCENARIOS as readonly string[]).includes(body.scenario)) {
        errors.add("scenario", `must be one of ${SCENARIOS.join(", ")}`);
      } else scenario = body.scenario as DepositScenario;
    }
    // The spec's simulator takes funding_account_id and scenario only. `amount` was once accepted
    // here; it is refused rather than ignored, so a client leaning on it learns at once that the
    // real sandbox would not honour it. The emulator-only amount is set through the control API.
    if (body.amount !== undefined) {
      errors.add(
        "amount",
        `is not a field of the sandbox simulator (it takes funding_account_id and scenario); in the emulator, set the amount through the control API: PUT ${NEXT_AMOUNT_PATH}`,
      );
    }
    const { merchantId, s } = merchantOf(c, ctx);
    const fa = isUuid(faId) ? s.fundingAccounts.find((f) => f.id === faId) : undefined;
    if (!errors.empty) return validationFailed(c, errors.fields);
    if (!fa) return notFound(c, "funding account");

    if (scenario === "PROCESSING" || scenario === "COMPLETED") {
      if (fa.status !== "ACTIVE") {
        return coreError(c, 400, "funding_account_not_ready", `Scenario ${scenario} needs an ACTIVE funding account; this one is ${fa.status}.`, {
          reason: "funding_account_not_active",
          status: fa.status,
        });
      }
      const notReady = settlementNotReady(fa);
      if (notReady) {
        return coreError(c, 400, "funding_account_not_ready", `Scenario ${scenario} cannot settle: ${notReady}.`, {
          reason: "settlement_destination_incomplete",
        });
      }
    }
    if (scenario === undefined && (fa.status === "PENDING" || fa.status === "FAILED")) {
      return coreError(c, 400, "funding_account_not_ready", `The funding account is ${fa.status} and cannot receive money yet.`, {
        reason: "funding_account_not_active",
        status: fa.status,
      });
    }
    const chosen = s.nextSimulatedAmounts?.[fa.id];
    if (chosen !== undefined) delete s.nextSimulatedAmounts![fa.id];
    const d = receiveDeposit(ctx, merchantId, s, fa, chosen ?? defaultDepositAmount(fa), scenario);
    ctx.save();
    const how = scenario ? `scenario ${scenario}` : "the default processing flow";
    return c.json({ message: `Sandbox deposit ${d.id} received on funding account ${fa.id} (${how}).` }, 201);
  });
}
