/**
 * Fault drill: PostgreSQL stops and starts again while the provider's webhooks arrive.
 *
 * The real pieces: the emulator sends signed deliveries with its own retry schedule to an HTTP
 * server running the app's webhook route, which stores them in a PostgreSQL of this file's own (the
 * shared test database cannot be stopped under the other test files). Deliveries made during the
 * outage must be answered 5xx (so the provider retries them), the retries must be stored once each,
 * no event may be missing afterwards, and the live channel must come back by itself.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { Client } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withEmulator, MERCHANTS, type TestEmulator } from "@/emulator/testing";
import { migrate } from "@/lib/db/migrate";
import type { LiveListener, LiveSignal } from "@/lib/live/listener";
import { freePort, startEmbeddedDb, type EmbeddedDb } from "@/scripts/embedded-db";

let dir: string;
let port: number;
let pg: EmbeddedDb | undefined;
let emu: TestEmulator;
let server: Server;
let listener: LiveListener;
let savedUrl: string | undefined;
const signals: LiveSignal[] = [];
/** When the listener last (re)connected: a notification sent before then had no one to reach. */
let resyncedAt = 0;

const startDb = async () => {
  pg = await startEmbeddedDb({ dataDir: path.join(dir, "pg"), port, database: "drill", persistent: true });
  return pg.url;
};

async function sql<T extends Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  const c = new Client({ connectionString: pg!.url });
  await c.connect();
  try {
    return (await c.query<T>(text, values)).rows;
  } finally {
    await c.end();
  }
}

async function waitUntil(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

interface Delivery {
  event_id: string;
  event: string;
  status: number | null;
  ok: boolean;
  gave_up: boolean;
}
interface Emitted {
  event_id: string;
  event: string;
  data: { id: string };
}
const control = async <T>(p: string): Promise<T> => (await (await fetch(`${emu.url}/__emulator${p}`)).json()) as T;
const deliveries = async () => (await control<{ deliveries: Delivery[] }>(`/deliveries?merchant_id=${MERCHANTS.demo}&limit=1000`)).deliveries;
const emitted = async () => (await control<{ events: Emitted[] }>(`/events?merchant_id=${MERCHANTS.demo}&surface=core&limit=1000`)).events;
const queued = async () => (await control<{ pending: unknown[] }>("/webhook-queue")).pending.length;

/** Simulates deposits that need review (they work on any funding account); returns their ids. */
async function simulateDeposits(n: number): Promise<string[]> {
  const accounts = (await (await emu.request("/v1/funding-accounts?limit=1")).json()) as { data: { id: string }[] };
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const res = await emu.request("/v1/sandbox/deposits", {
      method: "POST",
      headers: { "X-Idempotency-Key": crypto.randomUUID() },
      json: { funding_account_id: accounts.data[0]!.id, scenario: "REQUIRES_REVIEW" },
    });
    const { message } = (await res.json()) as { message: string };
    expect(res.status, message).toBe(201);
    ids.push(/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/.exec(message)![1]!);
  }
  return ids;
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "merchant-ops-drill-"));
  port = await freePort();
  savedUrl = process.env.DATABASE_URL;
  // Before the app's modules read it: they make their connections on first use.
  process.env.DATABASE_URL = await startDb();
  await migrate(process.env.DATABASE_URL);

  const { createDb } = await import("@/lib/db");
  const { setWebhookSecret } = await import("@/lib/vault");
  const { POST } = await import("@/app/api/webhooks/[environment]/[surface]/route");
  const { LiveListener } = await import("@/lib/live/listener");

  const db = createDb(process.env.DATABASE_URL);
  const org = await db.organization.create({ data: { name: "Drill org" } });
  const admin = await db.user.create({ data: { organizationId: org.id, email: "admin@drill.test", name: "Drill Admin", role: "admin" } });
  const secret = `whsec_drill_${crypto.randomBytes(16).toString("hex")}`;
  await db.$transaction((tx) => setWebhookSecret(tx as never, { organizationId: org.id, environment: "sandbox", surface: "core", secret, actorId: admin.id }));
  await db.$disconnect();

  // The app's route behind a plain HTTP server, as `next start` would serve it.
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
      const request = new Request(`http://app.test${req.url}`, { method: "POST", headers, body: Buffer.concat(chunks) });
      const [, , , environment, surface] = (req.url ?? "").split("/");
      const answer = await POST(request, { params: Promise.resolve({ environment: environment!, surface: surface! }) });
      res.writeHead(answer.status, { "content-type": "application/json" });
      res.end(await answer.text());
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const appUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  listener = new LiveListener({
    connectionString: process.env.DATABASE_URL,
    minBackoffMs: 100,
    maxBackoffMs: 500,
    pingIntervalMs: 1_000,
    pingTimeoutMs: 1_000,
  });
  listener.subscribe((s) => {
    signals.push(s);
    if (s.kind === "resync") resyncedAt = Date.now();
  });
  await listener.ready();

  emu = await withEmulator({ clockFactor: 600 });
  await emu.control.setWebhookTarget({ surface: "core", url: `${appUrl}/api/webhooks/sandbox/core`, secret });
}, 120_000);

