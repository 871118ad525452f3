import "server-only";
/**
 * The notification jobs on the app's queue (lib/jobs/queue.ts):
 * - `mail-dispatch`: fan out and send (one at a time across instances), every minute as a sweep,
 *   at once when a notification is committed (LISTEN on the outbox trigger's channel), and again
 *   when the soonest retry is due;
 * - `mail-digest`: the daily digest at 07:00 UTC;
 * - `key-age-scan`: the API-key age reminders at 06:00 UTC.
 */
import { Client } from "pg";
import { defineJob, enqueue, startJobs } from "@/lib/jobs/queue";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { dispatch, runDigest } from "./dispatch";
import { scanKeyAges } from "./key-age-scan";

export const MAIL_DISPATCH = "mail-dispatch";

export function defineNotificationJobs(): void {
  defineJob({
    name: MAIL_DISPATCH,
    policy: "singleton",
    cron: ["* * * * *"],
    run: async () => {
      const r = await dispatch();
      if (r.retryIn !== null) await enqueue(MAIL_DISPATCH, {}, r.retryIn);
    },
  });
  defineJob({
    name: "mail-digest",
    cron: ["0 7 * * *"],
    run: async () => {
      await runDigest();
      await enqueue(MAIL_DISPATCH);
    },
  });
  defineJob({ name: "key-age-scan", cron: ["0 6 * * *"], run: async () => void (await scanKeyAges()) });
}

const globalForListen = globalThis as unknown as { mailListener?: boolean };

/** Wakes the dispatcher when a notification commits; reconnects after a dropped connection. */
function listen(connectionString: string): void {
  const client = new Client({ connectionString, application_name: "merchant-ops-mail-listen" });
  const retry = () => {
    client.removeAllListeners();
    client.end().catch(() => undefined);
    setTimeout(() => listen(connectionString), 5_000).unref();
  };
  client.on("notification", () => void enqueue(MAIL_DISPATCH));
  client.on("error", (err) => {
    log.warn({ err }, "notifications: the outbox listener lost its connection; reconnecting");
    retry();
  });
  client
    .connect()
    .then(() => client.query("LISTEN mail_outbox"))
    .then(() => enqueue(MAIL_DISPATCH))
    .catch((err) => {
      log.warn({ err }, "notifications: the outbox listener could not connect; retrying");
      retry();
    });
}

/** Called once per instance from lib/startup.ts. */
export async function startNotifications(): Promise<void> {
  if (globalForListen.mailListener) return;
  globalForListen.mailListener = true;
  defineNotificationJobs();
  await startJobs();
  listen(env().DATABASE_URL);
}
