/**
 * Recipients (create with fingerprint deduplication, list, retrieve) and transfers.
 */
import { randomUUID } from "node:crypto";
import type { Hono } from "hono";
import type { EmuEnv, EmulatorContext } from "../../lib/contract";
import { coreError } from "../../lib/http";
import { cmp } from "../../lib/money";
import { emit, quoteTransfer, TRANSFER_REVIEW_THRESHOLD_USD, transferEventView, tryDebit, DELAYS } from "../engine";
import { amountField, enumQuery, FieldErrors, invalidBody, isObject, isUuid, readJsonObject, uuidQuery, validationFailed } from "../http-util";
import { FAILING_TEST_ACCOUNT } from "../reference";
import { recipientFingerprint, validateRecipient, type RecipientInput } from "../recipients-validate";
import type { CoreSlice, Recipient, RecipientType, Transfer, TransferStatus } from "../types";
import { recipientView } from "../views";
import { frozenBlocked, idempotency, listRoute, merchantOf, read, retrieveRoute, write } from "./common";

const RECIPIENT_TYPES: readonly RecipientType[] = ["BANK_ACCOUNT", "CRYPTO_ADDRESS", "US_BANK_ACCOUNT", "SWIFT_BANK_ACCOUNT"];
const TRANSFER_STATUSES: readonly TransferStatus[] = ["PROCESSING", "COMPLETED", "FAILED", "REQUIRES_REVIEW"];

/** Stores a validated recipient, or returns the existing one with the same fingerprint. */
function upsertRecipient(s: CoreSlice, input: RecipientInput, at: string): { recipient: Recipient; created: boolean } {
  const fingerprint = recipientFingerprint(input);
  const existing = s.recipients.find((r) => r.fingerprint === fingerprint);
  if (existing) return { recipient: existing, created: false };
  const recipient: Recipient = { id: randomUUID(), fingerprint, created_at: at, ...input };
  s.recipients.push(recipient);
  return { recipient, created: true };
}

/** Currency a transfer to this recipient is paid in. */
function payoutCurrency(r: RecipientInput): string {
  if (r.type === "BANK_ACCOUNT") return "NGN";
  if (r.type === "CRYPTO_ADDRESS") return r.crypto_address?.asset ?? "USDC";
  return "USD";
}

const MIN_TRANSFER: Record<string, string> = { NGN: "100.00", USD: "1.00", USDC: "1.00", USDT: "1.00" };

