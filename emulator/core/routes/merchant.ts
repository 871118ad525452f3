/**
 * Merchant balances and balance moves, on-chain merchant withdrawals (and the older withdraw
 * alias), and the merchant funding configuration.
 */
import { randomUUID } from "node:crypto";
import type { Context, Hono } from "hono";
import type { EmuEnv, EmulatorContext } from "../../lib/contract";
import { coreError } from "../../lib/http";
import { add, cmp, fixed } from "../../lib/money";
import { balancesView, credit, DELAYS, emit, tryDebit, WITHDRAWAL_FEE_USD } from "../engine";
import { amountField, enumQuery, FieldErrors, invalidBody, readJsonObject, validationFailed } from "../http-util";
import type { BalanceTransfer, MerchantWithdrawal, WithdrawalStatus } from "../types";
import { isEvmAddress } from "../validators";
import { merchantFundingView, withdrawalView } from "../views";
import { frozenBlocked, idempotency, listRoute, merchantOf, optionalIdempotency, read, retrieveRoute, write } from "./common";

const WITHDRAWAL_STATUSES: readonly WithdrawalStatus[] = ["PENDING", "SUBMITTED", "SETTLED", "FAILED"];
/** The only enabled rail today (docs notes). */
const ENABLED_RAILS: readonly { token: string; chain: string }[] = [{ token: "USDT", chain: "POLYGON" }];
export const MIN_WITHDRAWAL_USD = "5.00";
export const WITHDRAWAL_LIST_MAX = 100;

