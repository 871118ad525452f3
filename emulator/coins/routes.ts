/**
 * HTTP routes of the Coins surface (`/coins/v1`). Every handler first moves the merchant's
 * time-driven records up to the emulated now, so a read right after a clock advance sees the
 * executed orders and settled withdrawals even before the next tick.
 */
import { randomUUID } from "node:crypto";
import type { Context, Hono } from "hono";
import { z } from "zod";
import type { EmuEnv, EmulatorContext } from "../lib/contract";
import { blockIfFrozen, envelopeError, idempotent, ok, requireScope } from "../lib/http";
import { parseDecimal } from "../lib/money";
import { ASSETS, BANKS, CHAINS, FIAT_WITHDRAWAL, WITHDRAWABLE, assetIcon, findMarket, findRail, isAssetSymbol } from "./catalog";
import { advance, cancelOrder, createCryptoWithdrawal, createFiatWithdrawal, placeOrder } from "./engine";
import { allMarketViews } from "./pricing";
import { ORDER_STATUSES, TRANSACTION_TYPES, WITHDRAWAL_STATUSES, nextSeq, type CoinsSlice, type SavedAddress } from "./state";
import { addressProblem, isUuid, paginate, parsePaging, zodFields } from "./validate";
import { addressView, balancesView, cryptoWithdrawalView, fiatWithdrawalView, orderView, portfolioView, transactionView } from "./views";

type C = Context<EmuEnv>;

const LABEL_MAX = 64;
const CAID_RE = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,64}(?:\/[-a-z0-9]{3,8}:[-.%a-zA-Z0-9]{1,128})?$/;

const required = (what: string) => ({ error: (iss: { input: unknown }) => (iss.input === undefined ? "is required" : `must be ${what}`) });
const decimalString = z.string(required("a decimal string")).refine((s) => parseDecimal(s) !== null, { message: 'must be a decimal string such as "1500.00"' });
const positiveAmount = decimalString.refine((s) => parseDecimal(s)?.greaterThan(0) ?? false, { message: "must be greater than 0" });

const PlaceOrderBody = z.object({
  side: z.enum(["buy", "sell"], required('"buy" or "sell"')),
  base_asset: z.string(required("a string")).optional(),
  quote_asset: z.string(required("a string")).optional(),
  market: z.string(required('a string such as "BTC-NGN"')).optional(),
  amount: positiveAmount,
  client_order_id: z
    .string(required("a string"))
    .regex(/^[A-Za-z0-9._:-]{1,64}$/, { message: "must be 1 to 64 characters of letters, digits, . _ : -" })
    .optional(),
});

const CreateAddressBody = z.object({
  address: z.string(required("a string")).min(1, { message: "is required" }).max(128, { message: "must be at most 128 characters" }),
  asset: z.string(required("an asset symbol")),
  chain: z.string(required('a chain key such as "tron"')),
  label: z
    .string(required("a string"))
    .max(LABEL_MAX, { message: `must be at most ${LABEL_MAX} characters` })
    .optional(),
});

const PatchAddressBody = z.object({
  label: z.string(required("a string (an empty string clears the label)")).max(LABEL_MAX, { message: `must be at most ${LABEL_MAX} characters` }),
});

const CryptoWithdrawalBody = z.object({
  address_id: z.string(required("a UUID")).refine(isUuid, { message: "must be a UUID" }),
  asset: z.string(required("an asset symbol")),
  chain: z.string(required("a chain key")),
  amount: positiveAmount,
});

const FiatWithdrawalBody = z.object({
  currency: z.literal("NGN", { error: 'must be "NGN" (the only currency withdrawable to a bank)' }).optional(),
  amount: positiveAmount,
  bank_code: z.string(required("a bank code")).refine((s) => s in BANKS, { message: "is not a supported bank code" }),
  account_number: z.string(required("a 10-digit NUBAN account number")).regex(/^\d{10}$/, { message: "must be a 10-digit NUBAN account number" }),
  narration: z.string(required("a string")).max(100, { message: "must be at most 100 characters" }).optional(),
});

