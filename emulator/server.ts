/**
 * The sandbox emulator's entry point. `npm run emulator` starts it on EMULATOR_PORT (default 4010)
 * with its state in EMULATOR_DATA_DIR (default .data/emulator); `startEmulator()` does the same
 * in-process for tests and benchmarks.
 */
import path from "node:path";
import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import type { EmulatorContext, Environment, SurfaceModule } from "./lib/contract";
import { Platform, type LogLevel } from "./lib/platform";
import { surfaces } from "./surfaces";

export interface StartEmulatorOptions {
  port?: number;
  /** Host to bind; loopback by default (the sandbox is a development tool). */
  host?: string;
  dataDir?: string;
  seed?: number;
  /** Divides webhook retry delays (and the delivery timeout, down to 1 s). */
  clockFactor?: number;
  /** Requests per minute per API key; 0 turns the limit off. */
  rateLimitPerMinute?: number;
  mode?: Environment;
  log?: boolean;
  /** Log level; default "info" with `log`, else "warn" (errors and warnings only). */
  logLevel?: LogLevel;
  /** Surface modules to serve (tests use small stand-ins); default: the four real surfaces. */
  modules?: SurfaceModule[];
  /** Debounce of state writes in ms (default 200). */
  persistDebounceMs?: number;
}

export interface RunningEmulator {
  url: string;
  port: number;
  ctx: EmulatorContext;
  /** The instance behind the server (control operations without HTTP). */
  platform: Platform;
  close(): Promise<void>;
}

function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n)) throw new Error(`${name} must be a number, got ${JSON.stringify(raw)}`);
  return n;
}

function envMode(): Environment {
  const raw = (process.env.EMULATOR_MODE ?? "sandbox").trim();
  if (raw !== "sandbox" && raw !== "live") throw new Error(`EMULATOR_MODE must be sandbox or live, got ${JSON.stringify(raw)}`);
  return raw;
}

export async function startEmulator(opts: StartEmulatorOptions = {}): Promise<RunningEmulator> {
  const clockFactor = opts.clockFactor ?? envNumber("EMULATOR_CLOCK_FACTOR", 1);
  if (!(clockFactor > 0)) throw new Error("clockFactor must be greater than 0");
  const rateLimitPerMinute = opts.rateLimitPerMinute ?? envNumber("EMULATOR_RATE_LIMIT", 100);
  if (!Number.isInteger(rateLimitPerMinute) || rateLimitPerMinute < 0) throw new Error("rate limit must be an integer >= 0");
  const seed = opts.seed ?? envNumber("EMULATOR_SEED", 42);

  const platform = await Platform.create({
    dataDir: path.resolve(opts.dataDir ?? process.env.EMULATOR_DATA_DIR ?? ".data/emulator"),
    seed,
    clockFactor,
    rateLimitPerMinute,
    mode: opts.mode ?? envMode(),
    log: opts.log ?? process.env.EMULATOR_LOG === "1",
    modules: opts.modules ?? surfaces,
    ...(opts.persistDebounceMs !== undefined ? { persistDebounceMs: opts.persistDebounceMs } : {}),
    ...(opts.logLevel !== undefined ? { logLevel: opts.logLevel } : {}),
  });

  const host = opts.host ?? process.env.EMULATOR_HOST ?? "127.0.0.1";
  let server: ServerType;
  try {
    server = await new Promise<ServerType>((resolve, reject) => {
      const s = serve({ fetch: platform.app.fetch, port: opts.port ?? 0, hostname: host }, () => resolve(s));
      s.once("error", reject);
    });
  } catch (err) {
    await platform.close();
    throw err;
  }
  // Node closes an idle connection after 5 s; a client that reuses one at that moment (Playwright's
  // request context, scripts) gets ECONNRESET. A provider's edge keeps idle connections about a minute.
  if ("keepAliveTimeout" in server) {
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
  }
  const port = (server.address() as AddressInfo).port;
  const urlHost = host.includes(":") ? `[${host}]` : host;

  let closing: Promise<void> | null = null;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Keep-alive sockets (and requests held by timeout faults) would keep close() waiting.
        if ("closeAllConnections" in server) server.closeAllConnections();
      });
      await platform.close();
    })();
    return closing;
  };

  return { url: `http://${urlHost}:${port}`, port, ctx: platform.ctx, platform, close };
}

async function main(): Promise<void> {
  const port = envNumber("EMULATOR_PORT", 4010);
  const emulator = await startEmulator({ port });
  console.log(`Sandbox emulator (${emulator.platform.mode}) listening on ${emulator.url}`);
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    emulator
      .close()
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        console.error(`emulator: error while stopping on ${signal}:`, err);
        process.exit(1);
      });
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
}

// Run only when executed directly (tsx emulator/server.ts), not when imported by tests.
const entry = process.argv[1] ? path.resolve(process.argv[1]) : "";
if (/[\\/]emulator[\\/]server\.[cm]?[jt]s$/.test(entry)) {
  main().catch((err: unknown) => {
    console.error("emulator: failed to start:", err);
    process.exit(1);
  });
}