export function mountMerchant(router: Hono<EmuEnv>, ctx: EmulatorContext): void {
  router.get("/merchant/balance", read, (c) => {
    const { s } = merchantOf(c, ctx);
    return c.json({ data: balancesView(s.balances) });
  });

  router.post("/merchant/balance/transfer", write, frozenBlocked, optionalIdempotency, async (c) => {
    const body = await readJsonObject(c);
    if (!body) return invalidBody(c);
    const errors = new FieldErrors();
    const amount = amountField(body.amount_usd, "amount_usd", errors, { dp: 2 });
    if (!amount) return validationFailed(c, errors.fields);
    const { merchantId, s } = merchantOf(c, ctx);
    const at = ctx.clock.iso();
    if (cmp(s.balances.collection_balance_usd, amount) < 0) {
      return coreError(c, 400, "insufficient_balance", `The collection balance (USD ${s.balances.collection_balance_usd}) is lower than USD ${amount}.`, {
        available: s.balances.collection_balance_usd,
        required: fixed(amount, 2),
        currency: "USD",
      });
    }
    tryDebit(s, "collection_balance_usd", amount, at);
    credit(s, "withdrawal_balance_usd", amount, at);
    const move: BalanceTransfer = {
      id: randomUUID(),
      amount_usd: fixed(amount, 2),
      from: "collection_balance_usd",
      to: "withdrawal_balance_usd",
      status: "COMPLETED",
      created_at: at,
    };
    s.balanceTransfers.push(move);
    // The move completes at once, so one event: the record as the history lists it.
    emit(ctx, merchantId, "balance.transfer.completed", { ...move });
    ctx.save();
    return c.json({ data: { ...move, balance: balancesView(s.balances) } }, 201);
  });

  router.get("/merchant/balance/transfers", read, listRoute(ctx, { records: (s) => s.balanceTransfers }));

  const createWithdrawal = async (c: Context<EmuEnv>): Promise<Response> => {
    const body = await readJsonObject(c);
    if (!body) return invalidBody(c);
    const errors = new FieldErrors();
    const amount = amountField(body.amount_usd, "amount_usd", errors, { dp: 2, min: MIN_WITHDRAWAL_USD });
    const token = body.token;
    const chain = body.chain;
    const address = body.destination_address;
    if (token === undefined || token === null || token === "") errors.add("token", "is required");
    else if (typeof token !== "string") errors.add("token", "must be a string");
    if (chain === undefined || chain === null || chain === "") errors.add("chain", "is required");
    else if (typeof chain !== "string") errors.add("chain", "must be a string");
    if (address === undefined || address === null || address === "") errors.add("destination_address", "is required");
    else if (typeof address !== "string" || !isEvmAddress(address)) {
      errors.add("destination_address", "must be a POLYGON address (0x followed by 40 hex characters)");
    }
    if (!errors.empty || !amount) return validationFailed(c, errors.fields);
    if (!ENABLED_RAILS.some((r) => r.token === token && r.chain === chain)) {
      return coreError(
        c,
        400,
        "withdrawal_rail_not_supported",
        `Withdrawals of ${String(token)} on ${String(chain)} are not enabled; only USDT on POLYGON is.`,
        {
          enabled: ENABLED_RAILS,
        },
      );
    }
    const { merchantId, s } = merchantOf(c, ctx);
    const nowMs = ctx.clock.now();
    const at = ctx.clock.iso(nowMs);
    const total = fixed(add(amount, WITHDRAWAL_FEE_USD), 2);
    if (!tryDebit(s, "withdrawal_balance_usd", total, at)) {
      return coreError(
        c,
        400,
        "insufficient_balance",
        `The withdrawal balance (USD ${s.balances.withdrawal_balance_usd}) does not cover USD ${total} (amount plus fee).`,
        {
          available: s.balances.withdrawal_balance_usd,
          required: total,
          currency: "USD",
        },
      );
    }
    const w: MerchantWithdrawal = {
      id: randomUUID(),
      amount_usd: fixed(amount, 2),
      fee_usd: WITHDRAWAL_FEE_USD,
      token: token as string,
      chain: chain as string,
      destination_address: address as string,
      status: "PENDING",
      provider_tx_id: null,
      tx_hash: null,
      failure_code: null,
      failure_message: null,
      next_step_at_ms: nowMs + DELAYS.withdrawalSubmit,
      created_at: at,
      submitted_at: null,
      settled_at: null,
      updated_at: at,
    };
    s.withdrawals.push(w);
    emit(ctx, merchantId, "withdrawal.created", withdrawalView(w));
    ctx.save();
    return c.json({ data: { transaction_id: w.id } }, 201);
  };

  router.post("/merchant/withdrawals", write, frozenBlocked, idempotency, createWithdrawal);
  router.post("/merchant/balance/withdraw", write, frozenBlocked, optionalIdempotency, createWithdrawal);

  router.get(
    "/merchant/withdrawals",
    read,
    listRoute(ctx, {
      paging: { limit: 50, max: WITHDRAWAL_LIST_MAX },
      records: (s) => s.withdrawals,
      query: (c, errors) => enumQuery(c, "status", WITHDRAWAL_STATUSES, errors),
      keep: (w, status) => status === undefined || w.status === status,
      view: withdrawalView,
    }),
  );

  router.get(
    "/merchant/withdrawals/:id",
    read,
    retrieveRoute(ctx, "withdrawal", (s) => s.withdrawals, withdrawalView),
  );

  router.get("/merchant/funding", read, (c) => {
    const { s } = merchantOf(c, ctx);
    return c.json({ data: merchantFundingView(s.funding) });
  });

  router.patch("/merchant/funding/settlement-destination", write, async (c) => {
    const body = await readJsonObject(c);
    if (!body) return invalidBody(c);
    const value = body.ngn_settlement_destination;
    if (value === undefined || value === null || value === "") {
      return validationFailed(c, { ngn_settlement_destination: "is required (USD_BALANCE or NGN_BALANCE)" });
    }
    if (value !== "USD_BALANCE" && value !== "NGN_BALANCE") {
      return coreError(c, 400, "unsupported_settlement_destination", "ngn_settlement_destination must be USD_BALANCE or NGN_BALANCE.", {
        fields: { ngn_settlement_destination: "must be USD_BALANCE or NGN_BALANCE" },
      });
    }
    const { s } = merchantOf(c, ctx);
    if (value === "NGN_BALANCE" && (s.funding.setup_status !== "ACTIVE" || !s.funding.ngn_account)) {
      return coreError(c, 400, "ngn_account_required", "NGN_BALANCE needs an ACTIVE merchant funding setup with an NGN bank account; this merchant has none.", {
        setup_status: s.funding.setup_status,
        ngn_account: null,
      });
    }
    if (s.funding.ngn_settlement_destination !== value) {
      s.funding.ngn_settlement_destination = value;
      s.funding.updated_at = ctx.clock.iso();
      ctx.save();
    }
    return c.json({ data: merchantFundingView(s.funding) });
  });
}
