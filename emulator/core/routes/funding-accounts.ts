/**
 * Funding accounts: creation with every rule of the docs notes, the daily creation quota (which
 * freezes the merchant when exceeded), list with filters, retrieval, and the settlement
 * destination change of permanent active accounts.
 */
import { randomUUID } from "node:crypto";
import type { Hono } from "hono";
import type { EmuEnv, EmulatorContext } from "../../lib/contract";
import { coreError } from "../../lib/http";
import { addressFor, DELAYS, emit, nextAccountNumber, TEMPORARY_ACCOUNT_TTL_MS } from "../engine";
import {
  enumQuery,
  FieldErrors,
  invalidBody,
  invalidId,
  isObject,
  isUuid,
  notFound,
  readJsonObject,
  requireObject,
  uuidQuery,
  validationFailed,
  type JsonObject,
} from "../http-util";
import { isRateExpired, MIN_DEPOSIT_NGN } from "../rates";
import { FUNDING_CHAINS, RECIPIENT_CHAINS, STABLE_ASSETS, VIRTUAL_ACCOUNT_BANK } from "../reference";
import { resolveBankAccount } from "../recipients-validate";
import type {
  CoreSlice,
  FundingAccount,
  FundingRail,
  FundingStatus,
  FundingType,
  Instruction,
  SettlementDestination,
  SettlementType,
  StableAsset,
} from "../types";
import { developerFeeField, isEvmAddress } from "../validators";
import { fundingAccountView } from "../views";
import { frozenBlocked, idempotency, listRoute, merchantOf, read, retrieveRoute, write } from "./common";

const TYPES: readonly FundingType[] = ["TEMPORARY", "PERMANENT"];
const RAILS: readonly FundingRail[] = ["NGN_VIRTUAL_ACCOUNT", "CRYPTO_ADDRESS"];
const STATUSES: readonly FundingStatus[] = ["PENDING", "ACTIVE", "FAILED", "DISABLED"];

/** Settlement types the docs notes allow per rail and account type. */
export function allowedSettlements(rail: FundingRail, type: FundingType): readonly SettlementType[] {
  if (rail === "NGN_VIRTUAL_ACCOUNT") return ["INTERNAL_BALANCE", "ONCHAIN"];
  return type === "TEMPORARY" ? ["NGN_PAYOUT"] : ["INTERNAL_BALANCE", "NGN_PAYOUT"];
}

const SD_FIELDS = ["rate_id", "destination_asset", "destination_chain", "destination_address", "destination_bank"] as const;
/** Fields each settlement type uses; any other destination field sent is refused. */
const SD_USES: Record<SettlementType, readonly (typeof SD_FIELDS)[number][]> = {
  INTERNAL_BALANCE: ["rate_id"],
  ONCHAIN: ["rate_id", "destination_asset", "destination_chain", "destination_address"],
  NGN_PAYOUT: ["rate_id", "destination_bank"],
};

/**
 * Validates a settlement destination for an account of this rail, type and asset. rate_id is
 * required for the converting settlements (ONCHAIN: NGN -> stablecoin, BUY side; NGN_PAYOUT:
 * stablecoin -> NGN, SELL side) and must exist, be unexpired and match the conversion; on an NGN
 * INTERNAL_BALANCE account an optional rate_id (USD, BUY) locks the conversion rate.
 */
