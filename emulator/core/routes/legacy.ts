/**
 * Legacy routes kept for existing integrations: payouts (read-only), onramps and offramps.
 */
import { randomUUID } from "node:crypto";
import type { Hono } from "hono";
import type { EmuEnv, EmulatorContext } from "../../lib/contract";
import { addressFor, nextAccountNumber, TEMPORARY_ACCOUNT_TTL_MS } from "../engine";
import { enumQuery, FieldErrors, invalidBody, isObject, isUuid, readJsonObject, uuidQuery, validationFailed, type JsonObject } from "../http-util";
import { isRateExpired, MIN_DEPOSIT_NGN } from "../rates";
import { FUNDING_CHAINS, RECIPIENT_CHAINS, STABLE_ASSETS, VIRTUAL_ACCOUNT_BANK } from "../reference";
import { resolveBankAccount } from "../recipients-validate";
import type { CoreSlice, FundingType, LegacyStatus, Offramp, Onramp, StableAsset } from "../types";
import { developerFeeField, isEvmAddress } from "../validators";
import { frozenBlocked, listRoute, merchantOf, optionalIdempotency, read, retrieveRoute, write } from "./common";

const TYPES: readonly FundingType[] = ["TEMPORARY", "PERMANENT"];
const LEGACY_STATUSES: readonly LegacyStatus[] = ["ACTIVE", "INACTIVE", "EXPIRED"];

function commonLegacyFields(body: JsonObject, s: CoreSlice, errors: FieldErrors) {
  let type: FundingType | null = null;
  if (body.type === undefined || body.type === null || body.type === "") errors.add("type", "is required");
  else if (typeof body.type !== "string" || !(TYPES as readonly string[]).includes(body.type)) errors.add("type", "must be TEMPORARY or PERMANENT");
  else type = body.type as FundingType;
  let customerId: string | null = null;
  if (body.customer_id === undefined || body.customer_id === null || body.customer_id === "") errors.add("customer_id", "is required");
  else if (!isUuid(body.customer_id)) errors.add("customer_id", "must be a UUID");
  else if (!s.customers.some((cu) => cu.id === body.customer_id)) errors.add("customer_id", "customer not found");
  else customerId = body.customer_id;
  const developerFee = developerFeeField(body.developer_fee, errors);
  return { type, customerId, developerFee };
}

/** A new onramp or offramp: TEMPORARY ones expire after the temporary-account lifetime. */
function newRampTimes(ctx: EmulatorContext, type: FundingType, nowMs: number): Pick<Onramp, "expires_at" | "created_at" | "updated_at"> {
  const at = ctx.clock.iso(nowMs);
  return { expires_at: type === "TEMPORARY" ? ctx.clock.iso(nowMs + TEMPORARY_ACCOUNT_TTL_MS) : null, created_at: at, updated_at: at };
}

function checkRate(raw: unknown, path: string, side: "BUY" | "SELL", to: string | null, s: CoreSlice, nowMs: number, errors: FieldErrors): string | null {
  if (!isUuid(raw)) {
    errors.add(path, "must be a UUID");
    return null;
  }
  const rate = s.rates[raw];
  if (!rate) errors.add(path, "rate not found");
  else if (isRateExpired(rate, nowMs)) errors.add(path, `rate expired at ${rate.expires_at}`);
  else if (rate.side !== side) errors.add(path, `must be a ${side} rate`);
  else if (to !== null && rate.to !== to) errors.add(path, `must be a rate from NGN to ${to}`);
  else return rate.rate_id;
  return null;
}

/** Onramps and offramps list alike: by status, type and customer, records returned as stored. */
function legacyRampList<T extends Onramp | Offramp>(ctx: EmulatorContext, records: (s: CoreSlice) => readonly T[]) {
  return listRoute(ctx, {
    records,
    query: (c, errors) => ({
      status: enumQuery(c, "status", LEGACY_STATUSES, errors),
      type: enumQuery(c, "type", TYPES, errors),
      customerId: uuidQuery(c, "customer_id", errors),
    }),
    keep: (o, q) =>
      (q.status === undefined || o.status === q.status) &&
      (q.type === undefined || o.type === q.type) &&
      (q.customerId === undefined || o.customer_id === q.customerId),
  });
}

