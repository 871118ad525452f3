/**
 * The second approval of a deposit review decision from the review queue and the approvals inbox:
 * both list the decision and call the deposit page's own actions, so every way around the rules is
 * tried here against those actions and the inbox's reads, as the browser would call them. The
 * requester cannot confirm; a role without review:decide cannot (the action refuses, whatever the
 * page shows); a decision cannot be decided twice, even by two tabs at the same moment; and another
 * organization's or environment's decision cannot be reached by its id.
 */
import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { GET as countRoute } from "@/app/api/approvals/count/route";
import { GET as inboxRoute } from "@/app/api/approvals/route";
import type { Inbox } from "@/lib/approvals/queries";
import { confirmReviewDecision } from "@/lib/review/confirm-decision";
import { rejectReviewDecision } from "@/lib/review/reject-decision";
import { createTeam, testDb } from "@/test/factories";
import { signInAs, signOutTest } from "@/test/session";
import type { CurrentUser } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { confirmDecision, rejectDecision, SELF_CONFIRM_REFUSED } from "./decisions";

process.env.OUTBOUND_WORKER = "off";

type Team = Awaited<ReturnType<typeof createTeam>>;
type Who = "viewer" | "operator" | "approver" | "admin";
const REFUSED_ROLE = { ok: false, error: "Your role does not allow this. Ask an admin if you need it." };
const GONE = { ok: false, error: "This decision no longer exists in this environment. Reload the page." };

let team: Team;
const as = async (who: Who, t: Team = team) => signInAs(await testDb().user.findUniqueOrThrow({ where: { id: t[who].id } }));
const get = (path: string) => new Request(`http://app.test${path}`);
const inbox = async (query = "") => (await (await inboxRoute(get(`/api/approvals${query}`))).json()) as Inbox;
const count = async () => ((await (await countRoute(get("/api/approvals/count"))).json()) as { count: number }).count;

/** A decision recorded by `by`, as recordReviewDecision stores it (the provider's deposit snapshot kept). */
async function recorded(by: Who, opts: { t?: Team; environment?: "sandbox" | "production"; decision?: string } = {}) {
  const t = opts.t ?? team;
  const depositId = `dep_${randomUUID().slice(0, 8)}`;
  return testDb().reviewDecision.create({
    data: {
      organizationId: t.org.id,
      environment: opts.environment ?? "sandbox",
      depositId,
      decision: opts.decision ?? "hold",
      reason: "Waiting for the customer's bank receipt.",
      decidedById: t[by].id,
      depositSnapshot: { id: depositId, status: "REQUIRES_REVIEW", amount: "150000.00", currency: "NGN", created_at: new Date().toISOString() },
    },
  });
}

const statusOf = async (id: string) => (await testDb().reviewDecision.findUniqueOrThrow({ where: { id } })).status;

beforeEach(async () => {
  team = await createTeam();
  signOutTest();
});

