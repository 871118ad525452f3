/** The core surface (`/v1`): one function per endpoint. Writes go through the idempotency ledger. */
import type { z } from "zod";
import type { Query } from "./http";
import { askFrom, enc, readFrom, writeTo, type ReadOptions, type SurfaceCtx } from "./call";
import * as s from "./schemas/core";
import type { WriteAttempt } from "./types";

const read = <S extends z.ZodType>(ctx: SurfaceCtx, path: string, schema: S, query?: Query, opts?: ReadOptions) =>
  readFrom("core", ctx, path, schema, query, opts);

type Body = Record<string, unknown>;

export const listBanks = (ctx: SurfaceCtx, opts?: ReadOptions) => read(ctx, "/banks", s.banks, undefined, { cache: { ttlMs: 60 * 60_000 }, ...opts });
export const resolveBankAccount = (ctx: SurfaceCtx, body: { account_number: string; bank_code: string }) =>
  askFrom("core", ctx, "/banks/resolve", body, s.resolvedAccount);

export const listCustomers = (ctx: SurfaceCtx, query: { page?: number; limit?: number; kyc_tier?: 1 | 2 } = {}, opts?: ReadOptions) =>
  read(ctx, "/customers", s.customers, query, opts);
export const getCustomer = (ctx: SurfaceCtx, id: string, opts?: ReadOptions) => read(ctx, `/customers/${enc(id)}`, s.customer, undefined, opts);

export const getRate = (ctx: SurfaceCtx, query: { from: "NGN"; to: string; side: "BUY" | "SELL" }, opts?: ReadOptions) =>
  read(ctx, "/rates", s.rate, query, opts);

export const listFundingAccounts = (
  ctx: SurfaceCtx,
  query: { customer_id?: string; type?: string; rail?: string; status?: string; page?: number; limit?: number } = {},
  opts?: ReadOptions,
) => read(ctx, "/funding-accounts", s.fundingAccounts, query, opts);
export const getFundingAccount = (ctx: SurfaceCtx, id: string, opts?: ReadOptions) =>
  read(ctx, `/funding-accounts/${enc(id)}`, s.fundingAccount, undefined, opts);
export const createFundingAccount = (ctx: SurfaceCtx, body: Body, attempt: WriteAttempt) =>
  writeTo("core", ctx, { operation: "core.createFundingAccount", method: "POST", path: "/funding-accounts", body, schema: s.fundingAccount, attempt });
export const updateFundingAccountSettlement = (ctx: SurfaceCtx, id: string, body: Body, attempt: WriteAttempt) =>
  writeTo("core", ctx, {
    operation: "core.updateFundingAccountSettlement",
    method: "PATCH",
    path: `/funding-accounts/${enc(id)}/settlement-destination`,
    body,
    schema: s.fundingAccount,
    attempt,
    retry: true,
  });

export const listDeposits = (
  ctx: SurfaceCtx,
  query: {
    status?: string;
    settlement_status?: string;
    type?: string;
    customer_id?: string;
    funding_account_id?: string;
    from?: string;
    to?: string;
    page?: number;
    limit?: number;
  } = {},
  opts?: ReadOptions,
) => read(ctx, "/deposits", s.deposits, query, opts);
export const getDeposit = (ctx: SurfaceCtx, id: string, opts?: ReadOptions) => read(ctx, `/deposits/${enc(id)}`, s.deposit, undefined, opts);
/**
 * Sandbox only. The simulator does not honour idempotency keys, so it is never retried. Its body is
 * exactly the spec's: `funding_account_id` and an optional `scenario` (no amount).
 */
export const simulateDeposit = (ctx: SurfaceCtx, body: { funding_account_id: string; scenario?: string }, attempt: WriteAttempt) =>
  writeTo("core", ctx, {
    operation: "core.simulateDeposit",
    method: "POST",
    path: "/sandbox/deposits",
    body,
    schema: s.simulatedDeposit,
    attempt,
    retry: false,
  });

export const listRecipients = (ctx: SurfaceCtx, query: { type?: string; customer_id?: string; page?: number; limit?: number } = {}, opts?: ReadOptions) =>
  read(ctx, "/recipients", s.recipients, query, opts);
export const getRecipient = (ctx: SurfaceCtx, id: string, opts?: ReadOptions) => read(ctx, `/recipients/${enc(id)}`, s.recipient, undefined, opts);
export const createRecipient = (ctx: SurfaceCtx, body: Body, attempt: WriteAttempt) =>
  writeTo("core", ctx, { operation: "core.createRecipient", method: "POST", path: "/recipients", body, schema: s.recipient, attempt });

export const listTransfers = (ctx: SurfaceCtx, query: { status?: string; page?: number; limit?: number } = {}, opts?: ReadOptions) =>
  read(ctx, "/transfers", s.transfers, query, opts);
export const getTransfer = (ctx: SurfaceCtx, id: string, opts?: ReadOptions) => read(ctx, `/transfers/${enc(id)}`, s.transfer, undefined, opts);
export const createTransfer = (ctx: SurfaceCtx, body: Body, attempt: WriteAttempt) =>
  writeTo("core", ctx, { operation: "core.createTransfer", method: "POST", path: "/transfers", body, schema: s.transfer, attempt });

export const getMerchantBalance = (ctx: SurfaceCtx, opts?: ReadOptions) => read(ctx, "/merchant/balance", s.merchantBalance, undefined, opts);
/**
 * Moves collection balance to withdrawal balance. The key is sent, but the spec does not promise
 * the provider honours it on this route, so a failed attempt is never re-sent automatically.
 */
