import "server-only";
/**
 * The sender's work, run by the mail job (lib/notifications/jobs.ts) on one instance at a time:
 *   1. fan out: each new outbox row becomes one message per recipient (lib/notifications/recipients.ts),
 *      `pending` for those who want it at once, `digest` for the daily digest;
 *   2. send what is due, each message claimed with a lease (next_attempt_at pushed forward under
 *      SKIP LOCKED), so an instance that dies mid-send leaves it to be tried again, never lost;
 *   3. a failure is recorded (attempts, last_error) and retried with exponential backoff; after
 *      MAX_ATTEMPTS the message is `failed` and shown to admins with a "retry now".
 */
import { db, type Tx } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { isKind } from "./kinds";
import { mailConfigured, sendMail, type OutgoingMail } from "./mailer";
import { chooseRecipients } from "./recipients";
import { renderDigest, renderMail, type DigestItem } from "./render";

import { backoffSeconds, MAX_ATTEMPTS } from "./backoff";

export { MAX_ATTEMPTS };
const LEASE_S = 120;

export interface DispatchOptions {
  appUrl?: string;
  send?: (m: OutgoingMail) => Promise<void>;
  now?: Date;
  /** Tests shorten the backoff. */
  backoffBase?: number;
  /** Only this organization's outbox: tests share one database with every other test file. */
  organizationId?: string;
}

function onlyOrganization(opts: DispatchOptions): Prisma.Sql {
  return opts.organizationId ? Prisma.sql`AND organization_id = ${opts.organizationId}::uuid` : Prisma.empty;
}

/** Turns outbox rows into messages; returns how many rows were fanned out. */
export async function fanOut(opts: DispatchOptions = {}): Promise<number> {
  const appUrl = opts.appUrl ?? env().APP_URL;
  return db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ id: string }[]>`
      SELECT id::text FROM notifications WHERE fanned_out_at IS NULL ${onlyOrganization(opts)} ORDER BY created_at LIMIT 100 FOR UPDATE SKIP LOCKED`;
    if (rows.length === 0) return 0;
    const notifications = await tx.notification.findMany({ where: { id: { in: rows.map((r) => r.id) } } });
    const orgs = [...new Set(notifications.map((n) => n.organizationId))];
    const members = await tx.user.findMany({
      where: { organizationId: { in: orgs } },
      select: { id: true, email: true, role: true, disabled: true, organizationId: true },
    });
    const prefs = await tx.notificationPreference.findMany({ where: { userId: { in: members.map((m) => m.id) } } });
    for (const n of notifications) {
      if (isKind(n.kind)) {
        const data = (n.data ?? {}) as Record<string, unknown>;
        const mail = renderMail(n.kind, data, appUrl);
        const recipients = chooseRecipients(
          n.kind,
          members.filter((m) => m.organizationId === n.organizationId),
          prefs,
          n.actorId,
        );
        await tx.mailMessage.createMany({
          data: recipients.map((r) => ({
            organizationId: n.organizationId,
            notificationId: n.id,
            userId: r.userId,
            toEmail: r.email,
            kind: n.kind,
            subject: mail.subject,
            text: mail.text,
            status: r.mode === "digest" ? "digest" : "pending",
          })),
          skipDuplicates: true,
        });
      } else {
        log.warn({ notificationId: n.id, kind: n.kind }, "notifications: unknown kind, nobody told");
      }
    }
    await tx.notification.updateMany({ where: { id: { in: notifications.map((n) => n.id) } }, data: { fannedOutAt: opts.now ?? new Date() } });
    return notifications.length;
  });
}

type Claimed = { id: string; to_email: string; subject: string; text: string; attempts: number };