export function mountRecipients(router: Hono<EmuEnv>, ctx: EmulatorContext): void {
  router.post("/recipients", write, idempotency, async (c) => {
    const body = await readJsonObject(c);
    if (!body) return invalidBody(c);
    const { s } = merchantOf(c, ctx);
    const errors = new FieldErrors();
    const input = validateRecipient(body, s, errors);
    if (!input) return validationFailed(c, errors.fields);
    const { recipient, created } = upsertRecipient(s, input, ctx.clock.iso());
    if (created) ctx.save();
    return c.json(recipientView(recipient), created ? 201 : 200);
  });

  router.get(
    "/recipients",
    read,
    listRoute(ctx, {
      records: (s) => s.recipients,
      query: (c, errors) => ({ type: enumQuery(c, "type", RECIPIENT_TYPES, errors), customerId: uuidQuery(c, "customer_id", errors) }),
      keep: (r, q) => (q.type === undefined || r.type === q.type) && (q.customerId === undefined || r.customer_id === q.customerId),
      view: recipientView,
    }),
  );

  router.get(
    "/recipients/:id",
    read,
    retrieveRoute(ctx, "recipient", (s) => s.recipients, recipientView),
  );

  router.post("/transfers", write, frozenBlocked, idempotency, async (c) => {
    const body = await readJsonObject(c);
    if (!body) return invalidBody(c);
    const { merchantId, s } = merchantOf(c, ctx);
    const errors = new FieldErrors();

    let onBehalfOf: string | null = null;
    const obo = body.on_behalf_of;
    if (obo !== undefined && obo !== null) {
      if (!isObject(obo)) errors.add("on_behalf_of", "must be an object with customer_id");
      else if (!isUuid(obo.customer_id)) errors.add("on_behalf_of.customer_id", "must be a UUID");
      else if (!s.customers.some((cu) => cu.id === obo.customer_id)) errors.add("on_behalf_of.customer_id", "customer not found");
      else onBehalfOf = obo.customer_id;
    }

    let recipient: Recipient | undefined;
    let newRecipient: RecipientInput | null = null;
    const hasId = body.recipient_id !== undefined && body.recipient_id !== null;
    const hasDest = body.destination !== undefined && body.destination !== null;
    if (hasId && hasDest) errors.add("destination", "send either recipient_id or destination, not both");
    else if (!hasId && !hasDest) errors.add("recipient_id", "recipient_id or destination is required");
    else if (hasId) {
      if (!isUuid(body.recipient_id)) errors.add("recipient_id", "must be a UUID");
      else {
        recipient = s.recipients.find((r) => r.id === body.recipient_id);
        if (!recipient) errors.add("recipient_id", "recipient not found");
      }
    } else if (!isObject(body.destination)) errors.add("destination", "must be an object");
    else {
      // An inline destination is validated like POST /v1/recipients; the customer comes from on_behalf_of.
      const customerForDest = isObject(obo) ? obo.customer_id : null;
      newRecipient = validateRecipient(body.destination, s, errors, "destination", customerForDest ?? null);
    }

    const currency = body.currency;
    const target: RecipientInput | undefined = recipient ?? newRecipient ?? undefined;
    if (currency === undefined || currency === null || currency === "") errors.add("currency", "is required");
    else if (typeof currency !== "string") errors.add("currency", "must be a string");
    else if (target && currency !== payoutCurrency(target)) {
      errors.add("currency", `must be ${payoutCurrency(target)} for a ${target.type} recipient`);
    }
    const currencyStr = typeof currency === "string" ? currency : "";
    const amount = amountField(body.amount, "amount", errors, { dp: 2, min: MIN_TRANSFER[currencyStr] });
    let reference: string | null = null;
    if (body.reference !== undefined && body.reference !== null) {
      if (typeof body.reference !== "string" || body.reference.length < 1 || body.reference.length > 64) {
        errors.add("reference", "must be a string of 1 to 64 characters");
      } else reference = body.reference;
    }
    if (!errors.empty || !target || !amount) return validationFailed(c, errors.fields);

    const nowMs = ctx.clock.now();
    const at = ctx.clock.iso(nowMs);
    const quote = quoteTransfer(s, target, currencyStr, amount, nowMs, at);
    if (cmp(s.balances.withdrawal_balance_usd, quote.debit_amount) < 0) {
      return coreError(
        c,
        400,
        "insufficient_balance",
        `The withdrawal balance (USD ${s.balances.withdrawal_balance_usd}) does not cover the debit of USD ${quote.debit_amount}.`,
        {
          available: s.balances.withdrawal_balance_usd,
          required: quote.debit_amount,
          currency: "USD",
        },
      );
    }
    if (newRecipient) recipient = upsertRecipient(s, newRecipient, at).recipient;
    const r = recipient as Recipient;
    tryDebit(s, "withdrawal_balance_usd", quote.debit_amount, at);
    const failing = r.type === "BANK_ACCOUNT" && r.bank_account?.account_number === FAILING_TEST_ACCOUNT;
    const review = cmp(quote.debit_amount, TRANSFER_REVIEW_THRESHOLD_USD) > 0;
    const t: Transfer = {
      id: randomUUID(),
      reference: reference ?? `TRF-${nowMs.toString(36).toUpperCase()}`,
      status: "PROCESSING",
      currency: currencyStr,
      amount,
      debit_currency: "USD",
      debit_amount: quote.debit_amount,
      fee: quote.fee,
      rate: quote.rate,
      recipient_id: r.id,
      customer_id: onBehalfOf ?? r.customer_id,
      failure_code: null,
      failure_message: null,
      flag_code: null,
      flag_message: null,
      planned_outcome: failing ? "FAILED" : review ? "REQUIRES_REVIEW" : "COMPLETED",
      next_step_at_ms: nowMs + DELAYS.transferOutcome,
      created_at: at,
      updated_at: at,
      completed_at: null,
    };
    s.transfers.push(t);
    emit(ctx, merchantId, "transfer.created", transferEventView(s, t));
    emit(ctx, merchantId, "transfer.processing", transferEventView(s, t));
    ctx.save();
    return c.json(transferEventView(s, t), 201);
  });

  const transferView = (t: Transfer, s: CoreSlice) => transferEventView(s, t);

  router.get(
    "/transfers",
    read,
    listRoute(ctx, {
      records: (s) => s.transfers,
      query: (c, errors) => ({
        status: enumQuery(c, "status", TRANSFER_STATUSES, errors),
        recipientId: uuidQuery(c, "recipient_id", errors),
        customerId: uuidQuery(c, "customer_id", errors),
      }),
      keep: (t, q) =>
        (q.status === undefined || t.status === q.status) &&
        (q.recipientId === undefined || t.recipient_id === q.recipientId) &&
        (q.customerId === undefined || t.customer_id === q.customerId),
      view: transferView,
    }),
  );

  router.get(
    "/transfers/:id",
    read,
    retrieveRoute(ctx, "transfer", (s) => s.transfers, transferView),
  );
}
