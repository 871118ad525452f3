/**
 * The provider's write requests as its documents describe them (upstream-api-spec.md wins where the
 * docs notes disagree), and a check of one recorded request against its entry. Where a document
 * names an endpoint but shows no body, `fields` is null: then only what the documents do say is
 * checked (method, path, headers, the decimal-string convention).
 */
import type { RecordedRequest } from "./recording-proxy";

/** Allowed fields: `true` for a leaf (or a list of leaves), a nested tree for an object. */
export type FieldTree = { [name: string]: true | FieldTree };

export interface DocumentedRequest {
  method: "POST" | "PATCH" | "PUT" | "DELETE";
  /** Full path from the host; `{id}` stands for one segment. */
  path: string;
  source: string;
  /** null: the documents do not show the body's fields. "none": no body is sent. */
  fields: FieldTree | null | "none";
  /** Dotted paths that must be present (given the body, for rules that depend on it). */
  required?: (body: Record<string, unknown>) => string[];
  /** Dotted paths that must not be present (given the body). */
  forbidden?: (body: Record<string, unknown>) => string[];
  /** The spec requires X-Idempotency-Key on this request. */
  idempotencyKey?: boolean;
}

const address: FieldTree = { street_line_1: true, street_line_2: true, city: true, state: true, postal_code: true, country: true };
const settlementDestination: FieldTree = {
  type: true,
  rate_id: true,
  destination_asset: true,
  destination_chain: true,
  destination_address: true,
  destination_bank: { account_number: true, bank_code: true },
};

const SPEC = "upstream-api-spec.md";
const NOTES = "upstream-docs-notes.md";