function validationError(c: C, fields: Record<string, string>): Response {
  const names = Object.keys(fields);
  return envelopeError(c, 400, "VALIDATION_ERROR", `Validation failed: ${names.join(", ")}.`, fields);
}

/** 400 INSUFFICIENT_BALANCE with the figures in details; `covers` says what the required sum includes. */
function insufficientBalance(c: C, r: { asset: string; available: string; required: string }, covers: string): Response {
  return envelopeError(
    c,
    400,
    "INSUFFICIENT_BALANCE",
    `Insufficient ${r.asset} balance: available ${r.available}, required ${r.required}${covers}.`,
    undefined,
    {
      asset: r.asset,
      available: r.available,
      required: r.required,
    },
  );
}

/** Parses a JSON object body against a schema; returns the value or the error response. */
async function readBody<T>(c: C, schema: z.ZodType<T>): Promise<{ ok: true; value: T } | { ok: false; res: Response }> {
  let parsed: unknown;
  try {
    const text = await c.req.text();
    parsed = text.trim() === "" ? undefined : JSON.parse(text);
  } catch {
    return { ok: false, res: validationError(c, { body: "must be valid JSON" }) };
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    return { ok: false, res: validationError(c, { body: "must be a JSON object" }) };
  }
  const r = schema.safeParse(parsed);
  if (!r.success) return { ok: false, res: validationError(c, zodFields(r.error)) };
  return { ok: true, value: r.data };
}

/** Query value, with blank treated as absent (forms often send `?status=`). */
function q(c: C, name: string): string | undefined {
  const v = c.req.query(name);
  return v === undefined || v.trim() === "" ? undefined : v.trim();
}

/** The `status` filter both withdrawal lists take. */
function withdrawalStatusFilter(c: C, fields: Record<string, string>): string | undefined {
  const status = q(c, "status");
  if (status !== undefined && !(WITHDRAWAL_STATUSES as readonly string[]).includes(status)) fields.status = `must be one of ${WITHDRAWAL_STATUSES.join(", ")}`;
  return status;
}

function decimalsOf(s: string): number {
  const dot = s.indexOf(".");
  return dot < 0 ? 0 : s.length - dot - 1;
}

