/**
 * Runs once when a server instance starts, before it answers a request. Validates the environment
 * so a missing or malformed variable stops the process with a sentence naming it (instead of the
 * first request failing), then starts this instance's outbound-webhook worker so deliveries left
 * pending by a restart go out without waiting for someone to open a review page.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { env } = await import("@/lib/env");
  try {
    env();
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  }
  const { ensureOutboundWorker } = await import("@/lib/review/outbound");
  ensureOutboundWorker();
}