export const DOCUMENTED: Record<string, DocumentedRequest> = {
  "POST /v1/funding-accounts": {
    method: "POST",
    path: "/v1/funding-accounts",
    source: `${SPEC}: Endpoints > Partially shown shapes (funding account creation body); Authentication (4); ${NOTES}: Funding account create`,
    fields: {
      type: true,
      rail: true,
      customer: { customer_id: true },
      currency: true,
      amount: true,
      asset: true,
      chain: true,
      settlement_destination: settlementDestination,
    },
    required: (b) => ["type", "rail", "customer.customer_id", ...(b.rail === "CRYPTO_ADDRESS" ? ["asset", "chain"] : ["currency"])],
    idempotencyKey: true,
  },
  "POST /v1/sandbox/deposits": {
    method: "POST",
    path: "/v1/sandbox/deposits",
    source: `${SPEC}: Endpoints > Partially shown shapes (sandbox deposit simulation); ${NOTES}: Deposit review > Sandbox simulator`,
    fields: { funding_account_id: true, scenario: true },
    required: () => ["funding_account_id"],
  },
  "PATCH /v1/funding-accounts/{id}/settlement-destination": {
    method: "PATCH",
    path: "/v1/funding-accounts/{id}/settlement-destination",
    source: `${NOTES}: Shapes the spec does not show > Funding account create (PATCH .../settlement-destination, body not shown)`,
    fields: null,
  },
  "POST /v1/recipients": {
    method: "POST",
    path: "/v1/recipients",
    source: `${SPEC}: Endpoints > POST /v1/recipients`,
    fields: {
      type: true,
      customer_id: true,
      bank_account: { account_number: true, bank_code: true, account_name: true },
      crypto_address: { asset: true, chain: true, address: true },
      us_bank_account: {
        account_owner_name: true,
        account_number: true,
        routing_number: true,
        bank_name: true,
        account_type: true,
        payout_scheme: true,
        address,
      },
      swift_bank_account: {
        account_owner_name: true,
        account_owner_type: true,
        account_country: true,
        iban: true,
        bic: true,
        bank_name: true,
        first_name: true,
        last_name: true,
        business_name: true,
        category: true,
        purpose_of_funds: true,
        short_business_description: true,
        address,
        bank_address: address,
      },
    },
    required: (b) => {
      const swift = (b.swift_bank_account ?? {}) as Record<string, unknown>;
      switch (b.type) {
        case "BANK_ACCOUNT":
          return ["type", "bank_account.account_number", "bank_account.bank_code"];
        case "CRYPTO_ADDRESS":
          return ["type", "crypto_address.asset", "crypto_address.chain", "crypto_address.address"];
        case "US_BANK_ACCOUNT":
          return [
            "type",
            "customer_id",
            ...[
              "account_owner_name",
              "account_number",
              "routing_number",
              "bank_name",
              "account_type",
              "payout_scheme",
              "address.street_line_1",
              "address.city",
              "address.country",
            ].map((f) => `us_bank_account.${f}`),
          ];
        case "SWIFT_BANK_ACCOUNT":
          return [
            "type",
            "customer_id",
            ...[
              "account_owner_name",
              "account_owner_type",
              "account_country",
              "iban",
              "category",
              "purpose_of_funds",
              "short_business_description",
              "address.street_line_1",
              "address.city",
              "address.country",
              "bank_address.street_line_1",
              "bank_address.city",
              "bank_address.country",
              ...(swift.account_owner_type === "individual" ? ["first_name", "last_name"] : ["business_name"]),
            ].map((f) => `swift_bank_account.${f}`),
          ];
        default:
          return ["type"];
      }
    },
    // Only the object matching `type` is sent.
    forbidden: (b) => ["bank_account", "crypto_address", "us_bank_account", "swift_bank_account"].filter((k) => k !== String(b.type).toLowerCase()),
    idempotencyKey: true,
  },
  "POST /v1/transfers": {
    method: "POST",
    path: "/v1/transfers",
    source: `${SPEC}: Authentication (4); ${NOTES}: Shapes the spec does not show > Transfer create`,
    fields: {
      currency: true,
      amount: true,
      reference: true,
      recipient_id: true,
      destination: { type: true, bank_account: { account_number: true, bank_code: true, account_name: true }, us_bank_account: true, swift_bank_account: true },
      on_behalf_of: { customer_id: true },
    },
    required: (b) => ["currency", "amount", "recipient_id" in b ? "recipient_id" : "destination.type"],
    // `recipient_id | destination`: one or the other.
    forbidden: (b) => ("recipient_id" in b ? ["destination"] : []),
    idempotencyKey: true,
  },
  "POST /v1/merchant/withdrawals": {
    method: "POST",
    path: "/v1/merchant/withdrawals",
    source: `${SPEC}: Authentication (4); ${NOTES}: Shapes the spec does not show > Merchant withdrawal create`,
    fields: { amount_usd: true, token: true, chain: true, destination_address: true },
    required: () => ["amount_usd", "token", "chain", "destination_address"],
    idempotencyKey: true,
  },
  "POST /v1/merchant/balance/transfer": {
    method: "POST",
    path: "/v1/merchant/balance/transfer",
    source: `${SPEC}: Endpoints named in the interface without their shapes; ${NOTES}: Merchant balance`,
    fields: null,
  },
  "POST /v1/merchant/balance/withdraw": {
    method: "POST",
    path: "/v1/merchant/balance/withdraw",
    // Named ("on-chain stablecoin send from withdrawal balance") with its shape not shown: fields unchecked.
    source: `${SPEC}: Endpoints named in the interface without their shapes`,
    fields: null,
  },
  "PATCH /v1/merchant/funding/settlement-destination": {
    method: "PATCH",
    path: "/v1/merchant/funding/settlement-destination",
    source: `${SPEC}: Endpoints > PATCH /v1/merchant/funding/settlement-destination`,
    fields: { ngn_settlement_destination: true },
    required: () => ["ngn_settlement_destination"],
  },
  "POST /v1/banks/resolve": {
    method: "POST",
    path: "/v1/banks/resolve",
    source: `${SPEC}: Endpoints named in the interface without their shapes`,
    fields: null,
  },
  "POST /coins/v1/orders": {
    method: "POST",
    path: "/coins/v1/orders",
    source: `${SPEC}: Coins surface (order placement referred to, shape not shown)`,
    fields: null,
  },
  "POST /coins/v1/crypto-withdrawals": {
    method: "POST",
    path: "/coins/v1/crypto-withdrawals",
    source: `${SPEC}: Coins surface (crypto withdrawal creation referred to, shape not shown)`,
    fields: null,
  },
  "POST /coins/v1/fiat-withdrawals": {
    method: "POST",
    path: "/coins/v1/fiat-withdrawals",
    source: `${SPEC}: Coins surface (fiat withdrawal creation referred to, shape not shown)`,
    fields: null,
  },
  // Not named in either document: the emulator's assumed routes (emulator/ASSUMPTIONS.md, Coins).
  "POST /coins/v1/orders/{id}/cancel": {
    method: "POST",
    path: "/coins/v1/orders/{id}/cancel",
    source: "not in the documents: the sandbox's assumed route (emulator/ASSUMPTIONS.md, Coins orders)",
    fields: null,
  },
  "POST /coins/v1/crypto-withdrawals/addresses": {
    method: "POST",
    path: "/coins/v1/crypto-withdrawals/addresses",
    source:
      "not in the documents (the spec names only address listing and renaming): the sandbox's assumed route (emulator/ASSUMPTIONS.md, Crypto withdrawals and addresses)",
    fields: null,
  },
  "PATCH /coins/v1/crypto-withdrawals/addresses/{id}": {
    method: "PATCH",
    path: "/coins/v1/crypto-withdrawals/addresses/{id}",
    source: `${SPEC}: Endpoints > Coins surface > PATCH /crypto-withdrawals/addresses/{id}`,
    fields: { label: true },
    required: () => ["label"],
  },
  "POST /public/v1/orders/quote": {
    method: "POST",
    path: "/public/v1/orders/quote",
    source: `${NOTES}: Pro orders > Quote; ${SPEC}: POST /orders (client_order_id: for a limit order, the same value sent when requesting the quote)`,
    fields: { symbol: true, side: true, type: true, price: true, quantity: true, client_order_id: true },
    required: (b) => ["symbol", "side", "type", "quantity", ...(b.type === "limit" ? ["price"] : [])],
    forbidden: (b) => (b.type === "market" ? ["price"] : []),
  },
  "POST /public/v1/orders": {
    method: "POST",
    path: "/public/v1/orders",
    source: `${SPEC}: Endpoints > Pro surface > POST /orders`,
    fields: { symbol: true, side: true, type: true, price: true, quantity: true, client_order_id: true, max_taker_fee: true },
    required: (b) => ["symbol", "side", "type", "quantity", ...(b.type === "limit" ? ["price"] : [])],
    // price: "not allowed for market orders"; max_taker_fee: "limit orders only".
    forbidden: (b) => (b.type === "market" ? ["price", "max_taker_fee"] : []),
  },
  "PUT /public/v1/orders/{id}": {
    method: "PUT",
    path: "/public/v1/orders/{id}",
    source: `${NOTES}: Pro orders > Replace (body not shown)`,
    fields: null,
  },
  "DELETE /public/v1/orders/{id}": {
    method: "DELETE",
    path: "/public/v1/orders/{id}",
    source: `${NOTES}: Pro orders > Cancel`,
    fields: "none",
  },
  "POST /public/v1/webhooks": {
    method: "POST",
    path: "/public/v1/webhooks",
    source: `${SPEC}: Pro surface (creating webhooks exists, shape not shown); ${NOTES}: Webhooks > Pro surface > Secret`,
    fields: null,
  },
  "PATCH /public/v1/webhooks/{id}": {
    method: "PATCH",
    path: "/public/v1/webhooks/{id}",
    source: `${SPEC}: Endpoints > Pro surface > PATCH /webhooks/{id}`,
    fields: { url: true, events: true, status: true, description: true },
  },
  "POST /public/v1/webhooks/{id}/rotate-secret": {
    method: "POST",
    path: "/public/v1/webhooks/{id}/rotate-secret",
    source: `${SPEC}: Pro surface (rotating a webhook secret exists, path and shape not shown)`,
    fields: null,
  },
  "DELETE /public/v1/webhooks/{id}": {
    method: "DELETE",
    path: "/public/v1/webhooks/{id}",
    source: `${SPEC}: Pro surface (deleting webhooks exists, shape not shown)`,
    fields: "none",
  },
};

