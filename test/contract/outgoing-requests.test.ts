/**
 * Contract, part two: every write a person can make in the app, driven through the server action
 * the page calls (and, for four-eyes money movements, through the approval that sends it), is
 * recorded on the wire by a proxy in front of the emulator and compared with the request the
 * provider's documents describe (./documented-requests.ts): method, path, only documented fields,
 * documented required fields present, amounts as decimal strings, and the headers X-Api-Key,
 * X-Idempotency-Key (where the spec requires it) and Content-Type.
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { randomBytes, randomUUID } from "node:crypto";
import Decimal from "decimal.js";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SEED_KEYS, withEmulator, type TestEmulator } from "@/emulator/testing";
import { cancelAllProOrders } from "@/lib/pro/cancel-all-orders";
import { cancelCoinsOrder } from "@/lib/coins/cancel-order";
import { cancelProOrder } from "@/lib/pro/cancel-order";
import { createCoinsAddress } from "@/lib/coins/create-address";
import { createCoinsCryptoWithdrawal } from "@/lib/coins/create-crypto-withdrawal";
import { createCoinsFiatWithdrawal } from "@/lib/coins/create-fiat-withdrawal";
import { approveRequest } from "@/lib/approvals/approve-request";
import { createFundingAccount } from "@/lib/funding-accounts/create-funding-account";
import { createProWebhook } from "@/lib/pro/create-webhook";
import { createRecipient } from "@/lib/recipients/create-recipient";
import { createTransfer } from "@/lib/transfers/create-transfer";
import { createWithdrawal } from "@/lib/withdrawals/create-withdrawal";
import { deleteProWebhook } from "@/lib/pro/delete-webhook";
import { moveBalance } from "@/lib/balances/move-balance";
import { pauseProWebhook } from "@/lib/pro/pause-webhook";
import { placeCoinsOrder } from "@/lib/coins/place-order";
import { placeProOrder } from "@/lib/pro/place-order";
import { quoteProOrder } from "@/lib/pro/quote-order";
import { renameCoinsAddress } from "@/lib/coins/rename-address";
import { replaceProOrder } from "@/lib/pro/replace-order";
import { resolveBankAccount } from "@/lib/recipients/resolve-bank-account";
import { resumeProWebhook } from "@/lib/pro/resume-webhook";
import { rotateProWebhookSecret } from "@/lib/pro/rotate-webhook-secret";
import { setSettlementDestination } from "@/lib/settlement/set-destination";
import { simulateDeposit } from "@/lib/funding-accounts/simulate-deposit";
import { updateProWebhook } from "@/lib/pro/update-webhook";
import { setAccountSettlementDestination } from "@/lib/funding-accounts/set-settlement-destination";
import { withdrawFromBalance } from "@/lib/withdrawals/withdraw-from-balance";
import { SURFACE_ROOT } from "@/lib/upstream/config";
import { addApiKey } from "@/lib/vault";
import { createTeam, testDb } from "@/test/factories";
import { signOutTest } from "@/test/session";
import { DOCUMENTED, differences, pathMatches } from "./documented-requests";
import { startRecordingProxy, type RecordedRequest, type RecordingProxy } from "./recording-proxy";
import { JANE_SMITH_SWIFT_ACCOUNT, signInAsMember, type Team, toNewBankAccount } from "@/test/fixtures";

const ROOT = path.resolve(import.meta.dirname, "../..");

let emu: TestEmulator;
let proxy: RecordingProxy;
let team: Team;
/** Every provider request of the whole file, for the closing checks. */
const everything: RecordedRequest[] = [];

const as = (who: "operator" | "approver" | "admin") => signInAsMember(team, who);

