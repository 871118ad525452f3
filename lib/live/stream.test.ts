import crypto from "node:crypto";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { Client } from "pg";
import { POST as webhookRoute } from "@/app/api/webhooks/[environment]/[surface]/route";
import { setWebhookSecret } from "@/lib/vault";
import { signBody } from "@/lib/webhooks/verify";
import { createTeam, testDb } from "@/test/factories";
import { LiveListener, type LiveSubscriber } from "./listener";
import { notifyEvent } from "./notify";
import { createLiveStream, sseMessage } from "./stream";
import { SseReader } from "./test-helpers";

const url = () => process.env.DATABASE_URL!;
const listeners: LiveListener[] = [];
const readers: SseReader[] = [];
const scope = { organizationId: crypto.randomUUID(), environment: "sandbox" as const };

function instance() {
  const l = new LiveListener({ connectionString: url(), minBackoffMs: 50, maxBackoffMs: 400 });
  listeners.push(l);
  return l;
}

function read(stream: ReadableStream<Uint8Array>) {
  const r = new SseReader(stream);
  readers.push(r);
  return r;
}

afterEach(async () => {
  await Promise.all(readers.splice(0).map((r) => r.cancel()));
  await Promise.all(listeners.splice(0).map((l) => l.stop()));
});

afterAll(async () => {
  await testDb().$disconnect();
});

describe("the live stream across app instances", () => {
  it("brings an event stored through one instance to an SSE client of another within a second", async () => {
    const a = instance();
    const b = instance();
    await Promise.all([a.ready(), b.ready()]);
    const onA = read(createLiveStream({ listener: a, scope }));
    const onB = read(createLiveStream({ listener: b, scope }));
    // The first query of the test client opens its connection; that is not what is timed here.
    await testDb().$queryRaw`SELECT 1`;

    const eventId = crypto.randomUUID();
    const t0 = performance.now();
    await testDb().$transaction(async (tx) =>
      notifyEvent(tx, { ...scope, eventId, name: "deposit.received", resourceType: "deposit", resourceId: "dep_1", resourceStatus: "PROCESSING" }),
    );
    const [gotA, gotB] = await Promise.all([onA.waitFor((m) => m.id === eventId, 1_000), onB.waitFor((m) => m.id === eventId, 1_000)]);
    expect(performance.now() - t0).toBeLessThan(1_000);
    for (const got of [gotA, gotB]) {
      expect(got.data).toEqual({ id: eventId, name: "deposit.received", resourceType: "deposit", resourceId: "dep_1", resourceStatus: "PROCESSING" });
    }
  });

  it("brings a signed delivery posted to the webhook route to SSE clients of two other instances", async () => {
    // The real path: route handler -> signature -> batch insert on the intake's own pool, whose
    // statement runs pg_notify; two listeners stand for two app instances on one database.
    const team = await createTeam();
    const secret = `whsec_${crypto.randomBytes(16).toString("hex")}`;
    await testDb().$transaction((tx) =>
      setWebhookSecret(tx as never, { organizationId: team.org.id, environment: "sandbox", surface: "core", secret, actorId: team.admin.id }),
    );
    const own = { organizationId: team.org.id, environment: "sandbox" as const };
    const a = instance();
    const b = instance();
    await Promise.all([a.ready(), b.ready()]);
    const onA = read(createLiveStream({ listener: a, scope: own }));
    const onB = read(createLiveStream({ listener: b, scope: own }));
    // Another organization's stream on the same instance hears nothing of it.
    const other = read(createLiveStream({ listener: a, scope }));

    const post = async (depositId: string) => {
      const body = JSON.stringify({
        event: "deposit.completed",
        timestamp: "2026-11-01T10:00:02.000Z",
        data: {
          id: depositId,
          type: "NGN_DEPOSIT",
          amount: "150000.00",
          currency: "NGN",
          status: "COMPLETED",
          created_at: "2026-11-01T10:00:00.000Z",
          updated_at: "2026-11-01T10:00:02.000Z",
        },
      });
      const res = await webhookRoute(
        new Request("http://app.test/api/webhooks/sandbox/core", {
          method: "POST",
          headers: { "content-type": "application/json", "x-daya-signature": signBody("core", secret, body) },
          body,
        }),
        { params: Promise.resolve({ environment: "sandbox", surface: "core" }) },
      );
      expect(res.status).toBe(200);
      return ((await res.json()) as { id: string }).id;
    };
    // A first delivery opens the intake's pool and reads the secrets: a running instance has both.
    const warm = await post(crypto.randomUUID());
    await Promise.all([onA.waitFor((m) => m.id === warm, 10_000), onB.waitFor((m) => m.id === warm, 10_000)]);

    const depositId = crypto.randomUUID();
    const t0 = performance.now();
    const eventId = await post(depositId);
    const [gotA, gotB] = await Promise.all([onA.waitFor((m) => m.id === eventId, 1_000), onB.waitFor((m) => m.id === eventId, 1_000)]);
    expect(performance.now() - t0).toBeLessThan(1_000);
    for (const got of [gotA, gotB]) {
      expect(got.data).toEqual({ id: eventId, name: "deposit.completed", resourceType: "deposit", resourceId: depositId, resourceStatus: "COMPLETED" });
    }
    expect(other.messages.filter((m) => m.id === eventId)).toEqual([]);
  });

  it("tells the browser it is degraded while its instance's listener is down, then to resync", async () => {
    const l = instance();
    await l.ready();
    const reader = read(createLiveStream({ listener: l, scope }));
    const admin = new Client({ connectionString: url() });
    await admin.connect();
    try {
      await admin.query("SELECT pg_terminate_backend($1)", [l.backendPid()]);
    } finally {
      await admin.end();
    }
    await reader.waitFor((m) => m.event === "resync", 5_000);
    expect(reader.messages.map((m) => m.event)).toEqual(["degraded", "resync"]);
  });
});