/** Dotted paths of every field in a body (objects descended, arrays and scalars are leaves). */
function fieldPaths(v: unknown, prefix = ""): string[] {
  if (v === null || typeof v !== "object" || Array.isArray(v)) return [prefix];
  return Object.entries(v as Record<string, unknown>).flatMap(([k, x]) => fieldPaths(x, prefix ? `${prefix}.${k}` : k));
}

function allowed(tree: FieldTree, dotted: string): boolean {
  let node: true | FieldTree = tree;
  for (const part of dotted.split(".")) {
    if (node === true) return true;
    const next: true | FieldTree | undefined = node[part];
    if (next === undefined) return false;
    node = next;
  }
  return true;
}

const get = (o: unknown, dotted: string) =>
  dotted.split(".").reduce<unknown>((x, k) => (x !== null && typeof x === "object" ? (x as Record<string, unknown>)[k] : undefined), o);

/** Paths of every JSON number in a body: the spec's amounts, prices and quantities are decimal strings. */
function numbers(v: unknown, prefix = ""): string[] {
  if (typeof v === "number") return [prefix];
  if (Array.isArray(v)) return v.flatMap((x, i) => numbers(x, `${prefix}[${i}]`));
  if (v !== null && typeof v === "object") return Object.entries(v).flatMap(([k, x]) => numbers(x, prefix ? `${prefix}.${k}` : k));
  return [];
}

