/**
 * Stored records -> the objects the API returns (and webhook events carry as `data`). Internal
 * bookkeeping fields never leave this module; account numbers and IBANs are masked to the last 4.
 */
import type { Customer, Deposit, FundingAccount, MerchantFunding, MerchantWithdrawal, Recipient, Transfer } from "./types";

const last4 = (s: string): string => s.slice(-4);

/** A flag or failure shows as its code and message together, and only once a code is set. */
function putCodePair(out: Record<string, unknown>, kind: "flag" | "failure", code: string | null, message: string | null): void {
  if (code === null) return;
  out[`${kind}_code`] = code;
  out[`${kind}_message`] = message;
}

export function customerView(c: Customer): Customer {
  return { ...c };
}

export function fundingAccountView(fa: FundingAccount): Record<string, unknown> {
  return {
    object: "funding_account",
    id: fa.id,
    type: fa.type,
    status: fa.status,
    rail: fa.rail,
    customer_id: fa.customer_id,
    currency: fa.currency,
    amount: fa.amount,
    asset: fa.asset,
    chain: fa.chain,
    settlement_destination: { ...fa.settlement_destination },
    developer_fee: fa.developer_fee,
    instructions: fa.instructions.map((i) => ({ ...i })),
    failure_reason: fa.failure_reason,
    expires_at: fa.expires_at,
    created_at: fa.created_at,
    updated_at: fa.updated_at,
  };
}

/** Optional deposit fields are present only when they apply (the spec's "present when ..."). */
export function depositView(d: Deposit): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: d.id,
    type: d.type,
    funding_account_id: d.funding_account_id,
  };
  if (d.onramp_id) out.onramp_id = d.onramp_id;
  if (d.offramp_id) out.offramp_id = d.offramp_id;
  out.customer_id = d.customer_id;
  out.amount = d.amount;
  out.currency = d.currency;
  out.settled_amount = d.settled_amount;
  out.settled_currency = d.settled_currency;
  if (d.rate !== null) out.rate = d.rate;
  if (d.rate_id !== null) out.rate_id = d.rate_id;
  out.status = d.status;
  out.settlement_status = d.settlement_status;
  out.settlement_mode = d.settlement_mode;
  if (d.asset !== null) out.asset = d.asset;
  if (d.chain !== null) out.chain = d.chain;
  if (d.tx_hash !== null) out.tx_hash = d.tx_hash;
  out.fees = { ...d.fees };
  if (d.developer_fee) out.developer_fee = { ...d.developer_fee };
  if (d.customer_amount) out.customer_amount = { ...d.customer_amount };
  putCodePair(out, "flag", d.flag_code, d.flag_message);
  putCodePair(out, "failure", d.failure_code, d.failure_message);
  out.created_at = d.created_at;
  out.updated_at = d.updated_at;
  // Fields added through the control API's drift route (never by the emulator itself).
  if (d.drift_fields) Object.assign(out, d.drift_fields);
  return out;
}

export function recipientView(r: Recipient): Record<string, unknown> {
  return {
    id: r.id,
    type: r.type,
    first_name: r.first_name,
    last_name: r.last_name,
    customer_id: r.customer_id,
    bank_account: r.bank_account
      ? {
          account_name: r.bank_account.account_name,
          account_number_last4: last4(r.bank_account.account_number),
          bank_code: r.bank_account.bank_code,
          bank_name: r.bank_account.bank_name,
        }
      : null,
    crypto_address: r.crypto_address ? { ...r.crypto_address } : null,
    us_bank_account: r.us_bank_account
      ? {
          account_owner_name: r.us_bank_account.account_owner_name,
          account_number_last4: last4(r.us_bank_account.account_number),
          routing_number: r.us_bank_account.routing_number,
          bank_name: r.us_bank_account.bank_name,
          account_type: r.us_bank_account.account_type,
          payout_scheme: r.us_bank_account.payout_scheme,
          address: { ...r.us_bank_account.address },
        }
      : null,
    swift_bank_account: r.swift_bank_account
      ? {
          account_owner_name: r.swift_bank_account.account_owner_name,
          account_owner_type: r.swift_bank_account.account_owner_type,
          first_name: r.swift_bank_account.first_name,
          last_name: r.swift_bank_account.last_name,
          business_name: r.swift_bank_account.business_name,
          short_business_description: r.swift_bank_account.short_business_description,
          category: r.swift_bank_account.category,
          account_country: r.swift_bank_account.account_country,
          bank_name: r.swift_bank_account.bank_name,
          bic: r.swift_bank_account.bic,
          iban_last4: last4(r.swift_bank_account.iban),
          purpose_of_funds: [...r.swift_bank_account.purpose_of_funds],
          address: { ...r.swift_bank_account.address },
          bank_address: { ...r.swift_bank_account.bank_address },
        }
      : null,
    created_at: r.created_at,
  };
}

/** The transfer's recipient summary: id, type and the matching (masked) details object. */
function transferRecipient(r: Recipient | undefined, id: string): Record<string, unknown> {
  if (!r) return { id, type: null };
  const full = recipientView(r);
  const key = r.type.toLowerCase();
  return { id: r.id, type: r.type, [key]: full[key] };
}

export function transferView(t: Transfer, recipient: Recipient | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: t.id,
    reference: t.reference,
    status: t.status,
    currency: t.currency,
    amount: t.amount,
    debit_currency: t.debit_currency,
    debit_amount: t.debit_amount,
    fee: t.fee,
    rate: { ...t.rate },
    recipient: transferRecipient(recipient, t.recipient_id),
    customer_id: t.customer_id,
  };
  putCodePair(out, "failure", t.failure_code, t.failure_message);
  putCodePair(out, "flag", t.flag_code, t.flag_message);
  out.created_at = t.created_at;
  out.updated_at = t.updated_at;
  out.completed_at = t.completed_at;
  return out;
}

export function withdrawalView(w: MerchantWithdrawal): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: w.id,
    amount_usd: w.amount_usd,
    fee_usd: w.fee_usd,
    token: w.token,
    chain: w.chain,
    destination_address: w.destination_address,
    status: w.status,
  };
  if (w.provider_tx_id !== null) out.provider_tx_id = w.provider_tx_id;
  if (w.tx_hash !== null) out.tx_hash = w.tx_hash;
  putCodePair(out, "failure", w.failure_code, w.failure_message);
  out.created_at = w.created_at;
  out.submitted_at = w.submitted_at;
  out.settled_at = w.settled_at;
  out.updated_at = w.updated_at;
  return out;
}

export function merchantFundingView(f: MerchantFunding): Record<string, unknown> {
  return {
    id: f.id,
    setup_status: f.setup_status,
    ngn_settlement_destination: f.ngn_settlement_destination,
    ngn_account: f.ngn_account ? { ...f.ngn_account } : null,
    crypto_wallet: { wallet_id: f.crypto_wallet.wallet_id, addresses: f.crypto_wallet.addresses.map((a) => ({ ...a })) },
    updated_at: f.updated_at,
  };
}