describe("the approvals inbox lists review decisions beside money movements", () => {
  it("shows a decision to the other approvers with their buttons, to its requester as theirs, and to a viewer without buttons; counts it", async () => {
    const d = await recorded("approver");
    await testDb().approvalRequest.create({
      data: {
        organizationId: team.org.id,
        environment: "sandbox",
        kind: "balance_move",
        payload: { amount_usd: "2000.00" },
        summary: "Move by operator",
        amount: "2000.00",
        currency: "USD",
        status: "pending",
        attemptKey: randomUUID(),
        requestedById: team.operator.id,
        expiresAt: new Date(Date.now() + 3_600_000),
      },
    });

    await as("admin");
    const admin = await inbox();
    expect(admin.waiting.map((r) => r.summary)).toEqual(["Move by operator"]);
    expect(admin.reviews.waiting).toEqual([
      expect.objectContaining({
        id: d.id,
        kind: "deposit_review",
        kindLabel: "Deposit review decision",
        depositId: d.depositId,
        summary: `Hold: flagged deposit ${d.depositId}`,
        amount: "150000.00",
        currency: "NGN",
        requestedBy: expect.objectContaining({ id: team.approver.id }),
        canDecide: true,
        mine: false,
      }),
    ]);
    expect(await count()).toBe(2);
    // The kind filter narrows what waits.
    expect((await inbox("?kind=review")).waiting).toEqual([]);
    expect((await inbox("?kind=review")).reviews.waiting).toHaveLength(1);
    expect((await inbox("?kind=money")).reviews.waiting).toEqual([]);
    expect((await inbox("?kind=money")).waiting).toHaveLength(1);
    expect((await inbox("?kind=control")).waiting).toEqual([]);
    // An unknown kind in a shared link is dropped, never an error.
    expect((await inbox("?kind=everything")).reviews.waiting).toHaveLength(1);

    await as("approver");
    const requester = await inbox();
    expect(requester.reviews.waiting).toEqual([]);
    expect(requester.reviews.mine).toEqual([expect.objectContaining({ id: d.id, canDecide: false, mine: true })]);
    expect(await count()).toBe(1); // the money request only: never their own decision

    for (const role of ["viewer", "operator"] as const) {
      await as(role);
      const seen = await inbox();
      expect(seen.reviews.waiting).toEqual([expect.objectContaining({ id: d.id, canDecide: false, mine: false })]);
      expect(await count()).toBe(0);
    }
  });

  it("leaves a decision out once it is final, rejected or withdrawn", async () => {
    const a = await recorded("approver");
    const b = await recorded("approver");
    const c = await recorded("approver");
    await as("admin");
    expect(await confirmReviewDecision({ decisionId: a.id })).toMatchObject({ ok: true, data: { status: "final" } });
    expect(await rejectReviewDecision({ decisionId: b.id, note: "Receipt is forged." })).toMatchObject({ ok: true, data: { status: "rejected" } });
    await as("approver");
    expect(await rejectReviewDecision({ decisionId: c.id, note: "Recorded too early." })).toMatchObject({ ok: true, data: { status: "withdrawn" } });
    await as("admin");
    expect((await inbox()).reviews).toEqual({ waiting: [], mine: [] });
    expect(await count()).toBe(0);
  });
});