type Result<T> = { ok: true; data: T } | { ok: false; error: string; fieldErrors?: Record<string, string> };
/** A change that waits for a second person is approved by one, so its request goes out as sent. */
async function approvedIfFiled(result: unknown): Promise<void> {
  const r = result as { status?: string; outcome?: string; approvalId?: string; pendingApproval?: { approvalId: string } };
  const approvalId = r.pendingApproval?.approvalId ?? (r.status === "pending_approval" || r.outcome === "pending_approval" ? r.approvalId : undefined);
  if (!approvalId) return;
  // Only lookups before the approval (the bank name resolved for the approver); nothing written.
  expect(recorded().filter((x) => x.method !== "GET" && x.path !== "/v1/banks/resolve")).toEqual([]);
  await as("approver");
  await ok(approveRequest({ requestId: approvalId }));
}

async function ok<T>(p: Promise<Result<T>>): Promise<T> {
  const r = await p;
  if (!r.ok) throw new Error(`the action refused: ${JSON.stringify(r)}`);
  return r.data;
}

/** The provider requests since the last call (the emulator's own control API is not the provider). */
function recorded(): RecordedRequest[] {
  const reqs = proxy.take().filter((r) => !r.path.startsWith("/__emulator"));
  everything.push(...reqs);
  return reqs;
}

/** The recorded requests to one documented endpoint; at least one must have been sent. */
function sentTo(reqs: RecordedRequest[], key: keyof typeof DOCUMENTED): RecordedRequest[] {
  const doc = DOCUMENTED[key]!;
  const hits = reqs.filter((r) => r.method === doc.method && pathMatches(doc.path, r.path));
  expect(hits.length, `a request to ${key}`).toBeGreaterThan(0);
  return hits;
}

/** Asserts that every request the action sent to `key` is as documented; returns their JSON bodies. */
function expectAsDocumented(reqs: RecordedRequest[], key: keyof typeof DOCUMENTED): Record<string, unknown>[] {
  const hits = sentTo(reqs, key);
  for (const r of hits) expect(differences(r, DOCUMENTED[key]!), `${r.method} ${r.path} ${r.body}`).toEqual([]);
  return hits.map((r) => (r.body === "" ? {} : (JSON.parse(r.body) as Record<string, unknown>)));
}