export function mountLegacy(router: Hono<EmuEnv>, ctx: EmulatorContext): void {
  router.get(
    "/payouts",
    read,
    listRoute(ctx, {
      records: (s) => s.payouts,
      query: (c, errors) => ({
        type: enumQuery(c, "type", ["CRYPTO_PAYOUT", "NGN_PAYOUT"] as const, errors),
        status: enumQuery(c, "status", ["PROCESSING", "SETTLED", "FAILED"] as const, errors),
      }),
      keep: (p, q) => (q.type === undefined || p.type === q.type) && (q.status === undefined || p.status === q.status),
    }),
  );

  router.get(
    "/payouts/:id",
    read,
    retrieveRoute(ctx, "payout", (s) => s.payouts),
  );

  router.get(
    "/onramps",
    read,
    legacyRampList(ctx, (s) => s.onramps),
  );

  router.get(
    "/onramps/:id",
    read,
    retrieveRoute(ctx, "onramp", (s) => s.onramps),
  );

  router.post("/onramps", write, frozenBlocked, optionalIdempotency, async (c) => {
    const body = await readJsonObject(c);
    if (!body) return invalidBody(c);
    const { merchantId, s } = merchantOf(c, ctx);
    const nowMs = ctx.clock.now();
    const errors = new FieldErrors();
    const { type, customerId, developerFee } = commonLegacyFields(body, s, errors);
    let amount: string | null = null;
    if (type === "TEMPORARY") {
      const a = body.amount;
      const digits = typeof a === "number" && Number.isSafeInteger(a) ? String(a) : typeof a === "string" && /^\d+$/.test(a) ? a : null;
      if (a === undefined || a === null || a === "") errors.add("amount", "is required for TEMPORARY onramps");
      else if (digits === null) errors.add("amount", "must be an integer amount of NGN");
      else if (BigInt(digits) < BigInt(MIN_DEPOSIT_NGN.split(".")[0] as string)) errors.add("amount", `must be at least ${MIN_DEPOSIT_NGN.split(".")[0]} NGN`);
      else amount = `${digits.replace(/^0+(?=\d)/, "")}.00`;
    } else if (type === "PERMANENT" && body.amount !== undefined && body.amount !== null) {
      errors.add("amount", "is only accepted for TEMPORARY onramps");
    }
    const settlement: Onramp["settlement"] = { mode: "INTERNAL_BALANCE", rate_id: null, asset: null, chain: null, address: null };
    const st = body.settlement;
    if (st === undefined || st === null) errors.add("settlement", "is required");
    else if (!isObject(st)) errors.add("settlement", "must be an object");
    else if (st.mode !== "INTERNAL_BALANCE" && st.mode !== "ONCHAIN") errors.add("settlement.mode", "must be INTERNAL_BALANCE or ONCHAIN");
    else {
      settlement.mode = st.mode;
      if (st.mode === "ONCHAIN") {
        if (typeof st.asset !== "string" || !(STABLE_ASSETS as readonly string[]).includes(st.asset)) errors.add("settlement.asset", "must be USDC or USDT");
        else settlement.asset = st.asset as StableAsset;
        if (typeof st.chain !== "string" || !(RECIPIENT_CHAINS as readonly string[]).includes(st.chain))
          errors.add("settlement.chain", `must be one of ${RECIPIENT_CHAINS.join(", ")}`);
        else settlement.chain = st.chain;
        if (typeof st.address !== "string" || !isEvmAddress(st.address))
          errors.add("settlement.address", "must be an EVM address (0x followed by 40 hex characters)");
        else settlement.address = st.address;
      }
      if (st.rate_id !== undefined && st.rate_id !== null) {
        settlement.rate_id = checkRate(st.rate_id, "settlement.rate_id", "BUY", st.mode === "ONCHAIN" ? settlement.asset : "USD", s, nowMs, errors);
      } else if (st.mode === "ONCHAIN") errors.add("settlement.rate_id", "is required for ONCHAIN settlement");
    }
    if (!errors.empty || !type || !customerId) return validationFailed(c, errors.fields);
    const customer = s.customers.find((cu) => cu.id === customerId);
    const o: Onramp = {
      id: randomUUID(),
      type,
      customer_id: customerId,
      currency: "NGN",
      amount,
      status: "ACTIVE",
      virtual_account: {
        account_number: nextAccountNumber(s, merchantId),
        account_name: `${c.get("auth").merchant.name} / ${customer ? `${customer.first_name} ${customer.last_name}` : "Customer"}`,
        bank_name: VIRTUAL_ACCOUNT_BANK.name,
        bank_code: VIRTUAL_ACCOUNT_BANK.code,
      },
      settlement,
      developer_fee: developerFee,
      ...newRampTimes(ctx, type, nowMs),
    };
    s.onramps.push(o);
    ctx.save();
    return c.json(o, 201);
  });

  router.get(
    "/offramps",
    read,
    legacyRampList(ctx, (s) => s.offramps),
  );

  router.get(
    "/offramps/:id",
    read,
    retrieveRoute(ctx, "offramp", (s) => s.offramps),
  );

  router.post("/offramps", write, frozenBlocked, optionalIdempotency, async (c) => {
    const body = await readJsonObject(c);
    if (!body) return invalidBody(c);
    const { s } = merchantOf(c, ctx);
    const nowMs = ctx.clock.now();
    const errors = new FieldErrors();
    const { type, customerId, developerFee } = commonLegacyFields(body, s, errors);
    let chain: string | null = null;
    let asset: StableAsset | null = null;
    if (typeof body.chain !== "string" || !(FUNDING_CHAINS as readonly string[]).includes(body.chain))
      errors.add("chain", `must be one of ${FUNDING_CHAINS.join(", ")}`);
    else chain = body.chain;
    if (typeof body.asset !== "string" || !(STABLE_ASSETS as readonly string[]).includes(body.asset)) errors.add("asset", "must be USDC or USDT");
    else asset = body.asset as StableAsset;
    const settlement: Offramp["settlement"] = { mode: "INTERNAL_BALANCE", rate_id: null, destination_bank: null };
    const st = body.settlement;
    if (st === undefined || st === null) errors.add("settlement", "is required");
    else if (!isObject(st)) errors.add("settlement", "must be an object");
    else if (st.mode !== "INTERNAL_BALANCE" && st.mode !== "NGN_PAYOUT") errors.add("settlement.mode", "must be INTERNAL_BALANCE or NGN_PAYOUT");
    else if (type === "TEMPORARY" && st.mode !== "NGN_PAYOUT") errors.add("settlement.mode", "must be NGN_PAYOUT for TEMPORARY offramps");
    else {
      settlement.mode = st.mode;
      if (st.mode === "NGN_PAYOUT") {
        if (st.rate_id === undefined || st.rate_id === null) errors.add("settlement.rate_id", "is required for NGN_PAYOUT settlement");
        else settlement.rate_id = checkRate(st.rate_id, "settlement.rate_id", "SELL", asset, s, nowMs, errors);
        const bank = st.destination_bank;
        if (!isObject(bank)) errors.add("settlement.destination_bank", "is required for NGN_PAYOUT settlement");
        else {
          const resolved = resolveBankAccount(bank.account_number, bank.bank_code);
          if (!resolved.ok) errors.add(`settlement.destination_bank.${resolved.field}`, resolved.message);
          else
            settlement.destination_bank = {
              account_name: resolved.account.account_name,
              account_number: resolved.account.account_number,
              bank_code: resolved.account.bank_code,
            };
        }
      } else if (st.rate_id !== undefined && st.rate_id !== null) errors.add("settlement.rate_id", "is not used by INTERNAL_BALANCE settlement");
    }
    if (!errors.empty || !type || !customerId || !chain || !asset) return validationFailed(c, errors.fields);
    const id = randomUUID();
    const o: Offramp = {
      id,
      type,
      customer_id: customerId,
      address: addressFor(chain, `${id}:offramp`),
      chain,
      asset,
      status: "ACTIVE",
      developer_fee: developerFee,
      settlement,
      ...newRampTimes(ctx, type, nowMs),
    };
    s.offramps.push(o);
    ctx.save();
    return c.json(o, 201);
  });
}