describe("attacks on the second approval", () => {
  it("the requester cannot confirm their own decision by its id, whichever page offered it", async () => {
    for (const who of ["approver", "admin"] as const) {
      const d = await recorded(who);
      await as(who);
      expect(await confirmReviewDecision({ decisionId: d.id })).toEqual({ ok: false, error: SELF_CONFIRM_REFUSED });
      expect(await confirmReviewDecision({ decisionId: d.id, note: "It is fine, really." })).toEqual({ ok: false, error: SELF_CONFIRM_REFUSED });
      expect(await statusOf(d.id)).toBe("awaiting_confirmation");
    }
  });

  it.each(["viewer", "operator"] as const)(
    "a %s who calls the actions directly, with an id the inbox shows them, is refused and nothing changes",
    async (role) => {
      const d = await recorded("approver");
      await as(role);
      expect((await inbox()).reviews.waiting.map((r) => r.id)).toEqual([d.id]);
      expect(await confirmReviewDecision({ decisionId: d.id })).toEqual(REFUSED_ROLE);
      expect(await rejectReviewDecision({ decisionId: d.id, note: "Not convinced at all." })).toEqual(REFUSED_ROLE);
      expect(await statusOf(d.id)).toBe("awaiting_confirmation");
      expect(await testDb().auditLog.count({ where: { organizationId: team.org.id, action: { startsWith: "review." } } })).toBe(0);
    },
  );

  it("a signed-out caller is refused", async () => {
    const d = await recorded("approver");
    expect(await confirmReviewDecision({ decisionId: d.id })).toEqual({ ok: false, error: "Your session has ended. Sign in again." });
    expect(await statusOf(d.id)).toBe("awaiting_confirmation");
  });

  it("two tabs: a decision already confirmed or rejected cannot be decided again", async () => {
    const d = await recorded("approver");
    await as("admin");
    expect(await confirmReviewDecision({ decisionId: d.id })).toMatchObject({ ok: true, data: { status: "final" } });
    // The second tab still shows the buttons: both answers are refusals, and the decision stays final.
    expect(await confirmReviewDecision({ decisionId: d.id })).toEqual({ ok: false, error: "This decision is already final. Reload the page to see it." });
    expect(await rejectReviewDecision({ decisionId: d.id, note: "Changed my mind." })).toEqual({
      ok: false,
      error: "This decision is already final. Reload the page to see it.",
    });
    expect(await statusOf(d.id)).toBe("final");

    const e = await recorded("approver");
    expect(await rejectReviewDecision({ decisionId: e.id, note: "Receipt is forged." })).toMatchObject({ ok: true });
    expect(await confirmReviewDecision({ decisionId: e.id })).toEqual({ ok: false, error: "This decision is already rejected. Reload the page to see it." });
    expect(await statusOf(e.id)).toBe("rejected");
  });

  it("two tabs answering at the same moment: exactly one answer is taken, and audited once", async () => {
    const d = await recorded("approver");
    await as("admin");
    const answers = await Promise.all([
      confirmReviewDecision({ decisionId: d.id, note: "Receipt checked." }),
      rejectReviewDecision({ decisionId: d.id, note: "Receipt is forged." }),
    ]);
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    expect(answers.filter((a) => !a.ok)).toEqual([
      { ok: false, error: expect.stringMatching(/^This decision is already (final|rejected)\. Reload the page to see it\.$/) },
    ]);
    const row = await testDb().reviewDecision.findUniqueOrThrow({ where: { id: d.id } });
    expect(row.status).toBe(answers[0]!.ok ? "final" : "rejected");
    const audit = await testDb().auditLog.findMany({ where: { organizationId: team.org.id, targetId: d.depositId } });
    expect(audit.map((x) => [x.action, x.actorId])).toEqual([[answers[0]!.ok ? "review.decision_confirmed" : "review.decision_rejected", team.admin.id]]);
  });

  it("two approvers answering at the same moment: one wins, the other is told it is already decided", async () => {
    const d = await recorded("admin");
    const second = await testDb().user.create({
      data: { organizationId: team.org.id, email: `approver2-${team.tag}@test.example`, name: `second approver ${team.tag}`, role: "approver" },
    });
    // The actions read one session per test, so the two people race through the functions they call.
    const person = (u: { id: string }) => ({ ...u, organizationId: team.org.id, environment: "sandbox" as const }) as unknown as CurrentUser;
    const answers = await Promise.allSettled([
      db.$transaction((tx) => confirmDecision(tx, person(team.approver), { decisionId: d.id })),
      db.$transaction((tx) => rejectDecision(tx, person(second), { decisionId: d.id, note: "Receipt is forged." })),
    ]);
    const won = answers.filter((a) => a.status === "fulfilled");
    expect(won).toHaveLength(1);
    const lost = answers.find((a) => a.status === "rejected") as PromiseRejectedResult;
    expect(String(lost.reason.message)).toMatch(/^This decision is already (final|rejected)\. Reload the page to see it\.$/);
    const row = await testDb().reviewDecision.findUniqueOrThrow({ where: { id: d.id } });
    expect([row.status, row.confirmedById]).toEqual(answers[0]!.status === "fulfilled" ? ["final", team.approver.id] : ["rejected", second.id]);
  });

  it("another organization's decision cannot be reached by id, nor listed", async () => {
    const other = await createTeam();
    const theirs = await recorded("approver", { t: other });
    await as("admin");
    expect(await confirmReviewDecision({ decisionId: theirs.id })).toEqual(GONE);
    expect(await rejectReviewDecision({ decisionId: theirs.id, note: "Not yours to keep." })).toEqual(GONE);
    expect((await inbox()).reviews.waiting).toEqual([]);
    expect(await count()).toBe(0);
    expect(await statusOf(theirs.id)).toBe("awaiting_confirmation");
  });

  it("another environment's decision cannot be reached by id, nor listed, until the approver switches to it", async () => {
    const production = await recorded("approver", { environment: "production" });
    await as("admin"); // the sandbox
    expect(await confirmReviewDecision({ decisionId: production.id })).toEqual(GONE);
    expect(await rejectReviewDecision({ decisionId: production.id, note: "Wrong environment." })).toEqual(GONE);
    expect((await inbox()).reviews.waiting).toEqual([]);
    expect(await count()).toBe(0);
    expect(await statusOf(production.id)).toBe("awaiting_confirmation");

    await testDb().user.update({ where: { id: team.admin.id }, data: { environment: "production" } });
    await as("admin");
    expect((await inbox()).reviews.waiting.map((r) => r.id)).toEqual([production.id]);
    expect(await count()).toBe(1);
    expect(await confirmReviewDecision({ decisionId: production.id })).toMatchObject({ ok: true, data: { status: "final" } });
  });

  it("an id that is not a decision's is refused at the input", async () => {
    await as("admin");
    expect(await confirmReviewDecision({ decisionId: "../../etc/passwd" })).toMatchObject({
      ok: false,
      fieldErrors: { decisionId: "Unknown decision. Reload the page." },
    });
    expect(await confirmReviewDecision({ decisionId: randomUUID() })).toEqual(GONE);
  });
});
