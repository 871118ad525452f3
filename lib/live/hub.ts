import "server-only";
import { env } from "@/lib/env";
import { LiveListener } from "./listener";

// One listener (one LISTEN connection) per process, made on first use and kept on globalThis
// because Next reloads modules in development.
const globalForLive = globalThis as unknown as { liveListener?: LiveListener };

export function liveHub(): LiveListener {
  if (!globalForLive.liveListener) {
    globalForLive.liveListener = new LiveListener({ connectionString: env().DATABASE_URL });
    globalForLive.liveListener.start();
  }
  return globalForLive.liveListener;
}