export function pathMatches(template: string, path: string): boolean {
  const pattern = new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{id\}/g, "[^/?]+")}$`);
  return pattern.test(path.split("?")[0]!);
}

/** Everything in which a recorded request differs from its documented form; [] when it matches. */
export function differences(req: RecordedRequest, doc: DocumentedRequest): string[] {
  const out: string[] = [];
  if (req.method !== doc.method) out.push(`method ${req.method}, documented ${doc.method}`);
  if (!pathMatches(doc.path, req.path)) out.push(`path ${req.path}, documented ${doc.path}`);
  if (req.path.includes("?")) out.push(`query string ${req.path.split("?")[1]} on a write`);

  const apiKey = req.headers["x-api-key"];
  if (typeof apiKey !== "string" || !/^(sk_sandbox_|sk_live_|daya_sk_)\S+$/.test(apiKey)) out.push("X-Api-Key header missing or not a documented key form");
  const idem = req.headers["x-idempotency-key"];
  if (doc.idempotencyKey && (typeof idem !== "string" || idem.trim() === ""))
    out.push("X-Idempotency-Key header missing (the spec requires it on this creating POST)");
  if (req.headers["idempotency-key"] !== undefined) out.push("Idempotency-Key header sent (the spec's name is X-Idempotency-Key)");

  if (doc.fields === "none") {
    if (req.body !== "") out.push(`a body was sent where none is documented: ${req.body}`);
    return out;
  }
  if (req.body === "") {
    if (doc.fields !== null) out.push("no body sent");
    return out;
  }
  const contentType = req.headers["content-type"];
  if (typeof contentType !== "string" || !/^application\/json\b/i.test(contentType))
    out.push(`Content-Type ${String(contentType)}, a JSON body needs application/json`);
  let body: unknown;
  try {
    body = JSON.parse(req.body);
  } catch {
    out.push(`body is not JSON: ${req.body.slice(0, 80)}`);
    return out;
  }
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    out.push("body is not a JSON object");
    return out;
  }
  const b = body as Record<string, unknown>;
  for (const p of numbers(b))
    out.push(`${p} is the JSON number ${JSON.stringify(get(b, p.replace(/\[\d+\]/g, "")))}; the spec's convention is a decimal string`);
  if (doc.fields !== null) {
    for (const p of fieldPaths(b)) if (p && !allowed(doc.fields, p)) out.push(`undocumented field ${p}`);
  }
  for (const p of doc.required?.(b) ?? []) {
    const v = get(b, p);
    if (v === undefined || v === null) out.push(`documented required field ${p} missing`);
  }
  for (const p of doc.forbidden?.(b) ?? []) if (get(b, p) !== undefined) out.push(`field ${p} sent where the documents do not allow it`);
  return out;
}