async function emuData<T>(pathname: string, apiKey: string = SEED_KEYS.full): Promise<T> {
  const res = await emu.request(pathname, { apiKey });
  expect(res.status, pathname).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

/** A customer that provisions normally (the seed has one whose accounts always fail). */
async function customer(firstName?: string): Promise<string> {
  const list = await emuData<{ id: string; first_name: string; email: string }[]>("/v1/customers?limit=100");
  return list.find((c) => (firstName ? c.first_name === firstName : c.email !== "provisioning.fail@sandbox.test"))!.id;
}
async function sellRate(to: "USDC" | "USDT"): Promise<string> {
  const res = await emu.request(`/v1/rates?from=NGN&to=${to}&side=SELL`);
  return ((await res.json()) as { rate_id: string }).rate_id;
}
/** A permanent, active account of the given rail, made through the app and then activated by time. */
async function activeAccount(rail: "NGN_VIRTUAL_ACCOUNT" | "CRYPTO_ADDRESS"): Promise<string> {
  await as("operator");
  const r = await ok(
    createFundingAccount({
      attemptKey: randomUUID(),
      customer_id: await customer(),
      rail,
      type: "PERMANENT",
      ...(rail === "CRYPTO_ADDRESS" ? { asset: "USDC", chain: "BASE" } : {}),
      settlement_type: "INTERNAL_BALANCE",
    }),
  );
  if (r.status !== "created") throw new Error(JSON.stringify(r));
  await emu.control.advance(3_000);
  recorded();
  return r.id;
}

beforeAll(async () => {
  emu = await withEmulator({ rateLimitPerMinute: 0, logLevel: "silent" });
  proxy = await startRecordingProxy(emu.url);
  // env() is read lazily on first use: the app's ordinary upstream addresses now lead through the proxy.
  process.env.UPSTREAM_SANDBOX_CORE_URL = proxy.url;
  process.env.UPSTREAM_SANDBOX_PRO_URL = `${proxy.url}/pro`;
});
afterAll(async () => {
  await proxy?.close();
  await emu?.close();
});

beforeEach(async () => {
  team = await createTeam();
  const keys = [
    { surface: "core", key: SEED_KEYS.full },
    { surface: "coins", key: SEED_KEYS.full },
    { surface: "pro", key: SEED_KEYS.pro },
  ] as const;
  await testDb().$transaction(async (tx) => {
    for (const k of keys)
      await addApiKey(tx as never, {
        organizationId: team.org.id,
        environment: "sandbox",
        surface: k.surface,
        key: k.key,
        scopes: ["Read", "Write", "Trade"],
        actorId: team.admin.id,
      });
  });
  // Every money movement here goes out at once; the approval path has a test of its own.
  await testDb().approvalThreshold.createMany({
    data: ["USD", "NGN", "USDC", "USDT", "BTC"].map((currency) => ({ organizationId: team.org.id, kind: "*", currency, amount: "1000000000" })),
  });
  signOutTest();
  recorded();
});

describe("core writes as documented", () => {
  it("POST /v1/funding-accounts: a temporary NGN account sends its amount as a decimal string (create-funding-account)", async () => {
    await as("operator");
    await ok(
      createFundingAccount({
        attemptKey: randomUUID(),
        customer_id: await customer(),
        rail: "NGN_VIRTUAL_ACCOUNT",
        type: "TEMPORARY",
        amount: "25000",
        settlement_type: "INTERNAL_BALANCE",
      }),
    );
    const [body] = expectAsDocumented(recorded(), "POST /v1/funding-accounts");
    expect(body).toMatchObject({ type: "TEMPORARY", rail: "NGN_VIRTUAL_ACCOUNT", currency: "NGN", settlement_destination: { type: "INTERNAL_BALANCE" } });
    expect(typeof body!.amount).toBe("string");
    expect(new Decimal(body!.amount as string).eq(25000)).toBe(true);
  });

  it("POST /v1/funding-accounts: a permanent crypto account paying out to a bank (create-funding-account)", async () => {
    await as("operator");
    await approvedIfFiled(
      await ok(
        createFundingAccount({
          attemptKey: randomUUID(),
          customer_id: await customer(),
          rail: "CRYPTO_ADDRESS",
          type: "PERMANENT",
          asset: "USDC",
          chain: "POLYGON",
          settlement_type: "NGN_PAYOUT",
          rate_id: await sellRate("USDC"),
          bank_code: "044",
          account_number: "0690000031",
          account_name: "Adaeze Okonkwo",
        }),
      ),
    );
    const [body] = expectAsDocumented(recorded(), "POST /v1/funding-accounts");
    expect(body).toMatchObject({
      asset: "USDC",
      chain: "POLYGON",
      settlement_destination: { type: "NGN_PAYOUT", destination_bank: { account_number: "0690000031", bank_code: "044" } },
    });
  });

  it("POST /v1/sandbox/deposits: a scenario sends only funding_account_id and scenario (simulate-deposit)", async () => {
    const id = await activeAccount("NGN_VIRTUAL_ACCOUNT");
    await as("operator");
    // This sandbox is not the local emulator (a recording proxy sits in between), so no amount can be chosen.
    await ok(simulateDeposit({ attemptKey: randomUUID(), funding_account_id: id, scenario: "COMPLETED", amount: "" }));
    const [body] = expectAsDocumented(recorded(), "POST /v1/sandbox/deposits");
    expect(body).toMatchObject({ funding_account_id: id, scenario: "COMPLETED" });
  });

  it("POST /v1/sandbox/deposits: the default flow sends the account alone (simulate-deposit)", async () => {
    const id = await activeAccount("NGN_VIRTUAL_ACCOUNT");
    await as("operator");
    await ok(simulateDeposit({ attemptKey: randomUUID(), funding_account_id: id, scenario: "default", amount: "" }));
    const [body] = expectAsDocumented(recorded(), "POST /v1/sandbox/deposits");
    expect(body).toEqual({ funding_account_id: id });
  });

  it("PATCH /v1/funding-accounts/{id}/settlement-destination (update-settlement-destination)", async () => {
    const id = await activeAccount("CRYPTO_ADDRESS");
    await as("operator");
    await approvedIfFiled(
      await ok(
        setAccountSettlementDestination({
          attemptKey: randomUUID(),
          funding_account_id: id,
          settlement_type: "NGN_PAYOUT",
          rate_id: await sellRate("USDC"),
          bank_code: "044",
          account_number: "0690000033",
          account_name: "Chinedu Eze",
        }),
      ),
    );
    const reqs = recorded();
    expectAsDocumented(reqs, "PATCH /v1/funding-accounts/{id}/settlement-destination");
    expect(sentTo(reqs, "PATCH /v1/funding-accounts/{id}/settlement-destination")[0]!.path).toBe(`/v1/funding-accounts/${id}/settlement-destination`);
  });

  it("POST /v1/banks/resolve (resolve-bank-account)", async () => {
    await as("operator");
    await ok(resolveBankAccount({ bank_code: "044", account_number: "0690000031" }));
    expectAsDocumented(recorded(), "POST /v1/banks/resolve");
  });

  describe("POST /v1/recipients (create-recipient), each of the four types", () => {
    const address = { street_line_1: "350 Fifth Avenue", city: "New York", state: "NY", postal_code: "10118", country: "USA" };
    const inputs = {
      BANK_ACCOUNT: async () => ({ type: "BANK_ACCOUNT", bank_account: { bank_code: "044", account_number: "0690000032", account_name: "Bola Adeyemi" } }),
      CRYPTO_ADDRESS: async () => ({
        type: "CRYPTO_ADDRESS",
        crypto_address: { asset: "USDC", chain: "BASE", address: `0x${randomBytes(20).toString("hex")}` },
      }),
      US_BANK_ACCOUNT: async () => ({
        type: "US_BANK_ACCOUNT",
        customer_id: await customer("Amaka"),
        us_bank_account: {
          account_owner_name: "Amaka Obi",
          account_number: String(randomBytes(4).readUInt32BE()).padStart(12, "0"),
          routing_number: "011000015",
          bank_name: "Bank of Boston",
          account_type: "savings",
          payout_scheme: "wire",
          address,
        },
      }),
      SWIFT_BANK_ACCOUNT: async () => ({
        type: "SWIFT_BANK_ACCOUNT",
        customer_id: await customer("Amaka"),
        swift_bank_account: JANE_SMITH_SWIFT_ACCOUNT,
      }),
    } as const;
    for (const [type, input] of Object.entries(inputs)) {
      it(type, async () => {
        await as("operator");
        await ok(createRecipient({ attemptKey: randomUUID(), ...(await input()) } as never));
        const [body] = expectAsDocumented(recorded(), "POST /v1/recipients");
        expect(body!.type).toBe(type);
      });
    }

    it("X-Idempotency-Key: a new value for each new attempt, none re-sent for the same attempt", async () => {
      await as("operator");
      const first = { attemptKey: randomUUID(), ...(await inputs.CRYPTO_ADDRESS()) };
      await ok(createRecipient(first as never));
      await ok(createRecipient(first as never));
      await ok(createRecipient({ attemptKey: randomUUID(), ...(await inputs.CRYPTO_ADDRESS()) } as never));
      const keys = sentTo(recorded(), "POST /v1/recipients").map((r) => r.headers["x-idempotency-key"]);
      // The repeated attempt is answered from the app's own ledger; the two attempts carry two keys.
      expect(keys).toHaveLength(2);
      expect(new Set(keys).size).toBe(2);
    });

    it("X-Idempotency-Key: a retry after a provider failure is the exact same request with the same key", async () => {
      await emu.control.setFaults({ path_prefix: "/v1/recipients", error_status: 503, times: 1 });
      await as("operator");
      try {
        await ok(createRecipient({ attemptKey: randomUUID(), ...(await inputs.CRYPTO_ADDRESS()) } as never));
      } finally {
        await emu.control.clearFaults();
      }
      const sent = sentTo(recorded(), "POST /v1/recipients");
      expect(sent).toHaveLength(2);
      expect(sent[1]!.headers["x-idempotency-key"]).toBe(sent[0]!.headers["x-idempotency-key"]);
      expect(sent[1]!.body).toBe(sent[0]!.body);
    });
  });

  it("POST /v1/transfers to a saved recipient (create-transfer)", async () => {
    const recipients = await emuData<{ id: string; type: string; bank_account: { account_number_last4: string } | null }[]>("/v1/recipients?limit=100");
    const saved = recipients.find((r) => r.type === "BANK_ACCOUNT" && r.bank_account?.account_number_last4 === "0031")!;
    await as("operator");
    await ok(
      createTransfer({ attemptKey: randomUUID(), recipient_mode: "existing", recipient_id: saved.id, currency: "NGN", amount: "1000", reference: "INV-7" }),
    );
    const [body] = expectAsDocumented(recorded(), "POST /v1/transfers");
    expect(body).toMatchObject({ recipient_id: saved.id, currency: "NGN", amount: "1000.00", reference: "INV-7" });
  });

  it("POST /v1/transfers to a new bank account (create-transfer)", async () => {
    await as("operator");
    await ok(createTransfer(toNewBankAccount("1500.50")));
    const [body] = expectAsDocumented(recorded(), "POST /v1/transfers");
    expect(body).toMatchObject({ amount: "1500.50", destination: { type: "BANK_ACCOUNT", bank_account: { account_number: "0690000036", bank_code: "044" } } });
  });

  it("POST /v1/transfers sent by the approver above the threshold (approve-request)", async () => {
    await testDb().approvalThreshold.deleteMany({ where: { organizationId: team.org.id } });
    await as("operator");
    const filed = await ok(createTransfer(toNewBankAccount("2500.00")));
    if (filed.outcome !== "pending_approval") throw new Error(JSON.stringify(filed));
    expect(recorded().filter((r) => r.method !== "GET")).toEqual([]);
    await as("approver");
    await ok(approveRequest({ requestId: filed.approvalId }));
    const [body] = expectAsDocumented(recorded(), "POST /v1/transfers");
    expect(body).toMatchObject({ amount: "2500.00" });
  });

  it("POST /v1/merchant/withdrawals (create-withdrawal)", async () => {
    await as("operator");
    await ok(
      createWithdrawal({
        attemptKey: randomUUID(),
        amount: "10.00",
        token: "USDT",
        chain: "POLYGON",
        destination_address: "0x52908400098527886E0F7030069857D2E4169EE7",
      }),
    );
    const [body] = expectAsDocumented(recorded(), "POST /v1/merchant/withdrawals");
    expect(body).toEqual({ amount_usd: "10.00", token: "USDT", chain: "POLYGON", destination_address: "0x52908400098527886E0F7030069857D2E4169EE7" });
  });

  it("POST /v1/merchant/balance/transfer (move-balance)", async () => {
    await as("operator");
    await ok(moveBalance({ attemptKey: randomUUID(), amount: "5.00" }));
    const [body] = expectAsDocumented(recorded(), "POST /v1/merchant/balance/transfer");
    expect(body).toEqual({ amount_usd: "5.00" });
  });

  it("POST /v1/merchant/balance/withdraw (withdraw-from-balance)", async () => {
    await as("operator");
    await approvedIfFiled(
      await ok(
        withdrawFromBalance({
          attemptKey: randomUUID(),
          amount: "10.00",
          token: "USDT",
          chain: "POLYGON",
          destination_address: "0x52908400098527886E0F7030069857D2E4169EE7",
        }),
      ),
    );
    const [body] = expectAsDocumented(recorded(), "POST /v1/merchant/balance/withdraw");
    expect(body).toMatchObject({ amount_usd: "10.00" });
  });

  it("PATCH /v1/merchant/funding/settlement-destination (set-settlement-destination)", async () => {
    const current = await emuData<{ ngn_settlement_destination: string }>("/v1/merchant/funding");
    const destination = current.ngn_settlement_destination === "NGN_BALANCE" ? "USD_BALANCE" : "NGN_BALANCE";
    await as("admin");
    await approvedIfFiled(await ok(setSettlementDestination({ attemptKey: randomUUID(), destination, confirmation: destination })));
    const [body] = expectAsDocumented(recorded(), "PATCH /v1/merchant/funding/settlement-destination");
    expect(body).toEqual({ ngn_settlement_destination: destination });
  });
});

describe("Coins writes as documented", () => {
  it("POST /coins/v1/orders, then POST /coins/v1/orders/{id}/cancel (place-coins-order, cancel-coins-order)", async () => {
    await as("operator");
    const placed = await ok(placeCoinsOrder({ side: "buy", market: "BTC-NGN", amount: "2500.00", attemptKey: randomUUID() }));
    const [body] = expectAsDocumented(recorded(), "POST /coins/v1/orders");
    expect(body).toMatchObject({ side: "buy", amount: "2500.00" });
    if (placed.outcome !== "placed") throw new Error(`the order was not sent at once: ${placed.summary}`);
    await ok(cancelCoinsOrder({ id: placed.id, attemptKey: randomUUID() }));
    expectAsDocumented(recorded(), "POST /coins/v1/orders/{id}/cancel");
  });

  it("saving, renaming and sending to an address (create-coins-address, rename-coins-address, create-coins-crypto-withdrawal)", async () => {
    await as("operator");
    const saved = await ok(
      createCoinsAddress({ address: `0x${randomBytes(20).toString("hex")}`, asset: "USDC", chain: "base", label: "Vendor", attemptKey: randomUUID() }),
    );
    expectAsDocumented(recorded(), "POST /coins/v1/crypto-withdrawals/addresses");
    await ok(renameCoinsAddress({ id: saved.id, label: "", attemptKey: randomUUID() }));
    expect(expectAsDocumented(recorded(), "PATCH /coins/v1/crypto-withdrawals/addresses/{id}")).toEqual([{ label: "" }]);
    await ok(createCoinsCryptoWithdrawal({ address_id: saved.id, amount: "12.50", attemptKey: randomUUID() }));
    const [body] = expectAsDocumented(recorded(), "POST /coins/v1/crypto-withdrawals");
    expect(body).toMatchObject({ address_id: saved.id, amount: "12.50" });
  });

  it("POST /coins/v1/fiat-withdrawals (create-coins-fiat-withdrawal)", async () => {
    await as("operator");
    await ok(createCoinsFiatWithdrawal({ amount: "5000.00", bank_code: "044", account_number: "0690000031", narration: "", attemptKey: randomUUID() }));
    const [body] = expectAsDocumented(recorded(), "POST /coins/v1/fiat-withdrawals");
    expect(body).toMatchObject({ amount: "5000.00", bank_code: "044", account_number: "0690000031" });
  });
});

describe("Pro writes as documented", () => {
  const LIMIT = { symbol: "USDT-NGN", side: "buy", type: "limit", price: "1000.00", quantity: "2" } as const;

  /** The ticket's flow: quote, review, place with the reviewed quote's id and fee. */
  async function quoteAndPlace(ticket: typeof LIMIT | (Omit<typeof LIMIT, "price"> & { price: string })) {
    // Offered to the quote as the ticket's own id; an action that makes the id itself ignores it.
    const ticketId = randomUUID();
    const quote = await ok(quoteProOrder({ ...ticket, client_order_id: ticketId } as never));
    const placed = await ok(
      placeProOrder({
        ...ticket,
        attemptKey: randomUUID(),
        client_order_id: quote.client_order_id ?? ticketId,
        max_taker_fee: quote.estimated_fee ?? undefined,
      }),
    );
    if (placed.outcome !== "placed") throw new Error(JSON.stringify(placed));
    return { quote, placed };
  }

  it("POST /public/v1/orders/quote then POST /public/v1/orders: a limit order sends its client_order_id with the quote and the same id with the order (quote-pro-order, place-pro-order)", async () => {
    await as("operator");
    const { quote } = await quoteAndPlace(LIMIT);
    const reqs = recorded();
    const [quoted] = expectAsDocumented(reqs, "POST /public/v1/orders/quote");
    const [order] = expectAsDocumented(reqs, "POST /public/v1/orders");
    expect(quoted).toMatchObject({ symbol: "USDT-NGN", side: "buy", type: "limit", price: "1000.00", quantity: "2" });
    expect(typeof quoted!.client_order_id === "string" && quoted!.client_order_id !== "", "the quote request carries the order's client_order_id").toBe(true);
    expect(order).toMatchObject({
      symbol: "USDT-NGN",
      side: "buy",
      type: "limit",
      price: "1000.00",
      quantity: "2",
      client_order_id: quoted!.client_order_id,
      max_taker_fee: quote.estimated_fee,
    });
  });

  it("POST /public/v1/orders: a market order sends no price and no fee cap (place-pro-order)", async () => {
    await as("operator");
    await ok(placeProOrder({ symbol: "USDT-NGN", side: "buy", type: "market", quantity: "1", attemptKey: randomUUID() }));
    const [order] = expectAsDocumented(recorded(), "POST /public/v1/orders");
    expect(order).toMatchObject({ type: "market", quantity: "1" });
  });

  it("PUT and DELETE /public/v1/orders/{id}, and cancel all (replace-pro-order, cancel-pro-order, cancel-all-pro-orders)", async () => {
    await as("operator");
    const a = (await quoteAndPlace(LIMIT)).placed;
    const b = (await quoteAndPlace({ ...LIMIT, price: "1001.00" })).placed;
    if (a.outcome !== "placed" || b.outcome !== "placed") throw new Error("not placed");
    await emu.control.advance(10_000);
    recorded();

    await ok(replaceProOrder({ orderId: a.orderId, attemptKey: randomUUID(), price: "999.00" }));
    let reqs = recorded();
    expectAsDocumented(reqs, "POST /public/v1/orders/quote");
    const [replaced] = expectAsDocumented(reqs, "PUT /public/v1/orders/{id}");
    expect(replaced).toMatchObject({ price: "999.00" });

    await ok(cancelProOrder({ orderId: a.orderId, attemptKey: randomUUID() }));
    reqs = recorded();
    expectAsDocumented(reqs, "DELETE /public/v1/orders/{id}");
    expect(sentTo(reqs, "DELETE /public/v1/orders/{id}")[0]!.path).toBe(`/public/v1/orders/${a.orderId}`);

    await ok(cancelAllProOrders({ confirm: true, attemptKey: randomUUID() }));
    expect(sentTo(recorded(), "DELETE /public/v1/orders/{id}").map((r) => r.path)).toContain(`/public/v1/orders/${b.orderId}`);
  });

  it("webhooks: create, update, pause, resume, rotate, delete (the Pro webhook actions)", async () => {
    await as("admin");
    const created = await ok(
      createProWebhook({ url: "https://ops.example.com/hooks/contract", events: ["order.filled"], description: "contract", attemptKey: randomUUID() } as never),
    );
    expectAsDocumented(recorded(), "POST /public/v1/webhooks");
    const id = created.id;

    await ok(
      updateProWebhook({
        id,
        url: "https://ops.example.com/hooks/contract-2",
        events: ["order.filled", "order.cancelled"],
        description: "desk",
        attemptKey: randomUUID(),
      } as never),
    );
    expect(expectAsDocumented(recorded(), "PATCH /public/v1/webhooks/{id}")).toEqual([
      { url: "https://ops.example.com/hooks/contract-2", events: ["order.filled", "order.cancelled"], description: "desk" },
    ]);
    await ok(pauseProWebhook({ id, attemptKey: randomUUID() }));
    expect(expectAsDocumented(recorded(), "PATCH /public/v1/webhooks/{id}")).toEqual([{ status: "paused" }]);
    await ok(resumeProWebhook({ id, attemptKey: randomUUID() }));
    expect(expectAsDocumented(recorded(), "PATCH /public/v1/webhooks/{id}")).toEqual([{ status: "active" }]);
    await ok(rotateProWebhookSecret({ id, attemptKey: randomUUID() }));
    expectAsDocumented(recorded(), "POST /public/v1/webhooks/{id}/rotate-secret");
    await ok(deleteProWebhook({ id, attemptKey: randomUUID() }));
    expectAsDocumented(recorded(), "DELETE /public/v1/webhooks/{id}");
  });
});

/** `upstream.<surface>.<op>(` calls in the app's own code (not the client, not tests). */
function appCalls(): Set<string> {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
      if (d.isDirectory()) return ["node_modules", "generated", "upstream"].includes(d.name) ? [] : walk(path.join(dir, d.name));
      return /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name) ? [path.join(dir, d.name)] : [];
    });
  const calls = new Set<string>();
  for (const file of ["app", "lib", "components"].flatMap((d) => walk(path.join(ROOT, d)))) {
    for (const m of readFileSync(file, "utf8").matchAll(/upstream\.(core|coins|stocks|pro)\.(\w+)\(/g)) calls.add(`${m[1]}.${m[2]}`);
  }
  return calls;
}

