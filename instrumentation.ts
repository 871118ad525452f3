/**
 * Runs once when a server instance starts, before it answers a request. The Node-only work lives in
 * lib/startup.ts, imported only on the Node runtime so the edge bundle never sees it.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { startServer } = await import("@/lib/startup");
    await startServer();
  }
}