export function validateSettlementDestination(
  raw: unknown,
  path: string,
  rail: FundingRail | null,
  type: FundingType | null,
  asset: StableAsset | null,
  s: CoreSlice,
  nowMs: number,
  errors: FieldErrors,
): SettlementDestination | null {
  if (!requireObject(raw, path, errors)) return null;
  const before = Object.keys(errors.fields).length;
  const t = raw.type;
  if (t === undefined || t === null || t === "") {
    errors.add(`${path}.type`, "is required");
    return null;
  }
  if (typeof t !== "string" || !["INTERNAL_BALANCE", "ONCHAIN", "NGN_PAYOUT"].includes(t)) {
    errors.add(`${path}.type`, "must be one of INTERNAL_BALANCE, ONCHAIN, NGN_PAYOUT");
    return null;
  }
  const st = t as SettlementType;
  if (rail && type) {
    const allowed = allowedSettlements(rail, type);
    if (!allowed.includes(st)) {
      errors.add(`${path}.type`, `must be one of ${allowed.join(", ")} for a ${type} ${rail} account`);
      return null;
    }
  }
  for (const f of SD_FIELDS) {
    if (!SD_USES[st].includes(f) && raw[f] !== undefined && raw[f] !== null) errors.add(`${path}.${f}`, `is not used by ${st} settlement`);
  }
  if (st === "INTERNAL_BALANCE" && rail === "CRYPTO_ADDRESS" && raw.rate_id !== undefined && raw.rate_id !== null) {
    errors.add(`${path}.rate_id`, "is not used: stablecoin deposits settle 1:1 to the USD balance");
  }

  const sd: SettlementDestination = {
    type: st,
    rate_id: null,
    destination_asset: null,
    destination_chain: null,
    destination_address: null,
    destination_bank: null,
  };

  if (st === "ONCHAIN") {
    const da = raw.destination_asset;
    if (da === undefined || da === null || da === "") errors.add(`${path}.destination_asset`, "is required for ONCHAIN settlement");
    else if (typeof da !== "string" || !(STABLE_ASSETS as readonly string[]).includes(da)) errors.add(`${path}.destination_asset`, "must be USDC or USDT");
    else sd.destination_asset = da as StableAsset;
    const dc = raw.destination_chain;
    if (dc === undefined || dc === null || dc === "") errors.add(`${path}.destination_chain`, "is required for ONCHAIN settlement");
    else if (typeof dc !== "string" || !(RECIPIENT_CHAINS as readonly string[]).includes(dc))
      errors.add(`${path}.destination_chain`, `must be one of ${RECIPIENT_CHAINS.join(", ")}`);
    else sd.destination_chain = dc;
    const addr = raw.destination_address;
    if (addr === undefined || addr === null || addr === "") errors.add(`${path}.destination_address`, "is required for ONCHAIN settlement");
    else if (typeof addr !== "string" || !isEvmAddress(addr))
      errors.add(`${path}.destination_address`, "must be an EVM address (0x followed by 40 hex characters)");
    else sd.destination_address = addr;
  }

  if (st === "NGN_PAYOUT") {
    const bank = raw.destination_bank;
    if (requireObject(bank, `${path}.destination_bank`, errors, "is required for NGN_PAYOUT settlement")) {
      if (typeof bank.account_number !== "string" || bank.account_number === "") errors.add(`${path}.destination_bank.account_number`, "is required");
      if (typeof bank.bank_code !== "string" || bank.bank_code === "") errors.add(`${path}.destination_bank.bank_code`, "is required");
      if (!errors.has(`${path}.destination_bank.account_number`) && !errors.has(`${path}.destination_bank.bank_code`)) {
        const resolved = resolveBankAccount(bank.account_number, bank.bank_code);
        if (!resolved.ok) errors.add(`${path}.destination_bank.${resolved.field}`, resolved.message);
        else sd.destination_bank = resolved.account;
      }
    }
  }

  const needsRate = st === "ONCHAIN" || st === "NGN_PAYOUT";
  const rateId = raw.rate_id;
  if (rateId === undefined || rateId === null || rateId === "") {
    if (needsRate) errors.add(`${path}.rate_id`, `is required for ${st} settlement; get one from GET /v1/rates`);
  } else if (!errors.has(`${path}.rate_id`)) {
    const rate = isUuid(rateId) ? s.rates[rateId] : undefined;
    if (!isUuid(rateId)) errors.add(`${path}.rate_id`, "must be a UUID");
    else if (!rate) errors.add(`${path}.rate_id`, "rate not found");
    else if (isRateExpired(rate, nowMs)) errors.add(`${path}.rate_id`, `rate expired at ${rate.expires_at}; get a new one from GET /v1/rates`);
    else {
      const wantSide = st === "NGN_PAYOUT" ? "SELL" : "BUY";
      const wantTo = st === "NGN_PAYOUT" ? asset : st === "ONCHAIN" ? sd.destination_asset : "USD";
      if (rate.side !== wantSide) errors.add(`${path}.rate_id`, `must be a ${wantSide} rate for ${st} settlement`);
      else if (wantTo !== null && rate.to !== wantTo) errors.add(`${path}.rate_id`, `must be a rate from NGN to ${wantTo}`);
      else sd.rate_id = rate.rate_id;
    }
  }
  return Object.keys(errors.fields).length > before ? null : sd;
}