export const transferBalance = (ctx: SurfaceCtx, body: { amount_usd: string }, attempt: WriteAttempt) =>
  writeTo("core", ctx, {
    operation: "core.transferBalance",
    method: "POST",
    path: "/merchant/balance/transfer",
    body,
    schema: s.balanceTransferCreated,
    attempt,
    retry: false,
  });
export const listBalanceTransfers = (ctx: SurfaceCtx, query: { page?: number; limit?: number } = {}, opts?: ReadOptions) =>
  read(ctx, "/merchant/balance/transfers", s.balanceTransfers, query, opts);

export const listMerchantWithdrawals = (ctx: SurfaceCtx, query: { status?: string; page?: number; limit?: number } = {}, opts?: ReadOptions) =>
  read(ctx, "/merchant/withdrawals", s.withdrawals, query, opts);
export const getMerchantWithdrawal = (ctx: SurfaceCtx, id: string, opts?: ReadOptions) =>
  read(ctx, `/merchant/withdrawals/${enc(id)}`, s.withdrawal, undefined, opts);
export const createMerchantWithdrawal = (
  ctx: SurfaceCtx,
  body: { amount_usd: string; token: string; chain: string; destination_address: string },
  attempt: WriteAttempt,
) =>
  writeTo("core", ctx, {
    operation: "core.createMerchantWithdrawal",
    method: "POST",
    path: "/merchant/withdrawals",
    body,
    schema: s.withdrawalCreated,
    attempt,
  });

/**
 * The spec's other on-chain send from the withdrawal balance; same record as a merchant withdrawal.
 * The balances page withdraws through it (the withdrawals page uses `createMerchantWithdrawal`,
 * where the spec requires the idempotency key). Never retried automatically, because the spec does
 * not promise the key is honoured here; the ledger still answers a repeat of a known success.
 */
export const withdrawFromBalance = (
  ctx: SurfaceCtx,
  body: { amount_usd: string; token: string; chain: string; destination_address: string },
  attempt: WriteAttempt,
) =>
  writeTo("core", ctx, {
    operation: "core.withdrawFromBalance",
    method: "POST",
    path: "/merchant/balance/withdraw",
    body,
    schema: s.withdrawalCreated,
    attempt,
    retry: false,
  });

export const getMerchantFunding = (ctx: SurfaceCtx, opts?: ReadOptions) => read(ctx, "/merchant/funding", s.merchantFunding, undefined, opts);
export const setNgnSettlementDestination = (ctx: SurfaceCtx, body: { ngn_settlement_destination: "USD_BALANCE" | "NGN_BALANCE" }, attempt: WriteAttempt) =>
  writeTo("core", ctx, {
    operation: "core.setNgnSettlementDestination",
    method: "PATCH",
    path: "/merchant/funding/settlement-destination",
    body,
    schema: s.merchantFunding,
    attempt,
    retry: true,
  });

// Legacy routes: read views only (new work uses funding accounts, deposits and transfers).
export const listPayouts = (ctx: SurfaceCtx, query: { type?: string; status?: string; page?: number; limit?: number } = {}, opts?: ReadOptions) =>
  read(ctx, "/payouts", s.payouts, query, opts);
export const getPayout = (ctx: SurfaceCtx, id: string, opts?: ReadOptions) => read(ctx, `/payouts/${enc(id)}`, s.payout, undefined, opts);
export const listOnramps = (ctx: SurfaceCtx, query: { status?: string; customer_id?: string; page?: number; limit?: number } = {}, opts?: ReadOptions) =>
  read(ctx, "/onramps", s.onramps, query, opts);
export const getOnramp = (ctx: SurfaceCtx, id: string, opts?: ReadOptions) => read(ctx, `/onramps/${enc(id)}`, s.onramp, undefined, opts);
/** Legacy onramp and offramp creation (the app shows legacy records read-only); not retried automatically, as the spec does not promise the idempotency key there. */
export const createOnramp = (
  ctx: SurfaceCtx,
  body: {
    type: "TEMPORARY" | "PERMANENT";
    customer_id: string;
    amount?: string;
    settlement: { mode: "INTERNAL_BALANCE" | "ONCHAIN"; rate_id?: string; asset?: string; chain?: string; address?: string };
    developer_fee?: { percentage: string };
  },
  attempt: WriteAttempt,
) => writeTo("core", ctx, { operation: "core.createOnramp", method: "POST", path: "/onramps", body, schema: s.onramp, attempt, retry: false });
export const createOfframp = (
  ctx: SurfaceCtx,
  body: {
    type: "TEMPORARY" | "PERMANENT";
    customer_id: string;
    chain: string;
    asset: "USDC" | "USDT";
    settlement: { mode: "INTERNAL_BALANCE" | "NGN_PAYOUT"; rate_id?: string; destination_bank?: { account_number: string; bank_code: string } };
    developer_fee?: { percentage: string };
  },
  attempt: WriteAttempt,
) => writeTo("core", ctx, { operation: "core.createOfframp", method: "POST", path: "/offramps", body, schema: s.offramp, attempt, retry: false });
export const listOfframps = (ctx: SurfaceCtx, query: { status?: string; customer_id?: string; page?: number; limit?: number } = {}, opts?: ReadOptions) =>
  read(ctx, "/offramps", s.offramps, query, opts);
export const getOfframp = (ctx: SurfaceCtx, id: string, opts?: ReadOptions) => read(ctx, `/offramps/${enc(id)}`, s.offramp, undefined, opts);
