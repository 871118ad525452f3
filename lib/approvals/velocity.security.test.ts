/**
 * Security: a limit per payment is defeated by splitting, so the approvals engine also keeps a
 * rolling 24-hour total per currency, for the organization and for each requester. A payment whose
 * running total passes a limit waits for a second person even when it is small. Against a real
 * PostgreSQL, with a test executor counting what is sent.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { setVelocityLimit } from "@/lib/approvals/set-velocity-limit";
import { approvedBy } from "@/test/controls";
import { defineExecutor, removeExecutor } from "@/lib/approvals/executor-registry";
import { loadInbox } from "@/lib/approvals/queries";
import { submitMoneyMovement } from "@/lib/approvals/submit";
import { loadVelocityUsage, VELOCITY_KINDS, VELOCITY_WINDOW_MS } from "@/lib/approvals/velocity";
import { createTeam, testDb } from "@/test/factories";
import { signInAs } from "@/test/session";

const KIND = "test_velocity_payment";
let sent = 0;
defineExecutor(KIND, {
  label: "Test payment",
  payloadSchema: z.object({ amount: z.string(), currency: z.string() }).strict(),
  describe: (p) => ({ summary: `Pay ${p.currency} ${p.amount}`, amount: p.amount, currency: p.currency }),
  execute: async () => {
    sent += 1;
    return { resourceId: `pay_${sent}`, status: "COMPLETED" };
  },
});
VELOCITY_KINDS[KIND] = (d) => d;
afterAll(() => {
  removeExecutor(KIND);
  delete VELOCITY_KINDS[KIND];
});

let team: Awaited<ReturnType<typeof createTeam>>;
const ctx = { requestId: "test-request", ip: "203.0.113.9", userAgent: "vitest" };
const pay = (who: "operator" | "admin", amount: string, currency = "USD") =>
  submitMoneyMovement({ kind: KIND, payload: { amount, currency }, attemptKey: randomUUID(), user: team[who], environment: "sandbox", request: ctx });

async function limits(org: string | null, requester: string | null) {
  const rows = [
    ...(org ? [{ organizationId: team.org.id, currency: "USD", scope: "organization", amount: org }] : []),
    ...(requester ? [{ organizationId: team.org.id, currency: "USD", scope: "requester", amount: requester }] : []),
  ];
  await testDb().approvalVelocityLimit.createMany({ data: rows });
}

beforeEach(async () => {
  team = await createTeam();
  sent = 0;
  // Each payment below is under the per-payment limit: only the 24-hour totals can hold one.
  await testDb().approvalThreshold.create({ data: { organizationId: team.org.id, kind: "*", currency: "USD", amount: "1000" } });
});

describe("the split attack", () => {
  it("three payments each under the per-payment limit: the one whose running total passes the 24-hour limit waits", async () => {
    await limits("2500", null);
    expect((await pay("operator", "900")).status).toBe("sent");
    expect((await pay("operator", "900")).status).toBe("sent");
    const third = await pay("operator", "900");
    expect(third.status).toBe("pending_approval");
    expect(sent).toBe(2);
    // The waiting payment counts too: a fourth small one waits as well.
    expect((await pay("operator", "100")).status).toBe("pending_approval");
    const audit = await testDb().auditLog.findFirstOrThrow({ where: { organizationId: team.org.id, action: "approval.requested" }, orderBy: { id: "asc" } });
    expect(audit.after).toMatchObject({ velocity: { exceeded: ["organization"], organization: { used: "2700", limit: "2500" } } });
  });

  it("counts only the last 24 hours, only this currency, and not refused or rejected payments", async () => {
    await limits("2000", null);
    expect((await pay("operator", "900")).status).toBe("sent");
    await testDb().directMovement.updateMany({ where: { organizationId: team.org.id }, data: { createdAt: new Date(Date.now() - VELOCITY_WINDOW_MS - 1000) } });
    expect((await pay("operator", "900")).status).toBe("sent");
    expect((await pay("operator", "900", "EUR")).status).toBe("pending_approval"); // no EUR threshold: deny by default
    expect((await pay("operator", "900")).status).toBe("sent");
    const waiting = await pay("operator", "900");
    expect(waiting.status).toBe("pending_approval");
    if (waiting.status !== "pending_approval") return;
    await testDb().approvalRequest.update({ where: { id: waiting.requestId }, data: { status: "rejected" } });
    expect((await pay("operator", "100")).status).toBe("sent");
  });
});

describe("per requester and for the organization", () => {
  it("a requester's own limit holds their payment while a teammate's still goes", async () => {
    await limits("10000", "1500");
    expect((await pay("operator", "900")).status).toBe("sent");
    expect((await pay("operator", "900")).status).toBe("pending_approval");
    expect((await pay("admin", "900")).status).toBe("sent");
  });

  it("the organization's limit holds a payment whoever sends it", async () => {
    await limits("1500", "5000");
    expect((await pay("operator", "900")).status).toBe("sent");
    expect((await pay("admin", "900")).status).toBe("pending_approval");
  });

  it("each environment has its own total", async () => {
    await limits("1500", null);
    expect((await pay("operator", "900")).status).toBe("sent");
    const prod = await submitMoneyMovement({
      kind: KIND,
      payload: { amount: "900", currency: "USD" },
      attemptKey: randomUUID(),
      user: team.operator,
      environment: "production",
      request: ctx,
    });
    expect(prod.status).toBe("sent");
  });
});

describe("the parallel race", () => {
  it("two payments submitted at the same moment, each just under the limit, never both pass", async () => {
    await limits("1000", null);
    const results = await Promise.all([pay("operator", "600"), pay("admin", "600"), pay("operator", "600")]);
    expect(results.map((r) => r.status).sort()).toEqual(["pending_approval", "pending_approval", "sent"]);
    expect(sent).toBe(1);
  });
});

describe("what people see", () => {
  it("the form's line and the approver's running total come from the same 24-hour sums", async () => {
    await limits("3000", "2000");
    await pay("operator", "900");
    await pay("operator", "900");
    await pay("admin", "900");
    const usage = await loadVelocityUsage({ id: team.operator.id, organizationId: team.org.id, environment: "sandbox" });
    expect(usage).toEqual([{ currency: "USD", organization: { used: "2700", limit: "3000" }, requester: { used: "1800", limit: "2000" } }]);

    const waiting = await pay("operator", "400");
    expect(waiting.status).toBe("pending_approval");
    signInAs(await testDb().user.findUniqueOrThrow({ where: { id: team.approver.id } }));
    const inbox = await loadInbox({ id: team.approver.id, role: "approver", organizationId: team.org.id, environment: "sandbox" }, { page: 1 });
    expect(inbox.waiting[0]).toMatchObject({ velocity: { organization: { used: "3100", limit: "3000" }, requester: { used: "2200", limit: "2000" } } });
  });

  it("an admin sets and removes both kinds of limit per currency, audited; others may not", async () => {
    signInAs(await testDb().user.findUniqueOrThrow({ where: { id: team.operator.id } }));
    expect(await setVelocityLimit({ currency: "USD", scope: "organization", amount: "3000" })).toMatchObject({ ok: false });
    signInAs(await testDb().user.findUniqueOrThrow({ where: { id: team.admin.id } }));
    expect(await setVelocityLimit({ currency: "usd", scope: "organization", amount: "3,000" })).toEqual({
      ok: true,
      data: { scope: "organization", currency: "USD", removed: false, changed: true, amount: "3000" },
    });
    expect(await setVelocityLimit({ currency: "USD", scope: "requester", amount: "1000" })).toMatchObject({ ok: true });
    expect(await setVelocityLimit({ currency: "USD", scope: "requester", amount: "lots" })).toMatchObject({
      ok: false,
      fieldErrors: { amount: expect.any(String) },
    });
    expect(await testDb().approvalVelocityLimit.count({ where: { organizationId: team.org.id } })).toBe(2);
    // Removing one lets more through: it waits for a second person (controls-more.security.test.ts), then applies.
    expect(await approvedBy(team.approver, () => setVelocityLimit({ currency: "USD", scope: "requester", remove: true }))).toMatchObject({
      ok: true,
      data: { removed: true, status: "pending_approval" },
    });
    expect(await testDb().approvalVelocityLimit.count({ where: { organizationId: team.org.id } })).toBe(1);
    const actions = (
      await testDb().auditLog.findMany({ where: { organizationId: team.org.id, targetType: "approval_velocity_limit" }, orderBy: { id: "asc" } })
    ).map((a) => a.action);
    expect(actions).toEqual(["approval_velocity_limit.set", "approval_velocity_limit.set", "approval_velocity_limit.removed"]);
  });
});