/**
 * NGN amount of a temporary account: a decimal string (the spec's convention for money) of whole
 * naira ("50000" or "50000.00"; the docs notes call it an integer), at least the minimum deposit. A
 * JSON number is refused: where the notes and the spec disagree, the spec wins.
 */
function parseNgnAmount(v: unknown, errors: FieldErrors): string | null {
  if (typeof v === "number") {
    errors.add("amount", 'must be a decimal string of whole NGN, for example "50000.00", not a JSON number');
    return null;
  }
  const m = typeof v === "string" ? /^(\d{1,15})(?:\.0{1,2})?$/.exec(v) : null;
  const digits = m ? (m[1] as string).replace(/^0+(?=\d)/, "") : null;
  if (digits === null) {
    errors.add("amount", "must be a whole amount of NGN as a decimal string");
    return null;
  }
  if (BigInt(digits) < BigInt(MIN_DEPOSIT_NGN.split(".")[0] as string)) {
    errors.add("amount", `must be at least ${MIN_DEPOSIT_NGN.split(".")[0]} NGN (min_deposit_ngn)`);
    return null;
  }
  return `${digits}.00`;
}

function validateCreate(body: JsonObject, s: CoreSlice, nowMs: number, errors: FieldErrors) {
  const type = body.type;
  const rail = body.rail;
  let ftype: FundingType | null = null;
  let frail: FundingRail | null = null;
  if (type === undefined || type === null || type === "") errors.add("type", "is required");
  else if (typeof type !== "string" || !(TYPES as readonly string[]).includes(type)) errors.add("type", "must be TEMPORARY or PERMANENT");
  else ftype = type as FundingType;
  if (rail === undefined || rail === null || rail === "") errors.add("rail", "is required");
  else if (typeof rail !== "string" || !(RAILS as readonly string[]).includes(rail)) errors.add("rail", "must be NGN_VIRTUAL_ACCOUNT or CRYPTO_ADDRESS");
  else frail = rail as FundingRail;

  let customerId: string | null = null;
  const customer = body.customer;
  if (customer === undefined || customer === null) errors.add("customer.customer_id", "is required");
  else if (!isObject(customer)) errors.add("customer", "must be an object with customer_id");
  else if (customer.customer_id === undefined || customer.customer_id === null || customer.customer_id === "")
    errors.add("customer.customer_id", "is required");
  else if (!isUuid(customer.customer_id)) errors.add("customer.customer_id", "must be a UUID");
  else if (!s.customers.some((cu) => cu.id === customer.customer_id)) errors.add("customer.customer_id", "customer not found");
  else customerId = customer.customer_id;

  let amount: string | null = null;
  let asset: StableAsset | null = null;
  let chain: string | null = null;
  let currency = "NGN";
  if (frail === "NGN_VIRTUAL_ACCOUNT") {
    if (body.currency !== undefined && body.currency !== null && body.currency !== "NGN")
      errors.add("currency", "must be NGN for the NGN_VIRTUAL_ACCOUNT rail");
    if (body.asset !== undefined && body.asset !== null) errors.add("asset", "is only used by the CRYPTO_ADDRESS rail");
    if (body.chain !== undefined && body.chain !== null) errors.add("chain", "is only used by the CRYPTO_ADDRESS rail");
    if (ftype === "TEMPORARY") {
      if (body.amount === undefined || body.amount === null || body.amount === "") errors.add("amount", "is required for TEMPORARY NGN accounts");
      else amount = parseNgnAmount(body.amount, errors);
    } else if (ftype === "PERMANENT" && body.amount !== undefined && body.amount !== null) {
      errors.add("amount", "is only accepted for TEMPORARY NGN accounts");
    }
  }
  if (frail === "CRYPTO_ADDRESS") {
    if (body.amount !== undefined && body.amount !== null) errors.add("amount", "is only accepted for TEMPORARY NGN accounts");
    const a = body.asset;
    if (a === undefined || a === null || a === "") errors.add("asset", "is required for the CRYPTO_ADDRESS rail");
    else if (typeof a !== "string" || !(STABLE_ASSETS as readonly string[]).includes(a)) errors.add("asset", "must be USDC or USDT");
    else asset = a as StableAsset;
    const ch = body.chain;
    if (ch === undefined || ch === null || ch === "") errors.add("chain", "is required for the CRYPTO_ADDRESS rail");
    else if (typeof ch !== "string" || !(FUNDING_CHAINS as readonly string[]).includes(ch)) errors.add("chain", `must be one of ${FUNDING_CHAINS.join(", ")}`);
    else chain = ch;
    if (body.currency !== undefined && body.currency !== null && asset !== null && body.currency !== asset)
      errors.add("currency", "must equal asset for the CRYPTO_ADDRESS rail");
    currency = asset ?? "USDC";
  }

  const developerFee = developerFeeField(body.developer_fee, errors);

  const sd = validateSettlementDestination(body.settlement_destination, "settlement_destination", frail, ftype, asset, s, nowMs, errors);
  return { ftype, frail, customerId, amount, asset, chain, currency, developerFee, sd };
}

