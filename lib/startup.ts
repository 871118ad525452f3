/**
 * What a server instance does on start (called from instrumentation.ts on the Node runtime).
 * Validates the environment so a missing or malformed variable stops the process with a sentence
 * naming it, instead of the first request failing; then starts this instance's outbound-webhook
 * worker, so deliveries left pending by a restart go out without waiting for someone to open a
 * review page.
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
  if (env().JOB_QUEUE === "on") {
    // Defined before the queue starts (startNotifications starts it), so their workers start with it.
    const { defineLedgerJobs } = await import("@/lib/ledger/jobs");
    defineLedgerJobs();
    const { startNotifications } = await import("@/lib/notifications/jobs");
    await startNotifications().catch((err) => console.error("The job queue could not start:", err instanceof Error ? err.message : err));
    // Pages read only the local copy: start every key's sweep now rather than at the next minute's schedule.
    const [{ enqueue }, { LEDGER_SCHEDULE }] = await Promise.all([import("@/lib/jobs/queue"), import("@/lib/ledger/job-names")]);
    await enqueue(LEDGER_SCHEDULE);
  }
}
