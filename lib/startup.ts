/**
 * What a server instance does on start (called from instrumentation.ts on the Node runtime).
 * Validates the environment so a missing or malformed variable stops the process with a sentence
 * naming it, instead of the first request failing; then starts this instance's outbound-webhook
 * worker, so deliveries left pending by a restart go out without waiting for someone to open a
 * review page, and its part of the job queue (JOB_QUEUE: run jobs, only send them, or neither).
 */
import { env } from "@/lib/env";

export async function startServer(): Promise<void> {
  try {
    env();
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  }
  // Imported after the check: the worker's modules read the environment.
  const { ensureOutboundWorker } = await import("@/lib/review/outbound");
  ensureOutboundWorker();
  // Mail waits safely in the outbox, so a queue that cannot start is logged, not fatal.
  const queue = env().JOB_QUEUE;
  if (queue === "off") return;
  // Defined in every process that sends, too: a run's singleton key comes from its definition.
  const [{ defineLedgerJobs }, { defineNotificationJobs, startNotifications }, { enqueue, startJobs, stopJobs }, { LEDGER_SCHEDULE }] = await Promise.all([
    import("@/lib/ledger/jobs"),
    import("@/lib/notifications/jobs"),
    import("@/lib/jobs/queue"),
    import("@/lib/ledger/job-names"),
  ]);
  if (queue === "on") {
    // A run a stop cuts off would stay active and hold up its key's next runs until it expires:
    // it goes back to the queue first (to be retried), then the process ends, in 5 s at most if
    // the database does not answer.
    process.once("SIGTERM", () => {
      setTimeout(() => process.exit(0), 5_000).unref();
      void stopJobs({ graceful: false }).finally(() => process.exit(0));
    });
  }
  defineLedgerJobs();
  // A runner's startNotifications defines the mail jobs before the queue starts, with their workers.
  if (queue === "send") defineNotificationJobs();
  const started = queue === "send" ? startJobs(undefined, { work: false }) : startNotifications();
  const ok = await started.then(
    () => true,
    (err: unknown) => console.error("The job queue could not start:", err instanceof Error ? err.message : err),
  );
  // Pages read only the local copy: start every key's sweep now rather than at the next minute's schedule.
  if (ok && queue === "on") await enqueue(LEDGER_SCHEDULE);
}