function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Freezes the merchant (state and its keys), as the provider does when the quota is exceeded. */
function freezeMerchant(ctx: EmulatorContext, merchantId: string): void {
  for (const m of ctx.state.merchants) if (m.id === merchantId) m.frozen = true;
  for (const k of ctx.state.keys) if (k.merchant_id === merchantId) k.frozen = true;
}

export function mountFundingAccounts(router: Hono<EmuEnv>, ctx: EmulatorContext): void {
  router.post("/funding-accounts", write, frozenBlocked, idempotency, async (c) => {
    const body = await readJsonObject(c);
    if (!body) return invalidBody(c);
    const { merchantId, s } = merchantOf(c, ctx);
    const nowMs = ctx.clock.now();
    const errors = new FieldErrors();
    const v = validateCreate(body, s, nowMs, errors);
    if (!errors.empty || !v.ftype || !v.frail || !v.customerId || !v.sd) return validationFailed(c, errors.fields);

    const day = utcDay(nowMs);
    const used = s.fundingQuotaUsage[day] ?? 0;
    if (used >= s.fundingDailyQuota) {
      freezeMerchant(ctx, merchantId);
      c.get("auth").merchant.frozen = true;
      ctx.save();
      return coreError(
        c,
        403,
        "merchant_frozen",
        `Funding-account creation quota of ${s.fundingDailyQuota} per day exceeded; the merchant account is frozen. Contact support.`,
        { quota: s.fundingDailyQuota, used },
      );
    }
    s.fundingQuotaUsage = { [day]: used + 1 };

    const at = ctx.clock.iso(nowMs);
    const id = randomUUID();
    const customer = s.customers.find((cu) => cu.id === v.customerId);
    const holder = customer ? `${customer.first_name} ${customer.last_name}` : "Customer";
    const merchantName = c.get("auth").merchant.name;
    const instruction: Instruction =
      v.frail === "NGN_VIRTUAL_ACCOUNT"
        ? {
            type: "BANK_TRANSFER",
            status: "PENDING",
            currency: "NGN",
            bank_name: VIRTUAL_ACCOUNT_BANK.name,
            bank_code: VIRTUAL_ACCOUNT_BANK.code,
            account_number: nextAccountNumber(s, merchantId),
            account_name: `${merchantName} / ${holder}`,
            amount: v.amount,
          }
        : {
            type: "CRYPTO_TRANSFER",
            status: "PENDING",
            currency: v.asset as string,
            asset: v.asset as StableAsset,
            chain: v.chain as string,
            address: addressFor(v.chain as string, id),
          };
    const fa: FundingAccount = {
      id,
      type: v.ftype,
      status: "PENDING",
      rail: v.frail,
      customer_id: v.customerId,
      merchant_owned: false,
      currency: v.currency,
      amount: v.amount,
      asset: v.asset,
      chain: v.chain,
      settlement_destination: v.sd,
      developer_fee: v.developerFee,
      instructions: [instruction],
      failure_reason: null,
      deposit_count: 0,
      expires_at: v.ftype === "TEMPORARY" ? ctx.clock.iso(nowMs + TEMPORARY_ACCOUNT_TTL_MS) : null,
      activate_at_ms: nowMs + DELAYS.fundingActivation,
      created_at: at,
      updated_at: at,
    };
    s.fundingAccounts.push(fa);
    emit(ctx, merchantId, "funding_account.created", fundingAccountView(fa));
    ctx.save();
    return c.json(fundingAccountView(fa), 201);
  });

  router.get(
    "/funding-accounts",
    read,
    listRoute(ctx, {
      paging: { limit: 20, max: 200 },
      records: (s) => s.fundingAccounts,
      query: (c, errors) => ({
        customerId: uuidQuery(c, "customer_id", errors),
        type: enumQuery(c, "type", TYPES, errors),
        rail: enumQuery(c, "rail", RAILS, errors),
        status: enumQuery(c, "status", STATUSES, errors),
      }),
      keep: (f, q) =>
        (q.customerId === undefined || f.customer_id === q.customerId) &&
        (q.type === undefined || f.type === q.type) &&
        (q.rail === undefined || f.rail === q.rail) &&
        (q.status === undefined || f.status === q.status),
      view: fundingAccountView,
    }),
  );

  router.get(
    "/funding-accounts/:id",
    read,
    retrieveRoute(ctx, "funding account", (s) => s.fundingAccounts, fundingAccountView),
  );

  router.patch("/funding-accounts/:id/settlement-destination", write, async (c) => {
    const id = c.req.param("id");
    if (!isUuid(id)) return invalidId(c);
    const { s } = merchantOf(c, ctx);
    const fa = s.fundingAccounts.find((f) => f.id === id);
    if (!fa) return notFound(c, "funding account");
    const body = await readJsonObject(c);
    if (!body) return invalidBody(c);
    if (fa.merchant_owned) {
      return coreError(c, 400, "funding_account_not_eligible", "The merchant's own NGN account settles per PATCH /v1/merchant/funding/settlement-destination.");
    }
    if (fa.type !== "PERMANENT") {
      return coreError(c, 400, "funding_account_not_eligible", "Only PERMANENT funding accounts can change their settlement destination.");
    }
    if (fa.status !== "ACTIVE") {
      return coreError(
        c,
        400,
        "funding_account_not_eligible",
        `Only ACTIVE funding accounts can change their settlement destination (this one is ${fa.status}).`,
      );
    }
    // The body is the destination itself; a body wrapped as { settlement_destination } is accepted too.
    const raw = isObject(body.settlement_destination) ? body.settlement_destination : body;
    const path = raw === body ? "" : "settlement_destination";
    const errors = new FieldErrors();
    const sd = validateSettlementDestination(raw, path || "settlement_destination", fa.rail, fa.type, fa.asset, s, ctx.clock.now(), errors);
    if (!sd) {
      const fields: Record<string, string> = {};
      for (const [k, m] of Object.entries(errors.fields)) fields[path ? k : k.replace(/^settlement_destination\.?/, "") || "body"] = m;
      return validationFailed(c, fields);
    }
    fa.settlement_destination = sd;
    fa.updated_at = ctx.clock.iso();
    ctx.save();
    return c.json(fundingAccountView(fa));
  });
}