export function mountCoins(router: Hono<EmuEnv>, ctx: EmulatorContext): void {
  const iso = (ms: number) => ctx.clock.iso(ms);
  const sliceOf = (c: C): CoinsSlice => {
    const slice = ctx.slice<CoinsSlice>("coins", c.get("auth").merchant.id);
    if (advance(slice, randomUUID, ctx.clock.now())) ctx.save();
    return slice;
  };
  const read = requireScope("Read");
  const write = requireScope("Write");
  const trade = requireScope("Trade");

  /**
   * GET handler of a cursor-paged list: the route's filters and the paging are checked together,
   * so one VALIDATION_ERROR names every bad parameter; then one page of the kept rows, newest first.
   */
  const listRoute =
    <T extends { seq: number }, F>(spec: {
      kind: string;
      key: string;
      records: (slice: CoinsSlice) => readonly T[];
      filters: (c: C, fields: Record<string, string>) => F;
      keep: (row: T, filters: F) => boolean;
      view: (row: T, iso: (ms: number) => string) => unknown;
    }) =>
    (c: C): Response => {
      const slice = sliceOf(c);
      const fields: Record<string, string> = {};
      const filters = spec.filters(c, fields);
      const paging = parsePaging(spec.kind, q(c, "limit"), q(c, "cursor"));
      if (!paging.ok) Object.assign(fields, paging.fields);
      if (Object.keys(fields).length > 0 || !paging.ok) return validationError(c, fields);
      const page = paginate(
        spec.kind,
        spec.records(slice).filter((row) => spec.keep(row, filters)),
        paging.value,
      );
      return ok(c, { [spec.key]: page.items.map((row) => spec.view(row, iso)), next_cursor: page.next_cursor });
    };

  /** GET handler of one record by id: VALIDATION_ERROR for a malformed id, else 404 with `code` when absent. */
  const retrieveRoute =
    <T extends { id: string }>(
      records: (slice: CoinsSlice) => readonly T[],
      code: string,
      message: string,
      view: (row: T, iso: (ms: number) => string) => unknown,
    ) =>
    (c: C): Response => {
      const id = c.req.param("id") ?? "";
      if (!isUuid(id)) return validationError(c, { id: "must be a UUID" });
      const row = records(sliceOf(c)).find((r) => r.id === id.toLowerCase());
      if (!row) return envelopeError(c, 404, code, message);
      return ok(c, view(row, iso));
    };

  // ---- markets ----
  router.get("/markets", read, (c) => {
    const base = q(c, "base_caid");
    const quote = q(c, "quote_caid");
    const fields: Record<string, string> = {};
    if (base !== undefined && !CAID_RE.test(base)) fields.base_caid = "must be an asset identifier of the form <namespace>:<identifier>";
    if (quote !== undefined && !CAID_RE.test(quote)) fields.quote_caid = "must be an asset identifier of the form <namespace>:<identifier>";
    if (Object.keys(fields).length > 0) return validationError(c, fields);
    // Hex contract addresses are case-insensitive, so identifiers are compared without case.
    const same = (a: string, b: string | undefined) => b === undefined || a.toLowerCase() === b.toLowerCase();
    const markets = allMarketViews(ctx.clock.now(), iso).filter((m) => same(m.base_caid, base) && same(m.quote_caid, quote));
    return ok(c, { markets });
  });

  // ---- orders ----
  router.get(
    "/orders",
    read,
    listRoute({
      kind: "orders",
      key: "orders",
      records: (slice) => slice.orders,
      filters: (c, fields) => {
        const f = { status: q(c, "status"), side: q(c, "side"), baseAsset: q(c, "base_asset")?.toUpperCase(), quoteAsset: q(c, "quote_asset")?.toUpperCase() };
        if (f.status !== undefined && !(ORDER_STATUSES as readonly string[]).includes(f.status)) fields.status = `must be one of ${ORDER_STATUSES.join(", ")}`;
        if (f.side !== undefined && f.side !== "buy" && f.side !== "sell") fields.side = "must be buy or sell";
        if (f.baseAsset !== undefined && !isAssetSymbol(f.baseAsset)) fields.base_asset = "is not a known asset";
        if (f.quoteAsset !== undefined && !isAssetSymbol(f.quoteAsset)) fields.quote_asset = "is not a known asset";
        return f;
      },
      keep: (o, f) =>
        (f.status === undefined || o.status === f.status) &&
        (f.side === undefined || o.side === f.side) &&
        (f.baseAsset === undefined || o.base_asset === f.baseAsset) &&
        (f.quoteAsset === undefined || o.quote_asset === f.quoteAsset),
      view: orderView,
    }),
  );

  router.get(
    "/orders/:id",
    read,
    retrieveRoute((slice) => slice.orders, "ORDER_NOT_FOUND", "No order with that id.", orderView),
  );

  router.post("/orders", trade, blockIfFrozen(), idempotent(), async (c) => {
    const body = await readBody(c, PlaceOrderBody);
    if (!body.ok) return body.res;
    const b = body.value;
    const fields: Record<string, string> = {};
    let base = b.base_asset?.trim().toUpperCase();
    let quoteAsset = b.quote_asset?.trim().toUpperCase();
    if (b.market !== undefined) {
      const m = /^([A-Za-z]{2,10})[-/]([A-Za-z]{2,10})$/.exec(b.market.trim());
      if (!m) fields.market = 'must look like "BTC-NGN" (base-quote)';
      else {
        const [mb, mq] = [m[1]!.toUpperCase(), m[2]!.toUpperCase()];
        if ((base !== undefined && base !== mb) || (quoteAsset !== undefined && quoteAsset !== mq)) fields.market = "does not match base_asset and quote_asset";
        base = mb;
        quoteAsset = mq;
      }
    } else {
      if (base === undefined) fields.base_asset = "is required (or send market)";
      if (quoteAsset === undefined) fields.quote_asset = "is required (or send market)";
    }
    if (Object.keys(fields).length > 0 || base === undefined || quoteAsset === undefined) return validationError(c, fields);
    const market = findMarket(base, quoteAsset);
    if (!market)
      return envelopeError(c, 404, "SYMBOL_NOT_FOUND", `No market ${base}/${quoteAsset}. List markets with GET /markets.`, undefined, {
        base_asset: base,
        quote_asset: quoteAsset,
      });
    const amountAsset = b.side === "buy" ? market.quote : market.base;
    if (decimalsOf(b.amount) > ASSETS[amountAsset].decimals) {
      return validationError(c, { amount: `must have at most ${ASSETS[amountAsset].decimals} decimal places for ${amountAsset}` });
    }
    const slice = sliceOf(c);
    if (b.client_order_id !== undefined) {
      const existing = slice.orders.find((o) => o.client_order_id === b.client_order_id);
      if (existing) {
        return envelopeError(c, 409, "DUPLICATE_CLIENT_ORDER_ID", "An order with this client_order_id already exists.", undefined, { order_id: existing.id });
      }
    }
    const now = ctx.clock.now();
    const r = placeOrder(slice, randomUUID, now, { side: b.side, market, amount: parseDecimal(b.amount)!, client_order_id: b.client_order_id ?? null });
    if (!r.ok) {
      if (r.kind === "below_minimum") {
        return validationError(c, {
          amount: `is below the market minimum of ${r.minimum} ${market.quote} (this order is worth ${r.quoteValue} ${market.quote})`,
        });
      }
      return insufficientBalance(c, r, "");
    }
    ctx.save();
    return ok(c, orderView(r.order, iso), 201, "Order placed");
  });

  router.post("/orders/:id/cancel", trade, (c) => {
    const id = c.req.param("id");
    if (!isUuid(id)) return validationError(c, { id: "must be a UUID" });
    const slice = sliceOf(c);
    const order = slice.orders.find((o) => o.id === id.toLowerCase());
    if (!order) return envelopeError(c, 404, "ORDER_NOT_FOUND", "No order with that id.");
    if (!cancelOrder(slice, order, ctx.clock.now())) {
      return envelopeError(c, 409, "ORDER_NOT_CANCELLABLE", `Only pending orders can be cancelled; this order is ${order.status}.`, undefined, {
        status: order.status,
      });
    }
    ctx.save();
    return ok(c, orderView(order, iso), 200, "Order cancelled");
  });

  // ---- balances, transactions, portfolio ----
  router.get("/balances", read, (c) => ok(c, { balances: balancesView(sliceOf(c)) }));

  router.get(
    "/transactions",
    read,
    listRoute({
      kind: "transactions",
      key: "transactions",
      records: (slice) => slice.transactions,
      filters: (c, fields) => {
        const f = { type: q(c, "type"), asset: q(c, "asset")?.toUpperCase(), status: q(c, "status") };
        if (f.type !== undefined && !(TRANSACTION_TYPES as readonly string[]).includes(f.type)) fields.type = `must be one of ${TRANSACTION_TYPES.join(", ")}`;
        if (f.asset !== undefined && !isAssetSymbol(f.asset)) fields.asset = "is not a known asset";
        if (f.status !== undefined && !["pending", "completed", "failed"].includes(f.status)) fields.status = "must be one of pending, completed, failed";
        return f;
      },
      keep: (t, f) =>
        (f.type === undefined || t.type === f.type) && (f.asset === undefined || t.asset === f.asset) && (f.status === undefined || t.status === f.status),
      view: transactionView,
    }),
  );

  router.get("/portfolio", read, (c) => ok(c, portfolioView(sliceOf(c), ctx.clock.now(), iso)));

  // ---- crypto withdrawals ----
  router.get("/crypto-withdrawals/assets", read, (c) =>
    ok(
      c,
      WITHDRAWABLE.map((a) => ({
        symbol: a.symbol,
        display_name: ASSETS[a.symbol].display_name,
        decimals: ASSETS[a.symbol].decimals,
        icon: assetIcon(a.symbol),
        chains: a.rails.map((r) => ({
          blockchain: r.chain,
          blockchain_name: CHAINS[r.chain]!.blockchain_name,
          caid: r.caid,
          contract_address: r.contract_address,
          icon: CHAINS[r.chain]!.icon,
          network_fee: r.network_fee,
          min_amount: r.min_amount,
        })),
      })),
    ),
  );

  router.get("/crypto-withdrawals/addresses", read, (c) => {
    const asset = q(c, "asset")?.toUpperCase();
    const chain = q(c, "chain")?.toLowerCase();
    const rows = sliceOf(c)
      .addresses.filter((a) => (asset === undefined || a.asset === asset) && (chain === undefined || a.chain === chain))
      .sort((a, b) => b.seq - a.seq);
    return ok(
      c,
      rows.map((a) => addressView(a, iso)),
    );
  });

  router.post("/crypto-withdrawals/addresses", write, async (c) => {
    const body = await readBody(c, CreateAddressBody);
    if (!body.ok) return body.res;
    const b = body.value;
    const asset = b.asset.trim().toUpperCase();
    const chain = b.chain.trim().toLowerCase();
    const address = b.address.trim();
    if (!isAssetSymbol(asset) || !WITHDRAWABLE.some((w) => w.symbol === asset))
      return validationError(c, { asset: "is not a withdrawable asset (see GET /crypto-withdrawals/assets)" });
    const rail = findRail(asset, chain);
    if (!rail) return validationError(c, { chain: `is not available for ${asset} (see GET /crypto-withdrawals/assets)` });
    const problem = addressProblem(CHAINS[chain]!.family, address);
    if (problem) return validationError(c, { address: `${problem} for ${CHAINS[chain]!.blockchain_name}` });
    const slice = sliceOf(c);
    // EVM addresses are case-insensitive (checksum casing only); other families are case-sensitive.
    const key = (s: string) => (CHAINS[chain]!.family === "evm" ? s.toLowerCase() : s);
    const existing = slice.addresses.find((a) => a.asset === asset && a.chain === chain && key(a.address) === key(address));
    if (existing)
      return envelopeError(c, 409, "ADDRESS_ALREADY_EXISTS", "This address is already saved for this asset and chain.", undefined, { address_id: existing.id });
    const now = ctx.clock.now();
    const record: SavedAddress = {
      id: randomUUID(),
      seq: nextSeq(slice),
      address,
      asset,
      chain,
      label: b.label?.trim() ?? "",
      created_at: now,
      updated_at: now,
    };
    slice.addresses.push(record);
    ctx.save();
    return ok(c, addressView(record, iso), 201, "Address saved");
  });

  router.patch("/crypto-withdrawals/addresses/:id", write, async (c) => {
    const id = c.req.param("id");
    if (!isUuid(id)) return validationError(c, { id: "must be a UUID" });
    const body = await readBody(c, PatchAddressBody);
    if (!body.ok) return body.res;
    const slice = sliceOf(c);
    const record = slice.addresses.find((a) => a.id === id.toLowerCase());
    if (!record) return envelopeError(c, 404, "ADDRESS_NOT_FOUND", "No saved address with that id.");
    // An empty (or blank) label clears it; the field stays a string.
    record.label = body.value.label.trim();
    record.updated_at = ctx.clock.now();
    ctx.save();
    return ok(c, addressView(record, iso), 200, record.label === "" ? "Label cleared" : "Label updated");
  });

  router.post("/crypto-withdrawals", write, blockIfFrozen(), idempotent(), async (c) => {
    const body = await readBody(c, CryptoWithdrawalBody);
    if (!body.ok) return body.res;
    const b = body.value;
    const slice = sliceOf(c);
    const address = slice.addresses.find((a) => a.id === b.address_id.toLowerCase());
    if (!address) return envelopeError(c, 404, "ADDRESS_NOT_FOUND", "No saved address with that id; save it first with POST /crypto-withdrawals/addresses.");
    const fields: Record<string, string> = {};
    if (b.asset.trim().toUpperCase() !== address.asset) fields.asset = `does not match the saved address (${address.asset})`;
    if (b.chain.trim().toLowerCase() !== address.chain) fields.chain = `does not match the saved address (${address.chain})`;
    if (decimalsOf(b.amount) > ASSETS[address.asset].decimals)
      fields.amount = `must have at most ${ASSETS[address.asset].decimals} decimal places for ${address.asset}`;
    if (Object.keys(fields).length > 0) return validationError(c, fields);
    const r = createCryptoWithdrawal(slice, randomUUID, ctx.clock.now(), address, parseDecimal(b.amount)!);
    if (!r.ok) {
      if (r.kind === "below_minimum") return validationError(c, { amount: `is below the minimum of ${r.minimum} ${address.asset} on ${address.chain}` });
      return insufficientBalance(c, r, " (amount plus network fee)");
    }
    ctx.save();
    return ok(c, cryptoWithdrawalView(r.withdrawal, iso), 201, "Withdrawal requested");
  });

  router.get(
    "/crypto-withdrawals",
    read,
    listRoute({
      kind: "crypto_withdrawals",
      key: "withdrawals",
      records: (slice) => slice.cryptoWithdrawals,
      filters: (c, fields) => {
        const f = { status: withdrawalStatusFilter(c, fields), asset: q(c, "asset")?.toUpperCase() };
        if (f.asset !== undefined && !isAssetSymbol(f.asset)) fields.asset = "is not a known asset";
        return f;
      },
      keep: (w, f) => (f.status === undefined || w.status === f.status) && (f.asset === undefined || w.asset === f.asset),
      view: cryptoWithdrawalView,
    }),
  );

  router.get(
    "/crypto-withdrawals/:id",
    read,
    retrieveRoute((slice) => slice.cryptoWithdrawals, "WITHDRAWAL_NOT_FOUND", "No crypto withdrawal with that id.", cryptoWithdrawalView),
  );

  // ---- fiat ----
  router.post("/fiat-withdrawals", write, blockIfFrozen(), idempotent(), async (c) => {
    const body = await readBody(c, FiatWithdrawalBody);
    if (!body.ok) return body.res;
    const b = body.value;
    if (decimalsOf(b.amount) > 2) return validationError(c, { amount: "must have at most 2 decimal places for NGN" });
    const amount = parseDecimal(b.amount)!;
    if (amount.greaterThan(FIAT_WITHDRAWAL.max_amount))
      return validationError(c, { amount: `must be at most ${FIAT_WITHDRAWAL.max_amount} NGN per withdrawal` });
    const slice = sliceOf(c);
    const r = createFiatWithdrawal(slice, randomUUID, ctx.clock.now(), {
      amount,
      bank_code: b.bank_code,
      account_number: b.account_number,
      narration: b.narration?.trim() || null,
    });
    if (!r.ok) {
      if (r.kind === "below_minimum") return validationError(c, { amount: `is below the minimum of ${r.minimum} NGN` });
      return insufficientBalance(c, r, " (amount plus fee)");
    }
    ctx.save();
    return ok(c, fiatWithdrawalView(r.withdrawal, iso), 201, "Withdrawal requested");
  });

  router.get(
    "/fiat-withdrawals",
    read,
    listRoute({
      kind: "fiat_withdrawals",
      key: "withdrawals",
      records: (slice) => slice.fiatWithdrawals,
      filters: withdrawalStatusFilter,
      keep: (w, status) => status === undefined || w.status === status,
      view: fiatWithdrawalView,
    }),
  );

  router.get(
    "/fiat-withdrawals/:id",
    read,
    retrieveRoute((slice) => slice.fiatWithdrawals, "WITHDRAWAL_NOT_FOUND", "No fiat withdrawal with that id.", fiatWithdrawalView),
  );

  router.get("/fiat-deposits/options", read, (c) => {
    const slice = sliceOf(c);
    return ok(c, [
      { currency: "NGN", display_name: "Nigerian Naira (bank transfer)", min_amount: "1000.00", account: { ...slice.depositAccounts.NGN, status: "active" } },
      { currency: "USD", display_name: "US Dollar (domestic wire)", min_amount: "100.00", account: { ...slice.depositAccounts.USD, status: "inactive" } },
    ]);
  });
}