/** Sends the due messages; returns counts and the seconds until the soonest retry (null: none waiting). */
export async function sendDue(opts: DispatchOptions = {}): Promise<{ sent: number; failed: number; retryIn: number | null }> {
  const send = opts.send ?? sendMail;
  let sent = 0;
  let failed = 0;
  // Only what was due when this run started: a mail that fails now waits for its backoff, even a short one.
  const startedAt = new Date();
  for (;;) {
    const claimed = await db.$queryRaw<Claimed[]>`
      UPDATE mail_messages m SET next_attempt_at = now() + make_interval(secs => ${LEASE_S}), attempts = m.attempts + 1
       WHERE m.id IN (
         SELECT id FROM mail_messages WHERE status = 'pending' AND next_attempt_at <= ${startedAt} ${onlyOrganization(opts)}
          ORDER BY next_attempt_at LIMIT 20 FOR UPDATE SKIP LOCKED)
      RETURNING m.id::text, m.to_email, m.subject, m.text, m.attempts`;
    if (claimed.length === 0) break;
    for (const m of claimed) {
      try {
        await send({ to: m.to_email, subject: m.subject, text: m.text });
        await db.mailMessage.update({ where: { id: m.id }, data: { status: "sent", sentAt: new Date(), lastError: null } });
        sent++;
      } catch (err) {
        const message = (err instanceof Error ? err.message : String(err)).slice(0, 500);
        const giveUp = m.attempts >= MAX_ATTEMPTS;
        await db.mailMessage.update({
          where: { id: m.id },
          data: {
            status: giveUp ? "failed" : "pending",
            lastError: message,
            nextAttemptAt: new Date(Date.now() + backoffSeconds(m.attempts, opts.backoffBase) * 1000),
          },
        });
        failed++;
        log.warn({ mailMessageId: m.id, attempts: m.attempts, giveUp, error: message }, "notifications: a mail could not be sent");
      }
    }
  }
  const next = await db.mailMessage.findFirst({
    where: { status: "pending", ...(opts.organizationId ? { organizationId: opts.organizationId } : {}) },
    orderBy: { nextAttemptAt: "asc" },
    select: { nextAttemptAt: true },
  });
  const retryIn = next ? Math.max(1, Math.ceil((next.nextAttemptAt.getTime() - Date.now()) / 1000)) : null;
  return { sent, failed, retryIn };
}

/** Fan out, then send: one run of the mail job. */
export async function dispatch(opts: DispatchOptions = {}) {
  while ((await fanOut(opts)) > 0) {
    /* until the outbox is drained */
  }
  // Without a mail server configured, mail waits as it is rather than spending its attempts.
  if (!opts.send && !mailConfigured()) return { sent: 0, failed: 0, retryIn: null };
  return sendDue(opts);
}

/** The daily digest: each person's held messages become one mail, sent like any other. */
export async function runDigest(opts: DispatchOptions = {}): Promise<number> {
  const appUrl = opts.appUrl ?? env().APP_URL;
  const day = (opts.now ?? new Date()).toISOString().slice(0, 10);
  const users = await db.mailMessage.groupBy({ by: ["userId"], where: { status: "digest" } });
  let made = 0;
  for (const { userId } of users) {
    await db.$transaction(async (tx) => {
      const held = await tx.$queryRaw<{ id: string }[]>`
        SELECT id::text FROM mail_messages WHERE user_id = ${userId}::uuid AND status = 'digest' FOR UPDATE SKIP LOCKED`;
      if (held.length === 0) return;
      const rows = await tx.mailMessage.findMany({ where: { id: { in: held.map((h) => h.id) } }, orderBy: { createdAt: "asc" } });
      const items: DigestItem[] = rows
        .filter((r) => isKind(r.kind))
        .map((r) => ({ kind: r.kind as DigestItem["kind"], subject: r.subject, text: r.text, createdAt: r.createdAt }));
      const user = await tx.user.findUnique({ where: { id: userId }, select: { email: true, disabled: true, organizationId: true } });
      if (user && !user.disabled && items.length > 0) {
        const mail = renderDigest(items, appUrl, day);
        await tx.mailMessage.create({
          data: { organizationId: user.organizationId, userId, toEmail: user.email, kind: "digest", subject: mail.subject, text: mail.text },
        });
        made++;
      }
      await tx.mailMessage.updateMany({ where: { id: { in: rows.map((r) => r.id) } }, data: { status: "digested" } });
    });
  }
  return made;
}

/** An admin's "retry now" for a message that gave up: its attempts start again. */
export async function retryMessage(organizationId: string, id: string, client: Pick<Tx, "mailMessage"> = db): Promise<boolean> {
  const { count } = await client.mailMessage.updateMany({
    where: { id, organizationId, status: "failed" },
    data: { status: "pending", attempts: 0, nextAttemptAt: new Date() },
  });
  return count === 1;
}

export interface MailProblem {
  id: string;
  toEmail: string;
  subject: string;
  status: string;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string;
  createdAt: string;
}

/** For admins: mail that gave up, and mail still retrying after a failure, newest first. */
export async function mailProblems(organizationId: string): Promise<MailProblem[]> {
  const rows = await db.mailMessage.findMany({
    where: { organizationId, OR: [{ status: "failed" }, { status: "pending", lastError: { not: null } }] },
    orderBy: { createdAt: "desc" },
    take: 50,
  });
  return rows.map((r) => ({
    id: r.id,
    toEmail: r.toEmail,
    subject: r.subject,
    status: r.status,
    attempts: r.attempts,
    lastError: r.lastError,
    nextAttemptAt: r.nextAttemptAt.toISOString(),
    createdAt: r.createdAt.toISOString(),
  }));
}
