/**
 * The whole path on the job queue: pg-boss started as an instance starts it, a notification
 * committed in a transaction wakes the sender (the outbox trigger's NOTIFY) and the mail arrives
 * over SMTP, with no explicit dispatch call. In a database of its own: this sender would otherwise
 * also send the mail other test files are checking while they run.
 */
import { randomUUID } from "node:crypto";
import { Client } from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { migrate } from "@/lib/db/migrate";
import { db } from "@/lib/db";
import { stopJobs } from "@/lib/jobs/queue";
import { startMailCatcher, type CaughtMail, type MailCatcher } from "@/scripts/mail-catcher";
import { createTeam } from "@/test/factories";
import { startNotifications } from "./jobs";
import { notify } from "./outbox";

let catcher: MailCatcher;

beforeAll(async () => {
  const shared = process.env.DATABASE_URL!;
  const name = `notify_jobs_${randomUUID().slice(0, 8)}`;
  const admin = new Client({ connectionString: shared });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  process.env.DATABASE_URL = shared.replace(/\/[^/?]+(\?|$)/, `/${name}$1`);
  await migrate(process.env.DATABASE_URL);
  catcher = await startMailCatcher();
  // Read by env() on first use, which comes after this.
  process.env.SMTP_URL = catcher.smtpUrl;
  await startNotifications();
}, 60_000);

afterAll(async () => {
  await stopJobs();
  await catcher.stop();
});

it("delivers a committed notification through the queue within seconds", async () => {
  const team = await createTeam();
  const requestId = randomUUID();
  await db.$transaction((tx) =>
    notify(tx, {
      organizationId: team.org.id,
      kind: "control_loosening",
      dedupeKey: `control_loosening:${requestId}`,
      actorId: team.operator.id,
      data: { requestId, summary: "Raise the USD limit", requestedBy: team.operator.email },
    }),
  );
  let mails: CaughtMail[] = [];
  for (let i = 0; i < 60 && mails.length === 0; i++) {
    await new Promise((r) => setTimeout(r, 500));
    mails = (await (await fetch(`${catcher.httpUrl}/messages?to=${encodeURIComponent(team.admin.email)}`)).json()) as CaughtMail[];
  }
  expect(mails.map((m) => m.subject)).toEqual(["A control is being loosened: Raise the USD limit"]);
}, 60_000);
