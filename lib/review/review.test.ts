/**
 * Deposit review against a real PostgreSQL and a real emulator, called as each role: who may
 * decide, the four-eyes rule, the signed outbound delivery retried until a local endpoint answers
 * 2xx, the CSV export and the deposit read routes.
 */
import { createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { TestEmulator } from "@/emulator/testing";
import { confirmReviewDecision } from "@/lib/review/confirm-decision";
import { recordReviewDecision } from "@/lib/review/record-decision";
import { rejectReviewDecision } from "@/lib/review/reject-decision";
import { redeliverOutbound } from "@/lib/review/redeliver-outbound";
import { setOutboundWebhook } from "@/lib/review/set-outbound-webhook";
import { storeObjects } from "@/lib/ledger/store";
import { approvedBy } from "@/test/controls";
import { createTeam, testDb } from "@/test/factories";
import { signInAs, signOutTest } from "@/test/session";
import { GET as getDeposit } from "@/app/api/deposits/[id]/route";
import { GET as listDeposits } from "@/app/api/deposits/route";
import { GET as exportDecisions } from "@/app/api/review/export/route";
import { GET as getQueue } from "@/app/api/review/queue/route";
import { decisionsForDeposit, SELF_CONFIRM_REFUSED } from "./decisions";
import { DECISION_EVENT, processOutboundOnce } from "./outbound";
import { startSandbox, storeApiKey, type Team } from "@/test/fixtures";
import { fillCopy } from "@/test/ledger";

process.env.OUTBOUND_WORKER = "off"; // the test drives deliveries itself
// The receivers below listen on this machine, as a developer's would (off by default: see
// lib/review/outbound.security.test.ts).
process.env.ALLOW_LOOPBACK_WEBHOOKS = "1";

let emu: TestEmulator;
let team: Team;
let approver2: { id: string; email: string; sessionVersion: number };
const REFUSED_ROLE = { ok: false, error: "Your role does not allow this. Ask an admin if you need it." };

type Who = "viewer" | "operator" | "approver" | "admin" | "approver2";
const as = async (who: Who) => {
  const id = who === "approver2" ? approver2.id : team[who].id;
  signInAs(await testDb().user.findUniqueOrThrow({ where: { id } }));
};

interface Flagged {
  id: string;
  status: string;
  amount: string;
  currency: string;
  created_at: string;
}
let flagged: Flagged[];
let used = 0;
/** A flagged deposit no other test in this file has decided. */
const nextFlagged = () => flagged[used++ % flagged.length]!;

beforeAll(async () => {
  emu = await startSandbox();
  const res = await emu.request("/v1/deposits?status=REQUIRES_REVIEW&limit=100");
  flagged = ((await res.json()) as { data: Flagged[] }).data;
});
afterAll(() => emu.close());

beforeEach(async () => {
  team = await createTeam();
  approver2 = await testDb().user.create({
    data: { organizationId: team.org.id, email: `approver2-${team.tag}@test.example`, name: `second approver ${team.tag}`, role: "approver" },
  });
  await storeApiKey(team);
  signOutTest();
});

const decisionsOf = () => testDb().reviewDecision.findMany({ where: { organizationId: team.org.id }, orderBy: { createdAt: "asc" } });

describe("who may decide", () => {
  it("refuses without a session", async () => {
    expect(await recordReviewDecision({ depositId: flagged[0]!.id, decision: "hold", reason: "Waiting for the customer's receipt." })).toEqual({
      ok: false,
      error: "Your session has ended. Sign in again.",
    });
  });

  it.each(["viewer", "operator"] as const)("refuses a %s to record, confirm or reject, and stores nothing", async (role) => {
    await as(role);
    const d = flagged[0]!;
    expect(await recordReviewDecision({ depositId: d.id, decision: "hold", reason: "Waiting for the customer's receipt." })).toEqual(REFUSED_ROLE);
    // A decision recorded by an approver cannot be pushed through by these roles either.
    await as("approver");
    const r = await recordReviewDecision({ depositId: d.id, decision: "hold", reason: "Waiting for the customer's receipt." });
    if (!r.ok) throw new Error(r.error);
    await as(role);
    expect(await confirmReviewDecision({ decisionId: r.data.id })).toEqual(REFUSED_ROLE);
    expect(await rejectReviewDecision({ decisionId: r.data.id, note: "Not convinced" })).toEqual(REFUSED_ROLE);
    expect((await decisionsOf()).map((x) => x.status)).toEqual(["awaiting_confirmation"]);
  });

  it("puts a short reason on its field and refuses a deposit the provider already resolved", async () => {
    await as("approver");
    expect(await recordReviewDecision({ depositId: flagged[0]!.id, decision: "hold", reason: "short" })).toMatchObject({
      ok: false,
      fieldErrors: { reason: expect.stringMatching(/10 characters/) },
    });
    const done = (await (await emu.request("/v1/deposits?status=COMPLETED&limit=1")).json()) as { data: { id: string }[] };
    expect(await recordReviewDecision({ depositId: done.data[0]!.id, decision: "hold", reason: "Waiting for the customer's receipt." })).toEqual({
      ok: false,
      error: "The provider shows this deposit as COMPLETED, so it no longer needs a review decision.",
    });
    expect(await decisionsOf()).toHaveLength(0);
  });
});

describe("four eyes", () => {
  it("refuses the requester's own confirmation with a sentence, and a second approver makes it final", async () => {
    const d = nextFlagged();
    await as("approver");
    const r = await recordReviewDecision({ depositId: d.id, decision: "credit_customer", reason: "Customer sent the receipt; late by two minutes." });
    if (!r.ok) throw new Error(r.error);
    expect(r.data.status).toBe("awaiting_confirmation");
    expect(await confirmReviewDecision({ decisionId: r.data.id })).toEqual({ ok: false, error: SELF_CONFIRM_REFUSED });
    expect((await decisionsOf())[0]).toMatchObject({ status: "awaiting_confirmation", confirmedById: null });

    // A second decision on the same deposit while one is open is refused.
    await as("approver2");
    expect(await recordReviewDecision({ depositId: d.id, decision: "hold", reason: "I would rather hold this one." })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/waiting for a second approver/),
    });

    const c = await confirmReviewDecision({ decisionId: r.data.id, note: "Receipt checked." });
    // A credit decision on a deposit still in review is held until the provider completes it (credit.test.ts).
    expect(c).toEqual({ ok: true, data: { id: r.data.id, status: "final", deliveryQueued: false, credit: "held" } });
    const [row] = await decisionsOf();
    expect(row).toMatchObject({ status: "final", decidedById: team.approver.id, confirmedById: approver2.id, confirmNote: "Receipt checked." });
    expect(row!.depositSnapshot).toMatchObject({ id: d.id, status: "REQUIRES_REVIEW", amount: d.amount, currency: d.currency });
    // Confirming twice does nothing more.
    expect(await confirmReviewDecision({ decisionId: r.data.id })).toMatchObject({ ok: false, error: expect.stringMatching(/already final/) });

    const audit = await testDb().auditLog.findMany({ where: { organizationId: team.org.id, targetId: d.id }, orderBy: { at: "asc" } });
    expect(audit.map((a) => [a.action, a.actorId])).toEqual([
      ["review.decision_recorded", team.approver.id],
      ["review.decision_confirmed", approver2.id],
    ]);
  });

  it("an admin counts as an approver; a rejection by another approver or a withdrawal by the requester frees the deposit", async () => {
    const d = nextFlagged();
    await as("admin");
    const r1 = await recordReviewDecision({ depositId: d.id, decision: "ask_provider_to_reverse", reason: "Sender is not our customer." });
    if (!r1.ok) throw new Error(r1.error);
    await as("approver");
    expect(await rejectReviewDecision({ decisionId: r1.data.id, note: "Customer confirmed it is theirs." })).toEqual({
      ok: true,
      data: { id: r1.data.id, status: "rejected" },
    });
    const r2 = await recordReviewDecision({ depositId: d.id, decision: "hold", reason: "Waiting for the customer's receipt." });
    if (!r2.ok) throw new Error(r2.error);
    expect(await rejectReviewDecision({ decisionId: r2.data.id, note: "Recorded too early." })).toEqual({
      ok: true,
      data: { id: r2.data.id, status: "withdrawn" },
    });
    expect((await decisionsOf()).map((x) => x.status)).toEqual(["rejected", "withdrawn"]);
  });

  it("a decision of another organization is invisible", async () => {
    const other = await createTeam();
    await storeApiKey(other);
    signInAs(await testDb().user.findUniqueOrThrow({ where: { id: other.approver.id } }));
    const r = await recordReviewDecision({ depositId: nextFlagged().id, decision: "hold", reason: "Waiting for the customer's receipt." });
    if (!r.ok) throw new Error(r.error);
    await as("approver2");
    expect(await confirmReviewDecision({ decisionId: r.data.id })).toEqual({
      ok: false,
      error: "This decision no longer exists in this environment. Reload the page.",
    });
  });
});

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A local endpoint that fails its first `failures` requests with 503, then answers 204. */
async function receiver(failures: number) {
  const got: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString("utf8")));
    req.on("end", () => {
      got.push({ headers: req.headers, body });
      res.statusCode = got.length <= failures ? 503 : 204;
      res.end();
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/decisions`;
  return { url, got, close: () => new Promise<void>((r) => server.close(() => r())) };
}

async function makeDue() {
  await testDb().outboundDelivery.updateMany({
    where: { organizationId: team.org.id, status: "pending" },
    data: { nextAttemptAt: new Date(Date.now() - 1000) },
  });
}

describe("the decision delivered to the merchant's system", () => {
  it("signs the body, retries with backoff until the endpoint answers 2xx, and logs each attempt", async () => {
    const hook = await receiver(2);
    try {
      await as("viewer");
      expect(await setOutboundWebhook({ url: hook.url })).toEqual(REFUSED_ROLE);
      await as("admin");
      const set = await approvedBy(team.approver, () => setOutboundWebhook({ url: hook.url }));
      if (!set.ok) throw new Error(set.error);
      const secret = set.data.secret!;
      expect(secret).toMatch(/^[0-9a-f]{64}$/);
      // The secret is stored sealed and shown only once: saving again returns none.
      const again = await setOutboundWebhook({ url: hook.url });
      expect(again).toMatchObject({ ok: true, data: { secret: null } });
      const stored = await testDb().vaultSecret.findFirstOrThrow({ where: { organizationId: team.org.id, kind: "outbound_webhook_secret", status: "active" } });
      expect(Buffer.from(stored.ciphertext).toString("utf8")).not.toContain(secret);
      const audits = await testDb().auditLog.findMany({ where: { organizationId: team.org.id, action: "outbound_webhook.set" } });
      expect(JSON.stringify(audits.map((a) => [a.before, a.after]))).not.toContain(secret);

      const d = nextFlagged();
      await as("approver");
      const r = await recordReviewDecision({ depositId: d.id, decision: "hold", reason: "Waiting for the customer's receipt." });
      if (!r.ok) throw new Error(r.error);
      await as("approver2");
      expect(await confirmReviewDecision({ decisionId: r.data.id })).toMatchObject({ ok: true, data: { deliveryQueued: true } });

      expect(await processOutboundOnce(undefined, team.org.id)).toEqual({ claimed: 1, delivered: 0 });
      let row = await testDb().outboundDelivery.findFirstOrThrow({ where: { organizationId: team.org.id } });
      expect(row).toMatchObject({ status: "pending", attempts: 1, lastStatus: 503, lastError: "The endpoint answered HTTP 503." });
      expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 5_000); // backoff, not a hot loop
      expect(await processOutboundOnce(undefined, team.org.id)).toEqual({ claimed: 0, delivered: 0 }); // not due yet

      await makeDue();
      expect(await processOutboundOnce(undefined, team.org.id)).toEqual({ claimed: 1, delivered: 0 });
      await makeDue();
      expect(await processOutboundOnce(undefined, team.org.id)).toEqual({ claimed: 1, delivered: 1 });
      row = await testDb().outboundDelivery.findFirstOrThrow({ where: { organizationId: team.org.id } });
      expect(row).toMatchObject({ status: "delivered", attempts: 3, lastStatus: 204, lastError: null });
      await makeDue();
      expect(await processOutboundOnce(undefined, team.org.id)).toEqual({ claimed: 0, delivered: 0 });

      expect(hook.got).toHaveLength(3);
      for (const req of hook.got) {
        expect(req.headers["x-merchant-ops-signature"]).toBe(createHmac("sha256", secret).update(req.body).digest("hex"));
        expect(req.headers["x-merchant-ops-event"]).toBe(DECISION_EVENT);
        expect(req.headers["x-merchant-ops-delivery"]).toBe(row.id);
      }
      const payload = JSON.parse(hook.got[2]!.body);
      expect(payload).toMatchObject({
        id: row.id,
        event: DECISION_EVENT,
        environment: "sandbox",
        data: {
          decision_id: r.data.id,
          deposit_id: d.id,
          decision: "hold",
          reason: "Waiting for the customer's receipt.",
          decided_by: { id: team.approver.id },
          confirmed_by: { id: approver2.id },
          deposit: { id: d.id, status: "REQUIRES_REVIEW", amount: d.amount, currency: d.currency },
        },
      });

      // An admin can send it again; the endpoint sees the same delivery id.
      await as("approver");
      expect(await redeliverOutbound({ deliveryId: row.id })).toEqual(REFUSED_ROLE);
      await as("admin");
      expect(await redeliverOutbound({ deliveryId: row.id })).toEqual({ ok: true, data: { id: row.id, status: "pending" } });
      expect(await processOutboundOnce(undefined, team.org.id)).toEqual({ claimed: 1, delivered: 1 });
      expect(hook.got[3]!.headers["x-merchant-ops-delivery"]).toBe(row.id);
    } finally {
      await hook.close();
    }
  });

  it("records why an unreachable endpoint failed", async () => {
    const hook = await receiver(0);
    await hook.close(); // nothing listens on this port any more
    await as("admin");
    const set = await approvedBy(team.approver, () => setOutboundWebhook({ url: hook.url }));
    if (!set.ok) throw new Error(set.error);
    await as("approver");
    const r = await recordReviewDecision({ depositId: nextFlagged().id, decision: "hold", reason: "Waiting for the customer's receipt." });
    if (!r.ok) throw new Error(r.error);
    await as("approver2");
    await confirmReviewDecision({ decisionId: r.data.id });
    expect(await processOutboundOnce(undefined, team.org.id)).toEqual({ claimed: 1, delivered: 0 });
    expect(await testDb().outboundDelivery.findFirstOrThrow({ where: { organizationId: team.org.id } })).toMatchObject({
      status: "pending",
      attempts: 1,
      lastStatus: null,
      // Neutral: which ports answer is not the log's to tell.
      lastError: "The receiver refused or could not be reached.",
    });
  });

  it("replaces the signing secret only when asked, and signs later deliveries with the new one", async () => {
    const hook = await receiver(0);
    try {
      await as("admin");
      const first = await approvedBy(team.approver, () => setOutboundWebhook({ url: hook.url }));
      const second = await setOutboundWebhook({ url: hook.url, newSecret: true });
      if (!first.ok || !second.ok) throw new Error("set failed");
      expect(second.data.secret).toMatch(/^[0-9a-f]{64}$/);
      expect(second.data.secret).not.toBe(first.data.secret);
      const rows = await testDb().vaultSecret.findMany({
        where: { organizationId: team.org.id, kind: "outbound_webhook_secret" },
        orderBy: { createdAt: "asc" },
      });
      expect(rows.map((r) => r.status)).toEqual(["revoked", "active"]);

      await as("approver");
      const r = await recordReviewDecision({ depositId: nextFlagged().id, decision: "hold", reason: "Waiting for the customer's receipt." });
      if (!r.ok) throw new Error(r.error);
      await as("approver2");
      await confirmReviewDecision({ decisionId: r.data.id });
      expect(await processOutboundOnce(undefined, team.org.id)).toEqual({ claimed: 1, delivered: 1 });
      expect(hook.got[0]!.headers["x-merchant-ops-signature"]).toBe(createHmac("sha256", second.data.secret!).update(hook.got[0]!.body).digest("hex"));
    } finally {
      await hook.close();
    }
  });

  it("refuses a plain http address in production", async () => {
    await testDb().user.update({ where: { id: team.admin.id }, data: { environment: "production" } });
    await as("admin");
    expect(await setOutboundWebhook({ url: "http://example.test/hook" })).toEqual({
      ok: false,
      error: "Some fields need attention.",
      fieldErrors: { url: "Production needs an https:// address." },
    });
    expect(await setOutboundWebhook({ url: "ftp://example.test/hook" })).toMatchObject({ ok: false, fieldErrors: { url: expect.stringMatching(/http/) } });
  });
});

const get = (url: string) => new Request(`http://app.test${url}`);

describe("read routes", () => {
  it("answers the deposit list, detail, queue and export to every role, and nobody signed out", async () => {
    await fillCopy({ organizationId: team.org.id, environment: "sandbox" }, ["deposit"]);
    expect((await listDeposits(get("/api/deposits"))).status).toBe(401);
    expect((await exportDecisions(get("/api/review/export"))).status).toBe(401);
    for (const role of ["viewer", "operator", "approver", "admin"] as const) {
      await as(role);
      expect((await listDeposits(get("/api/deposits"))).status).toBe(200);
    }
    await as("viewer");
    const list = (await (await listDeposits(get("/api/deposits?status=FLAGGED&type=NGN_DEPOSIT"))).json()) as {
      deposits: { status: string; type: string }[];
      total: number;
    };
    expect(list.deposits.length).toBeGreaterThan(0);
    expect(list.deposits.every((x) => x.status === "REQUIRES_REVIEW" && x.type === "NGN_DEPOSIT")).toBe(true);

    const one = flagged[0]!;
    const detail = await getDeposit(get(`/api/deposits/${one.id}`), { params: Promise.resolve({ id: one.id }) });
    expect(detail.status).toBe(200);
    expect(((await detail.json()) as { deposit: { id: string } }).deposit.id).toBe(one.id);
    const missing = "00000000-0000-4000-8000-000000000000";
    expect((await getDeposit(get(`/api/deposits/${missing}`), { params: Promise.resolve({ id: missing }) })).status).toBe(404);

    const queue = (await (await getQueue(get("/api/review/queue"))).json()) as { items: { id: string; createdAt: string; flagExplanation: string }[] };
    expect(queue.items.map((i) => i.id).sort()).toEqual(flagged.map((f) => f.id).sort());
    const times = queue.items.map((i) => Date.parse(i.createdAt));
    expect(times).toEqual([...times].sort((a, b) => a - b)); // oldest first
    expect(queue.items.every((i) => i.flagExplanation.length > 20)).toBe(true);
  });

  it("exports every decision of the filtered set as CSV, with neutralised formulas", async () => {
    const [a, b] = [nextFlagged(), nextFlagged()];
    await as("approver");
    const r1 = await recordReviewDecision({ depositId: a.id, decision: "credit_customer", reason: '=HYPERLINK("x"), customer sent proof' });
    const r2 = await recordReviewDecision({ depositId: b.id, decision: "hold", reason: "Waiting for the customer's receipt." });
    if (!r1.ok || !r2.ok) throw new Error("record failed");
    await as("approver2");
    await confirmReviewDecision({ decisionId: r1.data.id });
    await as("viewer");
    const all = await exportDecisions(get("/api/review/export"));
    expect(all.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const lines = (await all.text()).trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "decision_id,deposit_id,decision,status,reason,decided_by,decided_at,confirmed_by,confirmed_at,confirm_note,amount,currency,flag_code,provider_status_at_decision,provider_status_now,delivery_status,credit_state,credit_changed_at,credit_provider_event,credit_delivery_status",
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`${r1.data.id},${a.id},credit_customer,final,"'=HYPERLINK(""x""), customer sent proof",${team.approver.email}`);
    expect(lines[1]).toContain(`,${approver2.email},`);
    expect(lines[2]).toContain(`${r2.data.id},${b.id},hold,awaiting_confirmation,Waiting for the customer's receipt.,${team.approver.email}`);
    const finals = (await (await exportDecisions(get("/api/review/export?status=final"))).text()).trimEnd().split("\r\n");
    expect(finals).toHaveLength(2);
    // An unknown value in a shared link is dropped, like every list's filter: the whole set.
    const nonsense = await exportDecisions(get("/api/review/export?status=nonsense"));
    expect(nonsense.status).toBe(200);
    expect((await nonsense.text()).trimEnd().split("\r\n")).toHaveLength(3);
  });
});

describe("the provider's later outcome", () => {
  it("shows the provider's new status next to a final decision, and in the export, without the decision changing", async () => {
    const d = nextFlagged();
    await as("approver");
    const r = await recordReviewDecision({ depositId: d.id, decision: "credit_customer", reason: "Customer sent the receipt; late by two minutes." });
    if (!r.ok) throw new Error(r.error);
    await as("approver2");
    await confirmReviewDecision({ decisionId: r.data.id });
    expect((await decisionsForDeposit(team.org.id, "sandbox", d.id))[0]!.providerOutcome).toBeNull();

    // The provider completes the deposit later; its webhook puts the newest state into the local copy.
    const at = new Date("2026-03-01T12:00:00.000Z");
    await storeObjects(
      { organizationId: team.org.id, environment: "sandbox" },
      "deposit",
      [{ ...d, status: "COMPLETED", updated_at: at.toISOString() }],
      "webhook",
    );
    const [view] = await decisionsForDeposit(team.org.id, "sandbox", d.id);
    expect(view).toMatchObject({ status: "final", decision: "credit_customer", providerOutcome: { status: "COMPLETED", at } });
    expect(view!.snapshot.status).toBe("REQUIRES_REVIEW");
    // The live status, when the page has it, wins over the stored event.
    expect((await decisionsForDeposit(team.org.id, "sandbox", d.id, "FAILED"))[0]!.providerOutcome).toMatchObject({ status: "FAILED" });

    await as("viewer");
    const lines = (await (await exportDecisions(get(`/api/review/export?deposit=${d.id}`))).text()).trimEnd().split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(",REQUIRES_REVIEW,COMPLETED,");
  });
});
