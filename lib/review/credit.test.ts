/**
 * Credit only on completion, against a real PostgreSQL, the real webhook intake and a real
 * emulator: a final "credit the customer" decision on a deposit in review tells the merchant's
 * systems to credit only once the provider's deposit.completed is stored, exactly once however
 * often (and under whichever name) the event arrives, and tells them the credit is off if the
 * deposit fails. The queue, the deposit's decisions and the CSV export show which state it is in.
 */
import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { TestEmulator } from "@/emulator/testing";
import { confirmReviewDecision } from "@/lib/review/confirm-decision";
import { recordReviewDecision } from "@/lib/review/record-decision";
import { rejectReviewDecision } from "@/lib/review/reject-decision";
import { setOutboundWebhook } from "@/lib/review/set-outbound-webhook";
import { approvedBy } from "@/test/controls";
import { setWebhookSecret } from "@/lib/vault";
import { createWebhookRoute } from "@/lib/webhooks/intake";
import { signBody } from "@/lib/webhooks/verify";
import { createTeam, testDb } from "@/test/factories";
import { signInAs, signOutTest } from "@/test/session";
import { GET as exportDecisions } from "@/app/api/review/export/route";
import { GET as getQueue } from "@/app/api/review/queue/route";
import { POST as webhook } from "@/app/api/webhooks/[environment]/[surface]/route";
import { decisionsForDeposit } from "./decisions";
import { lockDeposit } from "./lock";
import { processOutboundOnce } from "./outbound";
import { startSandbox, storeApiKey, type Team } from "@/test/fixtures";
import { fillCopy } from "@/test/ledger";

process.env.OUTBOUND_WORKER = "off"; // the test drives deliveries itself
// The merchant's receiver listens on this machine (off by default: lib/review/outbound.security.test.ts).
process.env.ALLOW_LOOPBACK_WEBHOOKS = "1";

const DECISION_FINAL = "deposit_review.decision_final";
const CREDIT_RELEASE = "deposit_review.credit_release";
const CREDIT_OFF = "deposit_review.credit_off";

let emu: TestEmulator;
let team: Team;
let approver2: { id: string };
let coreSecret: string;
let hook: Awaited<ReturnType<typeof receiver>>;

interface Flagged {
  id: string;
  status: string;
  amount: string;
  currency: string;
  customer_id?: string | null;
  created_at: string;
}
let flagged: Flagged[];
let used = 0;
const nextFlagged = () => flagged[used++ % flagged.length]!;

interface Received {
  event: string;
  body: { id: string; event: string; data: Record<string, unknown> };
}