afterAll(async () => {
  await listener?.stop();
  const { closeIntakePool } = await import("@/lib/webhooks/store");
  await closeIntakePool();
  await emu?.close();
  await new Promise((r) => server?.close(r));
  await pg?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
  process.env.DATABASE_URL = savedUrl;
}, 60_000);

describe("drill: PostgreSQL restarted while webhooks arrive", () => {
  it("answers 5xx during the outage, stores every retried delivery once afterwards, and the live channel resumes", async () => {
    // Before: deliveries are stored and announced.
    const before = await simulateDeposits(2);
    await waitUntil(async () => (await deliveries()).filter((d) => d.ok).length >= 4, "the first deliveries");
    // Announced too (a notification reaches the listener just after the delivery's answer).
    await waitUntil(() => signals.filter((s) => s.kind === "event").length >= 4, "the first announcements");

    // PostgreSQL goes away; the provider keeps sending.
    await pg!.stop();
    const attemptsBefore = (await deliveries()).length;
    const during = await simulateDeposits(3);
    const outageEvents = (await emitted()).filter((e) => during.includes(e.data.id));
    expect(outageEvents.length).toBeGreaterThanOrEqual(6);
    const outageIds = new Set(outageEvents.map((e) => e.event_id));
    await waitUntil(async () => {
      const refused = new Set((await deliveries()).filter((d) => outageIds.has(d.event_id) && d.status !== null && d.status >= 500).map((d) => d.event_id));
      return refused.size === outageIds.size;
    }, "a 5xx answer to every event sent during the outage");
    const log = await deliveries();
    const outageAttempts = log.slice(0, log.length - attemptsBefore);
    // During the outage nothing is acknowledged (2xx: it was not stored) or refused for good (4xx: the
    // provider would not retry): the answer is a 5xx. A busy machine may let an attempt run past the
    // provider's timeout instead, which it retries the same way.
    for (const d of outageAttempts) {
      expect(d.ok, JSON.stringify(d)).toBe(false);
      if (d.status !== null) expect(d.status >= 500 && d.status < 600, JSON.stringify(d)).toBe(true);
    }
    await waitUntil(() => signals.some((s) => s.kind === "down"), "the live channel to notice");

    // PostgreSQL is back (same data, same port); the provider's next retries go through.
    await startDb();
    await waitUntil(() => signals.some((s) => s.kind === "resync"), "the live channel to reconnect");
    const announcedBefore = signals.filter((s) => s.kind === "event").length;
    // No clock jump: the retry schedule runs in real time (divided by the clock factor), as the provider's would.
    await waitUntil(async () => (await queued()) === 0, "the provider's retry queue to drain", 40_000);

    const after = await deliveries();
    expect(after.filter((d) => d.gave_up)).toEqual([]);
    for (const id of outageIds)
      expect(
        after.some((d) => d.event_id === id && d.ok),
        `event ${id} delivered after the restart`,
      ).toBe(true);

    // Nothing lost, nothing twice: one row per event the provider emitted, for every deposit.
    const all = await emitted();
    const rows = await sql<{ name: string; resource_id: string; n: string }>(
      "SELECT name, resource_id, count(*)::text AS n FROM webhook_events GROUP BY name, resource_id",
    );
    const stored = new Map(rows.map((r) => [`${r.name}|${r.resource_id}`, Number(r.n)]));
    for (const e of all.filter((x) => [...before, ...during].includes(x.data.id))) {
      expect(stored.get(`${e.event}|${e.data.id}`), `${e.event} of ${e.data.id}`).toBe(1);
    }
    expect([...stored.values()].every((n) => n === 1)).toBe(true);
    const deposits = new Set(rows.map((r) => r.resource_id));
    for (const id of [...before, ...during]) expect(deposits.has(id)).toBe(true);

    // Every event stored once the channel was back was announced on it. One a retry stored in the
    // moment between PostgreSQL coming back and the listener reconnecting had no listener yet; the
    // reconnect's resync (pages refetch everything) covers it, as it covers the whole outage.
    const storedAfter = await sql<{ id: string }>("SELECT id FROM webhook_events WHERE received_at > $1", [new Date(resyncedAt + 50)]);
    const announcedIds = () => new Set(signals.flatMap((s) => (s.kind === "event" ? [s.event.eventId] : [])));
    await waitUntil(() => storedAfter.every((r) => announcedIds().has(r.id)), "the live announcements after the restart");
    // And the channel carries what happens next: a new deposit is announced as before the outage.
    const [next] = await simulateDeposits(1);
    await waitUntil(
      () => signals.slice(announcedBefore).some((s) => s.kind === "event" && s.event.resourceId === next),
      "a new event announced on the resumed channel",
    );
  }, 90_000);
});
