/**
 * The copy kept fresh between sweeps, against PostgreSQL and the sandbox emulator: a webhook's
 * object shows at once, an older event never moves it back, a partial payload asks for a fetch,
 * and a write's answer (a replayed one too) shows on the next read without a sweep.
 */
import crypto, { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { SEED_KEYS, withEmulator, type TestEmulator } from "@/emulator/testing";
import { POST } from "@/app/api/webhooks/[environment]/[surface]/route";
import * as core from "@/lib/upstream/core";
import type { SurfaceCtx } from "@/lib/upstream/call";
import { emulatorClient, fixedKeys } from "@/lib/upstream/testing";
import { setWebhookSecret } from "@/lib/vault";
import { signBody } from "@/lib/webhooks/verify";
import { createTeam, testDb } from "@/test/factories";
import { copyWriteAnswer, planEventCopies, requestFetches, SNAPSHOT_AFTER_EVENTS_S, snapshotFetches, WRITE_TARGETS } from "./feed";
import { SNAPSHOT_ID } from "./kinds";
import { readOne, readPage } from "./read";
import type { LedgerScope } from "./store";

// The job queue is not started in tests; the fetches asked for are recorded instead.
const enqueued = vi.hoisted(() => [] as { name: string; data: Record<string, unknown>; seconds?: number; hastened?: boolean }[]);
vi.mock("@/lib/jobs/queue", () => ({
  enqueue: async (name: string, data: Record<string, unknown>, seconds?: number) => {
    enqueued.push({ name, data, seconds });
  },
  hasten: async (name: string, data: Record<string, unknown>, seconds: number) => {
    enqueued.push({ name, data, seconds, hastened: true });
  },
}));

let team: Awaited<ReturnType<typeof createTeam>>;
let scope: LedgerScope;
let secret: string;
beforeEach(async () => {
  enqueued.length = 0;
  team = await createTeam();
  scope = { organizationId: team.org.id, environment: "sandbox" };
  secret = `whsec_core_${crypto.randomBytes(16).toString("hex")}`;
  await testDb().$transaction((tx) =>
    setWebhookSecret(tx as never, { organizationId: team.org.id, environment: "sandbox", surface: "core", secret, actorId: team.admin.id }),
  );
});

async function send(payload: unknown) {
  const body = JSON.stringify(payload);
  const request = new Request("http://app.test/api/webhooks/sandbox/core", {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": "198.51.100.9", "x-daya-signature": signBody("core", secret, body) },
    body,
  });
  const res = await POST(request, { params: Promise.resolve({ environment: "sandbox", surface: "core" }) });
  expect(res.status).toBe(200);
}

const deposit = (id: string, status: string, updatedAt: string) => ({
  id,
  type: "NGN_DEPOSIT",
  funding_account_id: randomUUID(),
  amount: "150000.00",
  currency: "NGN",
  status,
  created_at: "2026-11-01T10:00:00.000Z",
  updated_at: updatedAt,
});

const isSnapshotRead = (j: { data: Record<string, unknown> }) => j.data.id === SNAPSHOT_ID;
/** Fetches of objects by id. */
const fetchesAsked = () => enqueued.filter((j) => j.name === "ledger-fetch" && !isSnapshotRead(j)).map((j) => j.data);
/** Snapshots read again (balances), with when: "at once" (a write's) or after n seconds (events'). */
const snapshotReads = () =>
  enqueued
    .filter((j) => j.name === "ledger-fetch" && isSnapshotRead(j))
    .map((j) => ({ kind: j.data.kind, when: j.hastened && j.seconds === 0 ? "at once" : `after ${j.seconds} s` }));

describe("webhooks into the copy", () => {
  it("a new event's object shows in the list page as soon as the delivery is answered, from the webhook", async () => {
    const id = randomUUID();
    await send({ event: "deposit.received", timestamp: "2026-11-01T10:00:01Z", data: deposit(id, "RECEIVED", "2026-11-01T10:00:01Z") });
    const page = await readPage(scope, "deposit");
    expect(page).toMatchObject({ total: 1, data: [{ id, status: "RECEIVED", amount: "150000.00" }] });
    const row = await testDb().syncedObject.findFirstOrThrow({ where: { organizationId: team.org.id, providerId: id } });
    expect(row.source).toBe("webhook");
    expect(fetchesAsked()).toEqual([]);
    // A deposit moves the merchant balance: read again a few seconds later, so a burst shares one read.
    await vi.waitFor(() => expect(snapshotReads()).toEqual([{ kind: "merchant_balance", when: `after ${SNAPSHOT_AFTER_EVENTS_S} s` }]));
  });

  it("an older event arriving after a newer one leaves the newer state", async () => {
    const id = randomUUID();
    await send({ event: "deposit.completed", timestamp: "2026-11-01T10:00:09Z", data: deposit(id, "COMPLETED", "2026-11-01T10:00:09Z") });
    await send({ event: "deposit.processing", timestamp: "2026-11-01T10:00:05Z", data: deposit(id, "PROCESSING", "2026-11-01T10:00:05Z") });
    expect((await readOne(scope, "deposit", id))?.data).toMatchObject({ status: "COMPLETED", updated_at: "2026-11-01T10:00:09Z" });
    // Both arriving together, the older one last, in one batch: still the newer state.
    const other = randomUUID();
    await Promise.all([
      send({ event: "deposit.completed", timestamp: "2026-11-01T11:00:09Z", data: deposit(other, "COMPLETED", "2026-11-01T11:00:09Z") }),
      send({ event: "deposit.received", timestamp: "2026-11-01T11:00:01Z", data: deposit(other, "RECEIVED", "2026-11-01T11:00:01Z") }),
    ]);
    expect((await readOne(scope, "deposit", other))?.data).toMatchObject({ status: "COMPLETED" });
  });

  it("a partial payload is laid over the stored object and asks for a fetch by id", async () => {
    const id = randomUUID();
    await send({ event: "deposit.received", timestamp: "2026-11-01T10:00:01Z", data: deposit(id, "RECEIVED", "2026-11-01T10:00:01Z") });
    await send({ event: "deposit.completed", timestamp: "2026-11-01T10:00:09Z", data: { id, status: "COMPLETED", updated_at: "2026-11-01T10:00:09Z" } });
    expect((await readOne(scope, "deposit", id))?.data).toMatchObject({ status: "COMPLETED", amount: "150000.00" });
    await vi.waitFor(() => expect(fetchesAsked()).toEqual([{ ...scope, kind: "deposit", id }]));
  });

  it("an event naming an object it does not carry (an older family) asks for a fetch and stores nothing", async () => {
    const id = randomUUID();
    await send({ event: "virtual_account.created", event_id: randomUUID(), created_at: "2026-11-01T10:00:00Z", data: { id, status: "ACTIVE" } });
    expect(await readOne(scope, "funding_account", id)).toBeNull();
    await vi.waitFor(() => expect(fetchesAsked()).toEqual([{ ...scope, kind: "funding_account", id }]));
  });

  it("an object the copy cannot store does not cost the event: it is stored, answered 200, and the object fetched", async () => {
    const id = randomUUID();
    // More whole digits than the copy's amount column holds: its statement fails.
    const huge = { ...deposit(id, "RECEIVED", "2026-11-01T10:00:01Z"), amount: "123456789012345678901234.00" };
    await send({ event: "deposit.received", timestamp: "2026-11-01T10:00:01Z", data: huge });
    expect(await testDb().webhookEvent.count({ where: { organizationId: team.org.id, resourceId: id } })).toBe(1);
    expect(await readOne(scope, "deposit", id)).toBeNull();
    await vi.waitFor(() => expect(fetchesAsked()).toEqual([{ ...scope, kind: "deposit", id }]));
  });

  it("plans one object per id, the newest, whatever the order within a batch", () => {
    const base = { organizationId: team.org.id, environment: "sandbox" as const, resourceType: "deposit", resourceId: "d1" };
    const plan = planEventCopies([
      { ...base, receivedName: "deposit.completed", data: deposit("d1", "COMPLETED", "2026-11-01T10:00:00Z") },
      { ...base, receivedName: "deposit.received", data: deposit("d1", "RECEIVED", "2026-11-01T10:00:00Z") },
      { ...base, receivedName: "deposit.processing", data: deposit("d1", "PROCESSING", "2026-11-01T09:00:00Z") },
      { ...base, resourceType: "pro_webhook", receivedName: "webhook.paused", data: { id: "d1" } },
    ]);
    expect(plan.stores).toHaveLength(1);
    expect(plan.stores[0]!.objects).toMatchObject([{ id: "d1", status: "COMPLETED" }]);
    // The deposit's events ask for the merchant balance, a few seconds later (requestFetches sends
    // one); the webhook's asks for the webhook list it is a row of.
    expect(plan.fetches).toEqual([
      ...Array.from({ length: 3 }, () => ({ ...scope, kind: "merchant_balance", id: SNAPSHOT_ID, afterSeconds: SNAPSHOT_AFTER_EVENTS_S })),
      { ...scope, kind: "pro_webhooks", id: SNAPSHOT_ID, afterSeconds: SNAPSHOT_AFTER_EVENTS_S },
    ]);
  });

  it("stores a Pro order event's order (named by order_id) at once; a trade event's order is not carried", () => {
    const base = { organizationId: team.org.id, environment: "sandbox" as const, resourceType: "pro_order", resourceId: "o1" };
    const order = { order_id: "o1", symbol: "USDT-NGN", side: "buy", type: "limit", status: "partially_filled", requested_quantity: "2" };
    const plan = planEventCopies([
      { ...base, receivedName: "order.partially_filled", data: order },
      { ...base, receivedName: "trade.executed", data: { trade_id: "t1", order_id: "o1", price: "1500", quantity: "1" } },
    ]);
    expect(plan.stores).toMatchObject([{ kind: "pro_order", objects: [{ order_id: "o1", status: "partially_filled" }] }]);
    expect(plan.fetches.filter((f) => f.id !== SNAPSHOT_ID)).toEqual([{ ...scope, kind: "pro_order", id: "o1" }]);
    expect(new Set(plan.fetches.filter((f) => f.id === SNAPSHOT_ID).map((f) => f.kind))).toEqual(new Set(["pro_balances"]));
  });
});

describe("the app's own writes into the copy", () => {
  let emu: TestEmulator;
  beforeAll(async () => {
    emu = await withEmulator({ rateLimitPerMinute: 0, logLevel: "silent" });
  });
  afterAll(async () => {
    await emu.close();
  });

  const ctxFor = (onWritten = copyWriteAnswer): SurfaceCtx => ({
    client: emulatorClient(testDb(), emu.url, fixedKeys({ core: SEED_KEYS.full }), { budgetLimit: 100_000, onWritten }),
    ...scope,
  });

  it("a created transfer shows on the next read without a sweep, and a replayed answer puts it back", async () => {
    const ctx = ctxFor();
    const recipients = await core.listRecipients(ctx, { limit: 100 }, { cache: false });
    const recipientId = recipients.data.data.find((r) => r.type === "BANK_ACCOUNT")!.id;
    const attempt = { attemptKey: randomUUID() };
    const body = { recipient_id: recipientId, currency: "NGN", amount: "1250.00" };
    const created = await core.createTransfer(ctx, body, attempt);

    const page = await readPage(scope, "transfer");
    expect(page.total).toBe(1);
    expect(page.data[0]).toMatchObject({ id: created.data.id, amount: "1250.00", status: created.data.status });
    const row = await testDb().syncedObject.findFirstOrThrow({ where: { organizationId: team.org.id, providerId: created.data.id } });
    expect(row.source).toBe("write");

    await testDb().syncedObject.deleteMany({ where: { organizationId: team.org.id } });
    const again = await core.createTransfer(ctx, body, attempt);
    expect(again.replayed).toBe(true);
    expect((await readOne(scope, "transfer", created.data.id))?.data).toMatchObject({ id: created.data.id });
  });

  it("a balance move is stored without the balances its answer carries, and those are the balance snapshot at once", async () => {
    const moved = await core.transferBalance(ctxFor(), { amount_usd: "1.00" }, { attemptKey: randomUUID() });
    const copied = await readOne(scope, "balance_move", moved.data.data.id);
    expect(copied?.data).toMatchObject({ id: moved.data.data.id, amount_usd: "1.00" });
    expect(copied?.data).not.toHaveProperty("balance");
    const balance = await readOne(scope, "merchant_balance", SNAPSHOT_ID);
    expect(balance?.data).toEqual(moved.data.data.balance);
    // The answer said it: no read of the balance is asked for.
    expect(snapshotReads()).toEqual([]);
  });

  it("a withdrawal whose answer is only an id asks for a fetch of that id", async () => {
    const body = { amount_usd: "25.00", token: "USDT", chain: "POLYGON", destination_address: "0x4444444444444444444444444444444444444444" };
    const r = await core.withdrawFromBalance(ctxFor(), body, { attemptKey: randomUUID() });
    expect(fetchesAsked()).toEqual([{ ...scope, kind: "withdrawal", id: r.data.data.transaction_id }]);
    expect(await readPage(scope, "withdrawal")).toMatchObject({ total: 0 });
    // The balance it drew from is read again at once, for the next page view.
    expect(snapshotReads()).toEqual([{ kind: "merchant_balance", when: "at once" }]);
  });

  it("a write that went through is answered even when noting it fails", async () => {
    const failing = async () => {
      throw new Error("the copy is down");
    };
    const moved = await core.transferBalance(ctxFor(failing), { amount_usd: "1.00" }, { attemptKey: randomUUID() });
    expect(moved.data.data.status).toBeTruthy();
  });

  it("names every write operation of the upstream client, so no write is forgotten", () => {
    const operations = ["core", "coins", "pro", "stocks"].flatMap((surface) =>
      [...readFileSync(`lib/upstream/${surface}.ts`, "utf8").matchAll(/operation: "([a-z]+\.[A-Za-z]+)"/g)].map((m) => m[1]!),
    );
    expect(operations.length).toBeGreaterThan(20);
    expect(Object.keys(WRITE_TARGETS).sort()).toEqual([...new Set(operations)].sort());
  });
});

describe("snapshots read again after the copy's other changes", () => {
  it("a balance move whose answer carries no balances asks for the balance at once", async () => {
    // The docs do not promise the balances in a move's answer: without them, the balance is read.
    const move = { id: randomUUID(), amount_usd: "1.00", status: "COMPLETED", created_at: "2026-11-28T01:00:00.000Z" };
    await copyWriteAnswer({ ...scope, operation: "core.transferBalance", path: "/merchant/balance/transfer", data: { data: move }, replayed: false });
    expect((await readOne(scope, "balance_move", move.id))?.data).toMatchObject({ id: move.id });
    expect(await readOne(scope, "merchant_balance", SNAPSHOT_ID)).toBeNull();
    expect(snapshotReads()).toEqual([{ kind: "merchant_balance", when: "at once" }]);
  });

  it("a burst of money events asks the queue once per wait, not once per event", async () => {
    for (let i = 0; i < 5; i++) await requestFetches(snapshotFetches(scope, "deposit", SNAPSHOT_AFTER_EVENTS_S));
    expect(snapshotReads()).toEqual([{ kind: "merchant_balance", when: `after ${SNAPSHOT_AFTER_EVENTS_S} s` }]);
    // Another organization's events ask for their own.
    const other = { organizationId: (await createTeam()).org.id, environment: "sandbox" as const };
    await requestFetches(snapshotFetches(other, "deposit", SNAPSHOT_AFTER_EVENTS_S));
    expect(snapshotReads()).toHaveLength(2);
  });
});

describe("a Pro order's write answer", () => {
  it("is stored under its order_id at once, with no fetch asked", async () => {
    const order = {
      order_id: randomUUID(),
      client_order_id: randomUUID(),
      symbol: "USDT-NGN",
      side: "buy",
      type: "limit",
      status: "pending_settlement",
      price: "1500.00",
      requested_quantity: "2",
      created_at: "2026-11-26T10:00:00.000Z",
      updated_at: "2026-11-26T10:00:00.000Z",
    };
    await copyWriteAnswer({ ...scope, operation: "pro.placeOrder", path: "/orders", data: order, replayed: false });
    expect((await readOne(scope, "pro_order", order.order_id))?.data).toMatchObject({ order_id: order.order_id, status: "pending_settlement" });
    expect(fetchesAsked()).toEqual([]);
    expect(snapshotReads()).toEqual([{ kind: "pro_balances", when: "at once" }]);
    // A cancellation's answer is not the order: the order is fetched.
    await copyWriteAnswer({ ...scope, operation: "pro.cancelOrder", path: `/orders/${order.order_id}`, data: { message: "cancelled" }, replayed: false });
    expect(fetchesAsked()).toEqual([{ ...scope, kind: "pro_order", id: order.order_id }]);
  });
});