/** The merchant's endpoint: answers 204 and keeps what it was sent. */
async function receiver() {
  const got: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString("utf8")));
    req.on("end", () => {
      got.push({ event: String(req.headers["x-merchant-ops-event"]), body: JSON.parse(body) });
      res.statusCode = 204;
      res.end();
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/deposit-reviews`;
  return { url, got, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const as = async (id: string) => signInAs(await testDb().user.findUniqueOrThrow({ where: { id } }));

/** The provider's webhook for this deposit, signed with the organization's core secret, through the real route. */
async function providerSends(
  event: string,
  d: Flagged,
  status: string,
  eventId: string | null = randomUUID(),
  route = webhook,
  updatedAt = "2026-11-20T10:05:00.000Z",
) {
  const body = JSON.stringify({
    event,
    ...(eventId ? { event_id: eventId } : {}),
    timestamp: updatedAt,
    data: { ...d, status, settlement_status: status, updated_at: updatedAt },
  });
  const res = await route(
    new Request("http://app.test/api/webhooks/sandbox/core", {
      method: "POST",
      headers: { "content-type": "application/json", "x-daya-signature": signBody("core", coreSecret, body) },
      body,
    }),
    { params: Promise.resolve({ environment: "sandbox", surface: "core" }) },
  );
  expect(res.status).toBe(200);
  return (await res.json()) as { duplicate: boolean };
}

/** Sends every due delivery until none is left; returns what the merchant's endpoint got this time. */
async function deliverAll(): Promise<Received[]> {
  const before = hook.got.length;
  for (let i = 0; i < 10 && (await processOutboundOnce(undefined, team.org.id)).claimed > 0; i++);
  return hook.got.slice(before);
}

async function creditDecision(d: Flagged): Promise<string> {
  await as(team.approver.id);
  const r = await recordReviewDecision({ depositId: d.id, decision: "credit_customer", reason: "Customer sent the bank receipt; late by two minutes." });
  if (!r.ok) throw new Error(r.error);
  return r.data.id;
}

async function confirm(decisionId: string) {
  await as(approver2.id);
  return confirmReviewDecision({ decisionId });
}

const creditDeliveries = () => testDb().outboundDelivery.findMany({ where: { organizationId: team.org.id, event: { in: [CREDIT_RELEASE, CREDIT_OFF] } } });

async function csvRow(depositId: string): Promise<Record<string, string>> {
  await as(team.viewer.id);
  const lines = (await (await exportDecisions(new Request(`http://app.test/api/review/export?deposit=${depositId}`))).text()).trimEnd().split("\r\n");
  expect(lines).toHaveLength(2);
  const head = lines[0]!.split(",");
  const cells = lines[1]!.split(",");
  return Object.fromEntries(head.map((h, i) => [h, cells[i] ?? ""]));
}

async function queueCredit(depositId: string) {
  await as(team.viewer.id);
  const q = (await (await getQueue(new Request("http://app.test/api/review/queue"))).json()) as {
    items: { id: string; decision: { credit?: { stage: string } | null } | null }[];
  };
  return q.items.find((i) => i.id === depositId)?.decision?.credit ?? null;
}

beforeAll(async () => {
  emu = await startSandbox();
  flagged = ((await (await emu.request("/v1/deposits?status=REQUIRES_REVIEW&limit=100")).json()) as { data: Flagged[] }).data;
  hook = await receiver();
});
afterAll(async () => {
  await hook.close();
  await emu.close();
});

beforeEach(async () => {
  team = await createTeam();
  approver2 = await testDb().user.create({
    data: { organizationId: team.org.id, email: `approver2-${team.tag}@test.example`, name: `second approver ${team.tag}`, role: "approver" },
  });
  coreSecret = `whsec_core_${randomUUID().replaceAll("-", "")}`;
  await storeApiKey(team);
  // The review queue reads the local copy: fill it as the sync does.
  await fillCopy({ organizationId: team.org.id, environment: "sandbox" }, ["deposit"]);
  await testDb().$transaction(async (tx) => {
    await setWebhookSecret(tx as never, { organizationId: team.org.id, environment: "sandbox", surface: "core", secret: coreSecret, actorId: team.admin.id });
  });
  await as(team.admin.id);
  const set = await approvedBy(team.approver, () => setOutboundWebhook({ url: hook.url }));
  if (!set.ok) throw new Error(set.error);
  signOutTest();
  await deliverAll(); // nothing of an earlier test is left due
});

describe("a credit decision on a deposit in review", () => {
  it("is held: no credit instruction until deposit.completed, then exactly one, however often the event arrives", async () => {
    const d = nextFlagged();
    const id = await creditDecision(d);
    expect(await confirm(id)).toEqual({ ok: true, data: { id, status: "final", deliveryQueued: true, credit: "held" } });

    // The decision itself reaches the merchant's systems, saying not to credit yet.
    const first = await deliverAll();
    expect(first.map((g) => g.event)).toEqual([DECISION_FINAL]);
    expect(first[0]!.body.data).toMatchObject({
      decision_id: id,
      decision: "credit_customer",
      credit: { state: "held", instruction: expect.stringMatching(/^Do not credit the customer yet/) },
    });
    expect(await creditDeliveries()).toHaveLength(0);
    expect(await queueCredit(d.id)).toEqual({ state: "held", stage: "held" });
    expect(await csvRow(d.id)).toMatchObject({ decision: "credit_customer", status: "final", credit_state: "held", credit_provider_event: "" });

    // Events that do not end the deposit change nothing.
    await providerSends("deposit.requires_review", d, "REQUIRES_REVIEW");
    expect(await deliverAll()).toEqual([]);

    // The provider completes it: one credit instruction.
    const completedId = randomUUID();
    expect(await providerSends("deposit.completed", d, "COMPLETED", completedId)).toMatchObject({ duplicate: false });
    const released = await deliverAll();
    expect(released.map((g) => g.event)).toEqual([CREDIT_RELEASE]);
    expect(released[0]!.body.data).toMatchObject({
      decision_id: id,
      deposit_id: d.id,
      credit: "release",
      instruction: "Credit the customer now: the provider completed this deposit.",
      amount_at_decision: d.amount,
      currency_at_decision: d.currency,
      provider_event: { name: "deposit.completed" },
      deposit: { id: d.id, status: "COMPLETED" },
    });

    // At-least-once delivery: the same event again, the same change under its older name, and a
    // later completed event the store keeps as a change of its own.
    expect(await providerSends("deposit.completed", d, "COMPLETED", completedId)).toMatchObject({ duplicate: true });
    await providerSends("deposit.settled", d, "COMPLETED", randomUUID());
    expect(await providerSends("deposit.completed", d, "COMPLETED", randomUUID(), webhook, "2026-11-20T10:06:00.000Z")).toMatchObject({ duplicate: false });
    expect(await deliverAll()).toEqual([]);
    expect(await creditDeliveries()).toHaveLength(1);

    const [view] = await decisionsForDeposit(team.org.id, "sandbox", d.id);
    expect(view!.credit).toMatchObject({
      state: "released",
      stage: "credit_acknowledged",
      event: { name: "deposit.completed" },
      delivery: { status: "delivered" },
    });
    // The copy holds the provider's COMPLETED from the event: the deposit has left the review queue.
    expect(await queueCredit(d.id)).toBeNull();
    expect(await csvRow(d.id)).toMatchObject({
      credit_state: "credit_acknowledged",
      credit_provider_event: "deposit.completed",
      credit_delivery_status: "delivered",
    });
  });

  it("is called off when the deposit fails: a credit-off notice and never a credit, even if a completed event follows", async () => {
    const d = nextFlagged();
    const id = await creditDecision(d);
    await confirm(id);
    await deliverAll();

    await providerSends("deposit.failed", d, "FAILED");
    await providerSends("deposit.failed", d, "FAILED"); // delivered twice under different ids
    const sent = await deliverAll();
    expect(sent.map((g) => g.event)).toEqual([CREDIT_OFF]);
    expect(sent[0]!.body.data).toMatchObject({
      decision_id: id,
      credit: "off",
      provider_event: { name: "deposit.failed" },
      instruction: expect.stringMatching(/Do not credit the customer/),
    });

    // A contradicting later event does not turn a failed deposit into a credit.
    await providerSends("deposit.completed", d, "COMPLETED");
    expect(await deliverAll()).toEqual([]);
    expect((await creditDeliveries()).map((x) => x.event)).toEqual([CREDIT_OFF]);
    // The copy holds the provider's FAILED from the event, so the deposit has left the review queue;
    // its page and the decisions CSV keep the credit's state.
    expect(await queueCredit(d.id)).toBeNull();
    expect((await decisionsForDeposit(team.org.id, "sandbox", d.id))[0]!.credit).toMatchObject({ state: "off", stage: "credit_off" });
    expect(await csvRow(d.id)).toMatchObject({ credit_state: "credit_off", credit_provider_event: "deposit.failed", credit_delivery_status: "delivered" });
  });

  it("goes at once when deposit.completed was already stored before the second approver confirmed", async () => {
    const d = nextFlagged();
    const id = await creditDecision(d);
    await providerSends("deposit.completed", d, "COMPLETED");
    expect(await deliverAll()).toEqual([]); // not final yet: nothing to credit

    expect(await confirm(id)).toMatchObject({ ok: true, data: { credit: "released" } });
    const sent = await deliverAll();
    expect(sent.map((g) => g.event).sort()).toEqual([CREDIT_RELEASE, DECISION_FINAL].sort());
    expect(sent.find((g) => g.event === DECISION_FINAL)!.body.data).toMatchObject({ credit: { state: "released" } });
    await providerSends("deposit.completed", d, "COMPLETED");
    expect(await deliverAll()).toEqual([]);
    expect(await creditDeliveries()).toHaveLength(1);
  });

  it("credits nothing for a hold or for a credit decision the second approver rejected", async () => {
    const [a, b] = [nextFlagged(), nextFlagged()];
    await as(team.approver.id);
    const hold = await recordReviewDecision({ depositId: a.id, decision: "hold", reason: "Waiting for the customer's receipt." });
    if (!hold.ok) throw new Error(hold.error);
    expect(await confirm(hold.data.id)).toMatchObject({ ok: true, data: { credit: null } });
    const credit = await creditDecision(b);
    await as(approver2.id);
    expect(await rejectReviewDecision({ decisionId: credit, note: "The receipt does not match." })).toMatchObject({ ok: true, data: { status: "rejected" } });

    await providerSends("deposit.completed", a, "COMPLETED");
    await providerSends("deposit.completed", b, "COMPLETED");
    expect((await deliverAll()).map((g) => g.event)).toEqual([DECISION_FINAL]);
    expect(await creditDeliveries()).toHaveLength(0);
    expect(await csvRow(a.id)).toMatchObject({ decision: "hold", credit_state: "" });
    expect(await csvRow(b.id)).toMatchObject({ status: "rejected", credit_state: "" });
  });
});

describe("exactly once, durably", () => {
  it("many deliveries of the end event at once, as two instances would take them, send one credit", async () => {
    const d = nextFlagged();
    const id = await creditDecision(d);
    await confirm(id);
    await deliverAll();
    // Distinct stored changes (each its own row), and repeats of them, all at the same moment.
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        providerSends(i % 2 ? "deposit.settled" : "deposit.completed", d, "COMPLETED", randomUUID(), webhook, `2026-11-20T10:0${5 + (i % 4)}:00.000Z`),
      ),
    );
    expect(await testDb().webhookEvent.count({ where: { organizationId: team.org.id, resourceId: d.id, name: "deposit.completed" } })).toBe(4);
    expect((await deliverAll()).map((g) => g.event)).toEqual([CREDIT_RELEASE]);
    expect(await creditDeliveries()).toHaveLength(1);
  });

  it("a burst of end events of many deposits, some with a credit held, releases each held credit once and touches no other", async () => {
    const held = [nextFlagged(), nextFlagged(), nextFlagged()];
    for (const d of held) await confirm(await creditDecision(d));
    await deliverAll();
    const others = Array.from({ length: 9 }, () => nextFlagged()).filter((d) => !held.includes(d));
    // All at once, as the intake takes a burst: their end checks run together.
    await Promise.all([...held, ...others].map((d) => providerSends("deposit.completed", d, "COMPLETED")));
    const got = await deliverAll();
    expect(got.map((g) => g.event)).toEqual(held.map(() => CREDIT_RELEASE));
    expect(got.map((g) => g.body.data.deposit_id).sort()).toEqual(held.map((d) => d.id).sort());
    for (const d of held) expect((await decisionsForDeposit(team.org.id, "sandbox", d.id))[0]!.credit).toMatchObject({ state: "released" });
  });

  it("a burst larger than one check's bound (200 deposits): every caller is answered, and the held credit among them released once", async () => {
    const d = nextFlagged();
    await confirm(await creditDecision(d));
    await deliverAll();
    await providerSends("deposit.completed", d, "COMPLETED", randomUUID(), createWebhookRoute({ depositEnded: async () => undefined }));
    const { onDepositEnded } = await import("./credit");
    const others = Array.from({ length: 450 }, () => onDepositEnded(team.org.id, "sandbox", `dep_${randomUUID()}`));
    await Promise.all([...others, onDepositEnded(team.org.id, "sandbox", d.id)]);
    expect((await deliverAll()).map((g) => g.event)).toEqual([CREDIT_RELEASE]);
  });

  it("a credit being held while the end event's check runs is seen once it commits: the check waits on the deposit's lock", async () => {
    const d = nextFlagged();
    const id = await creditDecision(d);
    await confirm(id);
    await deliverAll();
    // As a confirmation does: under the deposit's lock, the credit becomes held; it commits later.
    await testDb().reviewDecision.update({ where: { id }, data: { creditState: null } });
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => (locked = r));
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const confirming = testDb().$transaction(
      async (tx) => {
        await lockDeposit(tx as never, team.org.id, "sandbox", d.id);
        await tx.reviewDecision.update({ where: { id }, data: { creditState: "held" } });
        locked();
        await released;
      },
      { timeout: 10_000 },
    );
    await isLocked;
    const sending = providerSends("deposit.completed", d, "COMPLETED");
    await new Promise((r) => setTimeout(r, 500));
    release();
    await confirming;
    await sending;
    // No sweep: the intake's own check saw the held credit.
    expect((await deliverAll()).map((g) => g.event)).toEqual([CREDIT_RELEASE]);
  });

  it("a confirmation racing the completed event still ends with exactly one credit", async () => {
    const d = nextFlagged();
    const id = await creditDecision(d);
    await as(approver2.id);
    await Promise.all([confirmReviewDecision({ decisionId: id }), providerSends("deposit.completed", d, "COMPLETED")]);
    // Whichever committed first, the worker's sweep settles what the intake could not see.
    const { settleDueCredits } = await import("./credit");
    await settleDueCredits();
    await settleDueCredits();
    expect((await deliverAll()).filter((g) => g.event !== DECISION_FINAL).map((g) => g.event)).toEqual([CREDIT_RELEASE]);
    expect(await creditDeliveries()).toHaveLength(1);
  });

  it("an instance that stored the event but stopped before releasing: the worker's sweep sends the credit once", async () => {
    const d = nextFlagged();
    const id = await creditDecision(d);
    await confirm(id);
    await deliverAll();
    // The intake as it is until its release step: the event is committed, nothing else happens.
    const stopped = createWebhookRoute({ depositEnded: async () => undefined });
    await providerSends("deposit.completed", d, "COMPLETED", randomUUID(), stopped);
    expect(await deliverAll()).toEqual([]);
    expect((await decisionsForDeposit(team.org.id, "sandbox", d.id))[0]!.credit).toMatchObject({ state: "held" });

    const { settleDueCredits } = await import("./credit");
    expect(await settleDueCredits()).toBeGreaterThanOrEqual(1);
    expect(await settleDueCredits()).toBe(0);
    expect((await deliverAll()).map((g) => g.event)).toEqual([CREDIT_RELEASE]);
    expect(await creditDeliveries()).toHaveLength(1);
  });
});
