/**
 * The outbox against a real PostgreSQL and a real SMTP server (the project's catcher): a
 * notification committed with its event is delivered; with the mail server down nothing is lost
 * and it goes out later; a mail that keeps failing gives up, is listed for admins and can be sent
 * again; preferences decide between at once, the digest and nothing; a flagged deposit's webhook
 * event reaches the outbox by itself.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { startMailCatcher, type CaughtMail, type MailCatcher } from "@/scripts/mail-catcher";
import { createTeam, testDb } from "@/test/factories";
import { dispatch, mailProblems, MAX_ATTEMPTS, retryMessage, runDigest } from "./dispatch";
import { sendMail } from "./mailer";
import { notify } from "./outbox";

let catcher: MailCatcher;
let downUrl: string;
let team: Awaited<ReturnType<typeof createTeam>>;

const APP = "https://ops.example.com";
// Other test files share this database and leave notifications of their own: drain only ours.
const scoped = (smtpUrl: () => string) => ({
  appUrl: APP,
  backoffBase: 0.001,
  send: (m: Parameters<typeof sendMail>[0]) => sendMail(m, smtpUrl()),
  get organizationId() {
    return team.org.id;
  },
});
const up = scoped(() => catcher.smtpUrl);
const down = scoped(() => downUrl);
const caught = async (to: string) => (await (await fetch(`${catcher.httpUrl}/messages?to=${encodeURIComponent(to)}`)).json()) as CaughtMail[];
const mine = () => testDb().mailMessage.findMany({ where: { organizationId: team.org.id }, orderBy: { createdAt: "asc" } });
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waiting(summary: string) {
  const requestId = randomUUID();
  await db.$transaction((tx) =>
    notify(tx, {
      organizationId: team.org.id,
      kind: "approval_waiting",
      dedupeKey: `approval:${requestId}`,
      actorId: team.operator.id,
      data: { requestId, summary, amount: "900", currency: "USD", requestedBy: team.operator.email, environment: "sandbox" },
    }),
  );
  return requestId;
}

beforeAll(async () => {
  catcher = await startMailCatcher();
  // A port nobody listens on: the mail server is down.
  const gone = await startMailCatcher();
  downUrl = gone.smtpUrl;
  await gone.stop();
});

afterAll(async () => {
  await catcher.stop();
});

describe("the mail outbox", () => {
  it("delivers a committed notification to approvers and admins, not the requester, with a link to the request", async () => {
    team = await createTeam();
    const requestId = await waiting("Transfer 900 USD to Ada");
    await dispatch(up);
    const rows = await mine();
    expect(rows.map((r) => [r.toEmail, r.status]).sort()).toEqual([
      [team.admin.email, "sent"],
      [team.approver.email, "sent"],
    ]);
    const [mail] = await caught(team.approver.email);
    expect(mail?.subject).toBe("Waiting for your approval: Transfer 900 USD to Ada");
    expect(mail?.text).toContain(`${APP}/approvals/${requestId}`);
    expect(await caught(team.operator.email)).toEqual([]);
  });

  it("writes nothing when the event's transaction rolls back, and one row for the same event twice", async () => {
    team = await createTeam();
    await expect(
      db.$transaction(async (tx) => {
        await notify(tx, { organizationId: team.org.id, kind: "quota_near", dedupeKey: "rolled-back", data: {} });
        throw new Error("the event failed");
      }),
    ).rejects.toThrow("the event failed");
    for (let i = 0; i < 2; i++) {
      await db.$transaction((tx) =>
        notify(tx, { organizationId: team.org.id, kind: "quota_near", dedupeKey: "quota_near:sandbox:2026-11-26", data: { used: 800, limit: 1000 } }),
      );
    }
    const rows = await testDb().notification.findMany({ where: { organizationId: team.org.id } });
    expect(rows.map((r) => r.dedupeKey)).toEqual(["quota_near:sandbox:2026-11-26"]);
  });

  it("loses nothing while the mail server is down and delivers once it is back", async () => {
    team = await createTeam();
    await waiting("Withdrawal 50 USDT");
    const r = await dispatch(down);
    expect(r.failed).toBeGreaterThanOrEqual(2);
    let rows = await mine();
    expect(rows).toHaveLength(2);
    for (const m of rows) {
      expect(m.status).toBe("pending");
      expect(m.attempts).toBe(1);
      expect(m.lastError).toMatch(/ECONNREFUSED|connect/i);
    }
    expect((await mailProblems(team.org.id)).map((p) => p.status)).toEqual(["pending", "pending"]);
    await pause(20);
    await dispatch(up);
    rows = await mine();
    expect(rows.map((m) => m.status)).toEqual(["sent", "sent"]);
    expect(await caught(team.admin.email)).toHaveLength(1);
  });

  it("gives up after its attempts, shows the message to admins, and sends it on retry now", async () => {
    team = await createTeam();
    await testDb().notificationPreference.create({ data: { userId: team.admin.id, kind: "approval_waiting", mode: "off" } });
    await waiting("Balance move 10 USD");
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      await dispatch(down);
      await pause(20);
    }
    const [failed] = await mine();
    expect(failed?.status).toBe("failed");
    expect(failed?.attempts).toBe(MAX_ATTEMPTS);
    const problems = await mailProblems(team.org.id);
    expect(problems).toHaveLength(1);
    expect(problems[0]?.lastError).toBeTruthy();
    expect(await retryMessage(team.org.id, failed!.id)).toBe(true);
    expect(await retryMessage(team.org.id, failed!.id)).toBe(false);
    await dispatch(up);
    expect((await mine())[0]?.status).toBe("sent");
    expect(await caught(team.approver.email)).toHaveLength(1);
    expect(await mailProblems(team.org.id)).toEqual([]);
  });

  it("holds digest choices for one daily mail and sends nothing for off", async () => {
    team = await createTeam();
    await testDb().notificationPreference.createMany({
      data: [
        { userId: team.approver.id, kind: "approval_waiting", mode: "digest" },
        { userId: team.admin.id, kind: "approval_waiting", mode: "off" },
      ],
    });
    await waiting("Transfer one");
    await waiting("Transfer two");
    await dispatch(up);
    expect((await mine()).map((m) => m.status)).toEqual(["digest", "digest"]);
    expect(await caught(team.approver.email)).toEqual([]);
    expect(await runDigest({ appUrl: APP, now: new Date("2026-11-26T07:00:00Z") })).toBeGreaterThanOrEqual(1);
    await dispatch(up);
    const mails = await caught(team.approver.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe("Daily digest for 2026-11-26: 2 notifications");
    expect(mails[0]?.text).toContain("Transfer one");
    expect(mails[0]?.text).toContain("Transfer two");
    expect(await caught(team.admin.email)).toEqual([]);
  });

  it("puts a flagged deposit's webhook event in the outbox in the same insert", async () => {
    team = await createTeam();
    const depositId = `dep_${randomUUID()}`;
    const event = (dedupeKey: string) => ({
      organizationId: team.org.id,
      environment: "sandbox" as const,
      surface: "core" as const,
      name: "deposit.requires_review",
      receivedName: "deposit.flagged",
      dedupeKey,
      resourceType: "deposit",
      resourceId: depositId,
      resourceStatus: "REQUIRES_REVIEW",
      payload: { event: "deposit.flagged", data: { id: depositId, amount: "25", currency: "USDT" } },
      headers: {},
      signature: "current",
    });
    await testDb().webhookEvent.create({ data: event("e1") });
    await testDb().webhookEvent.create({ data: event("e2") });
    const rows = await testDb().notification.findMany({ where: { organizationId: team.org.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]?.kind).toBe("deposit_flagged");
    expect(rows[0]?.data).toMatchObject({ depositId, amount: "25", currency: "USDT", environment: "sandbox" });
    await dispatch(up);
    const [mail] = await caught(team.approver.email);
    expect(mail?.text).toContain(`${APP}/deposits/${depositId}`);
  });
});
