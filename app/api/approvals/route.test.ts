/**
 * The inbox and count routes as each role: a session is required, everyone may read, the count is
 * what waits for the caller's own decision, and bad filters are a 400 with a sentence.
 */
import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { GET as count } from "@/app/api/approvals/count/route";
import { GET as inbox } from "@/app/api/approvals/route";
import { createTeam, testDb } from "@/test/factories";
import { signInAs, signOutTest } from "@/test/session";

type Who = "viewer" | "operator" | "approver" | "admin";
let team: Awaited<ReturnType<typeof createTeam>>;
const as = async (who: Who) => signInAs(await testDb().user.findUniqueOrThrow({ where: { id: team[who].id } }));
const get = (path: string) => new Request(`http://app.test${path}`);

async function pending(by: Who, status = "pending") {
  return testDb().approvalRequest.create({
    data: {
      organizationId: team.org.id,
      environment: "sandbox",
      kind: "balance_move",
      payload: { amount_usd: "2000.00" },
      summary: `Move by ${by}`,
      amount: "2000.00",
      currency: "USD",
      status,
      attemptKey: randomUUID(),
      requestedById: team[by].id,
      expiresAt: new Date(Date.now() + 3_600_000),
    },
  });
}

beforeEach(async () => {
  team = await createTeam();
  signOutTest();
});

describe("GET /api/approvals", () => {
  it("needs a session", async () => {
    const res = await inbox(get("/api/approvals"));
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: "Your session has ended. Sign in again." });
    expect((await count(get("/api/approvals/count"))).status).toBe(401);
  });

  it("gives every role the inbox, with decisions only for approvers and admins", async () => {
    const theirs = await pending("operator");
    for (const who of ["viewer", "operator", "approver", "admin"] as const) {
      await as(who);
      const res = await inbox(get("/api/approvals"));
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("no-store");
      const body = (await res.json()) as { waiting: { id: string; canApprove: boolean }[]; history: { total: number } };
      expect(body.history.total).toBe(1);
      if (who === "operator") expect(body.waiting).toEqual([]);
      else expect(body.waiting.map((r) => [r.id, r.canApprove])).toEqual([[theirs.id, who === "approver" || who === "admin"]]);
    }
  });

  it("filters by status; an unknown status or page falls back to every status and page 1", async () => {
    await pending("operator");
    await pending("operator", "rejected");
    await as("approver");
    const rejected = (await (await inbox(get("/api/approvals?status=rejected"))).json()) as { history: { rows: { status: string }[] } };
    expect(rejected.history.rows.map((r) => r.status)).toEqual(["rejected"]);
    const any = (await (await inbox(get("/api/approvals?status=bogus&page=zero"))).json()) as { history: { total: number; page: number } };
    expect(any.history).toMatchObject({ total: 2, page: 1 });
  });

  it("counts what waits for the caller's decision: 0 for roles that cannot decide, never their own", async () => {
    await pending("operator");
    await pending("approver");
    const counts: Record<string, number> = {};
    for (const who of ["viewer", "operator", "approver", "admin"] as const) {
      await as(who);
      counts[who] = ((await (await count(get("/api/approvals/count"))).json()) as { count: number }).count;
    }
    expect(counts).toEqual({ viewer: 0, operator: 0, approver: 1, admin: 2 });
  });
});