/** The client's non-GET operations, `surface.name` -> `METHOD /full/path/{id}`, read from lib/upstream/{core,coins,pro}.ts. */
function clientWrites(): Map<string, string> {
  const out = new Map<string, string>();
  for (const surface of ["core", "coins", "pro"] as const) {
    const src = readFileSync(path.join(ROOT, "lib/upstream", `${surface}.ts`), "utf8");
    for (const block of src.split(/\nexport const /).slice(1)) {
      const name = /^(\w+)/.exec(block)![1]!;
      const write = /writeTo\("\w+", ctx, \{[\s\S]*?method: "(\w+)",\s*path: [`"]([^`"]+)[`"]/.exec(block);
      const ask = /askFrom\("\w+", ctx, "([^"]+)"/.exec(block);
      const [method, p] = write ? [write[1]!, write[2]!] : ask ? ["POST", ask[1]!] : [null, null];
      if (method) out.set(`${surface}.${name}`, `${method} ${SURFACE_ROOT[surface]}${p.replace(/\$\{enc\(\w+\)\}/g, "{id}")}`);
    }
  }
  return out;
}

describe("coverage", () => {
  it("every write the app's code can make has a documented request and was exercised above", () => {
    const writes = clientWrites();
    expect(writes.size).toBeGreaterThan(20);
    const used = [...appCalls()].filter((c) => writes.has(c));
    expect(used.length).toBeGreaterThan(15);
    for (const op of used) {
      const key = writes.get(op)!;
      expect(Object.keys(DOCUMENTED), `${op} (${key}) has an entry in documented-requests.ts`).toContain(key);
      const doc = DOCUMENTED[key]!;
      expect(
        everything.some((r) => r.method === doc.method && pathMatches(doc.path, r.path)),
        `${op} (${key}) was driven through the app in this file`,
      ).toBe(true);
    }
  });

  it("every request the app sent carried the API key, and every write went to a documented entry", () => {
    expect(everything.length).toBeGreaterThan(30);
    for (const r of everything) expect(r.headers["x-api-key"], `${r.method} ${r.path}`).toMatch(/^(sk_sandbox_|daya_sk_)/);
    const undocumented = everything.filter(
      (r) => r.method !== "GET" && !Object.values(DOCUMENTED).some((d) => d.method === r.method && pathMatches(d.path, r.path)),
    );
    expect(undocumented.map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });
});