describe("createLiveStream", () => {
  function fakeListener() {
    const subs = new Set<LiveSubscriber>();
    return {
      subs,
      subscribe(fn: LiveSubscriber) {
        subs.add(fn);
        return () => subs.delete(fn);
      },
    };
  }

  it("sends a heartbeat comment and ends the stream once the session no longer allows it", async () => {
    const listener = fakeListener();
    let allowed = true;
    const reader = read(createLiveStream({ listener, scope, heartbeatMs: 30, stillAllowed: async () => allowed }));
    await new Promise((r) => setTimeout(r, 100));
    expect(reader.comments).toBeGreaterThanOrEqual(2); // ": connected" and at least one heartbeat
    expect(reader.closed).toBe(false);
    allowed = false;
    await reader.waitFor((m) => m.event === "end", 1_000);
    await new Promise((r) => setTimeout(r, 20));
    expect(reader.closed).toBe(true);
    expect(listener.subs.size).toBe(0);
  });

  it("keeps a stream open when a session check fails for a moment", async () => {
    const listener = fakeListener();
    const reader = read(createLiveStream({ listener, scope, heartbeatMs: 20, stillAllowed: async () => Promise.reject(new Error("database blip")) }));
    await new Promise((r) => setTimeout(r, 100));
    expect(reader.closed).toBe(false);
    expect(listener.subs.size).toBe(1);
  });

  it("holds live events during the replay and sends each id once, replayed ones first", async () => {
    const listener = fakeListener();
    let finishReplay!: () => void;
    const gate = new Promise<void>((r) => (finishReplay = r));
    const change = (id: string) => ({ id, name: "deposit.completed", resourceType: "deposit", resourceId: "d", resourceStatus: "COMPLETED" });
    const reader = read(
      createLiveStream({
        listener,
        scope,
        replay: async () => {
          await gate;
          return { complete: true, events: [change("r1"), change("both")] };
        },
      }),
    );
    await new Promise((r) => setTimeout(r, 20));
    const announce = (eventId: string) => {
      for (const fn of listener.subs) fn({ kind: "event", event: { ...scope, ...change(eventId), eventId, truncated: false } });
    };
    announce("both"); // committed while the replay query ran: in both
    announce("l1");
    finishReplay();
    await reader.waitFor((m) => m.id === "l1", 1_000);
    expect(reader.messages.map((m) => m.id)).toEqual(["r1", "both", "l1"]);
  });

  it("cuts off a client that stopped reading, so memory stays bounded", async () => {
    const listener = fakeListener();
    const stream = createLiveStream({ listener, scope, maxQueuedBytes: 2_000 });
    // Nobody reads: the queue grows until the stream gives up on this client.
    for (let i = 0; i < 100; i++) {
      for (const fn of listener.subs)
        fn({
          kind: "event",
          event: { ...scope, eventId: `e${i}`, name: "deposit.completed", resourceType: "deposit", resourceId: "d", resourceStatus: null, truncated: false },
        });
    }
    expect(listener.subs.size).toBe(0);
    await stream.cancel();
  });

  it("writes one well-formed message, with no way for a field to break the framing", () => {
    expect(sseMessage("change", { a: "x\ny" }, "id\n1")).toBe('id: id1\nevent: change\ndata: {"a":"x\\ny"}\n\n');
  });
});
