/**
 * Test helpers: `withEmulator()` starts a real emulator on a free port with a fresh data dir;
 * `startWebhookReceiver()` is a tiny HTTP server that records webhook deliveries.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import type { FaultInput } from "./lib/faults";
import { DEMO_MERCHANT_ID, FROZEN_MERCHANT_ID, SECOND_MERCHANT_ID, SEED_KEYS } from "./lib/seed-data";
import { startEmulator, type RunningEmulator, type StartEmulatorOptions } from "./server";

export { SEED_KEYS, DEMO_MERCHANT_ID, FROZEN_MERCHANT_ID, SECOND_MERCHANT_ID };

export const MERCHANTS = { demo: DEMO_MERCHANT_ID, frozen: FROZEN_MERCHANT_ID, second: SECOND_MERCHANT_ID } as const;

/** A fault as POST /__emulator/faults takes it (path_prefix defaults to "/"). */
export type FaultSpec = Partial<FaultInput>;

export interface EmulatorControl {
  reset(opts?: { keepWebhookTargets?: boolean }): Promise<void>;
  /** Advances emulated time; runs ticks and due webhook retries. Returns the new emulated now (ISO). */
  advance(ms: number): Promise<string>;
  setFaults(...faults: FaultSpec[]): Promise<unknown[]>;
  clearFaults(): Promise<void>;
  setWebhookTarget(target: { merchantId?: string; surface: "core" | "pro"; url: string; secret: string }): Promise<void>;
  freeze(merchantId: string, frozen: boolean): Promise<void>;
  /** The amount of the next simulated deposit on this funding account (the simulator takes none). */
  nextDepositAmount(fundingAccountId: string, amount: string): Promise<void>;
  deliveries(merchantId?: string, limit?: number): Promise<DeliveryView[]>;
}

export interface DeliveryView {
  event: string;
  event_id: string;
  url: string;
  attempt: number;
  status: number | null;
  ok: boolean;
  error: string | null;
  gave_up: boolean;
  next_attempt_at: string | null;
  merchant_id: string;
  surface: "core" | "pro";
  webhook_id?: string;
}

export interface TestEmulator extends RunningEmulator {
  keys: typeof SEED_KEYS;
  dataDir: string;
  control: EmulatorControl;
  /** fetch against the emulator with an API key (default: the demo merchant's full-scope key). */
  request(pathname: string, init?: RequestInit & { apiKey?: string | null; json?: unknown }): Promise<Response>;
}

async function controlCall(base: string, method: string, pathname: string, body?: unknown): Promise<unknown> {
  const init: RequestInit = { method, headers: { "Content-Type": "application/json" } };
  if (body !== undefined) init.body = JSON.stringify(body);
  const res = await fetch(`${base}/__emulator${pathname}`, init);
  const text = await res.text();
  if (!res.ok) throw new Error(`control ${method} ${pathname} failed: ${res.status} ${text}`);
  return text === "" ? null : (JSON.parse(text) as unknown);
}

export async function withEmulator(opts: Omit<StartEmulatorOptions, "port"> = {}): Promise<TestEmulator> {
  const ownDir = opts.dataDir === undefined;
  const dataDir = opts.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), "emulator-test-")));
  const emulator = await startEmulator({ persistDebounceMs: 20, ...opts, dataDir, port: 0 });
  const base = emulator.url;

  const control: EmulatorControl = {
    async reset(o) {
      await controlCall(base, "POST", "/reset", { keep_webhook_targets: o?.keepWebhookTargets ?? true });
    },
    async advance(ms) {
      const out = (await controlCall(base, "POST", "/clock", { advance_ms: ms })) as { now: string };
      return out.now;
    },
    async setFaults(...faults) {
      const out = (await controlCall(base, "POST", "/faults", faults)) as { faults: unknown[] };
      return out.faults;
    },
    async clearFaults() {
      await controlCall(base, "DELETE", "/faults");
    },
    async setWebhookTarget(t) {
      await controlCall(base, "PUT", "/webhook-target", {
        merchant_id: t.merchantId ?? DEMO_MERCHANT_ID,
        surface: t.surface,
        url: t.url,
        secret: t.secret,
      });
    },
    async freeze(merchantId, frozen) {
      await controlCall(base, "POST", `/merchants/${merchantId}/freeze`, { frozen });
    },
    async nextDepositAmount(fundingAccountId, amount) {
      await controlCall(base, "PUT", "/sandbox-deposits/next-amount", { funding_account_id: fundingAccountId, amount });
    },
    async deliveries(merchantId, limit = 100) {
      const q = new URLSearchParams({ limit: String(limit) });
      if (merchantId) q.set("merchant_id", merchantId);
      const out = (await controlCall(base, "GET", `/deliveries?${q.toString()}`)) as { deliveries: DeliveryView[] };
      return out.deliveries;
    },
  };

  return {
    ...emulator,
    keys: SEED_KEYS,
    dataDir,
    control,
    async request(pathname, init = {}) {
      const { apiKey, json, ...rest } = init;
      const headers = new Headers(rest.headers);
      const key = apiKey === undefined ? SEED_KEYS.full : apiKey;
      if (key !== null) headers.set("X-Api-Key", key);
      if (json !== undefined) {
        headers.set("Content-Type", "application/json");
        rest.body = JSON.stringify(json);
      }
      return fetch(`${base}${pathname}`, { ...rest, headers });
    },
    async close() {
      await emulator.close();
      if (ownDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface ReceivedWebhook {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  receivedAt: number;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** Status to answer from now on, or a function of the 1-based request number. */
  respondWith(status: number | ((n: number) => number)): void;
  /** Holds every answer for this long (to provoke delivery timeouts). */
  delayBy(ms: number): void;
  /** Resolves once at least `count` requests arrived (rejects after timeoutMs). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedWebhook[]>;
  clear(): void;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  let answer: (n: number) => number = () => 200;
  let delayMs = 0;
  let waiters: Array<() => void> = [];

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({
        method: req.method ?? "",
        path: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        receivedAt: Date.now(),
      });
      const status = answer(received.length);
      const send = (): void => {
        if (res.destroyed) return;
        res.writeHead(status, { "Content-Type": "application/json" });
        res.end(JSON.stringify({ received: true }));
      };
      if (delayMs > 0) setTimeout(send, delayMs);
      else send();
      const pending = waiters;
      waiters = [];
      for (const w of pending) w();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    received,
    respondWith(status) {
      answer = typeof status === "number" ? () => status : status;
    },
    delayBy(ms) {
      delayMs = ms;
    },
    waitFor(count, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const deadline = setTimeout(() => {
          reject(new Error(`webhook receiver: expected ${count} requests, got ${received.length} within ${timeoutMs} ms`));
        }, timeoutMs);
        const check = (): void => {
          if (received.length >= count) {
            clearTimeout(deadline);
            resolve(received.slice());
          } else waiters.push(check);
        };
        check();
      });
    },
    clear() {
      received.length = 0;
    },
    close() {
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
