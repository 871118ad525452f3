import crypto from "node:crypto";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { Client } from "pg";
import { testDb } from "@/test/factories";
import { LiveListener, type LiveSignal } from "./listener";
import { encodeNotification, notifyEvent, type LiveEventInput } from "./notify";
import { waitUntil } from "./test-helpers";

const url = () => process.env.DATABASE_URL!;
const started: LiveListener[] = [];

function listen(opts: Partial<ConstructorParameters<typeof LiveListener>[0]> = {}) {
  const l = new LiveListener({ connectionString: url(), minBackoffMs: 50, maxBackoffMs: 400, ...opts });
  started.push(l);
  const got: LiveSignal[] = [];
  l.subscribe((s) => got.push(s));
  return { l, got, events: () => got.flatMap((s) => (s.kind === "event" ? [s.event] : [])) };
}

function input(over: Partial<LiveEventInput> = {}): LiveEventInput {
  return {
    organizationId: crypto.randomUUID(),
    environment: "sandbox",
    eventId: crypto.randomUUID(),
    name: "deposit.completed",
    resourceType: "deposit",
    resourceId: crypto.randomUUID(),
    resourceStatus: "COMPLETED",
    ...over,
  };
}

afterEach(async () => {
  await Promise.all(started.splice(0).map((l) => l.stop()));
});

afterAll(async () => {
  await testDb().$disconnect();
});

describe("notifyEvent and the listener", () => {
  it("delivers an event whose transaction commits, with every field", async () => {
    const { l, events } = listen();
    await l.ready();
    const e = input();
    await testDb().$transaction(async (tx) => notifyEvent(tx, e));
    await waitUntil(() => events().some((x) => x.eventId === e.eventId), 1_000, "the committed event");
    expect(events().find((x) => x.eventId === e.eventId)).toEqual({ ...e, truncated: false });
  });

  it("never announces an event whose transaction rolls back, and holds a notification until commit", async () => {
    const { l, events } = listen();
    await l.ready();
    const rolledBack = input();
    await expect(
      testDb().$transaction(async (tx) => {
        await notifyEvent(tx, rolledBack);
        throw new Error("storing the event failed");
      }),
    ).rejects.toThrow("storing the event failed");

    const committed = input();
    let releaseCommit!: () => void;
    const held = new Promise<void>((r) => (releaseCommit = r));
    const tx = testDb().$transaction(async (t) => {
      await notifyEvent(t, committed);
      await held;
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(events().some((x) => x.eventId === committed.eventId)).toBe(false); // not before commit
    releaseCommit();
    await tx;
    await waitUntil(() => events().some((x) => x.eventId === committed.eventId), 1_000, "the later committed event");
    expect(events().some((x) => x.eventId === rolledBack.eventId)).toBe(false);
  });

  it("reaches two listeners on separate connections (two app instances) within a second of a third connection's commit", async () => {
    const a = listen();
    const b = listen();
    await Promise.all([a.l.ready(), b.l.ready()]);
    expect(a.l.backendPid()).not.toBe(b.l.backendPid());

    const writer = new Client({ connectionString: url() });
    await writer.connect();
    const e = input();
    const t0 = performance.now();
    try {
      await writer.query("BEGIN");
      await writer.query("SELECT pg_notify('merchant_ops_events', $1)", [encodeNotification(e)]);
      await writer.query("COMMIT");
    } finally {
      await writer.end();
    }
    await waitUntil(() => a.events().some((x) => x.eventId === e.eventId) && b.events().some((x) => x.eventId === e.eventId), 1_000, "both listeners");
    expect(performance.now() - t0).toBeLessThan(1_000);
  });

  it("reconnects after its connection is terminated, tells subscribers to resync, and receives later events", async () => {
    const { l, got, events } = listen();
    await l.ready();
    const pid = l.backendPid();
    expect(pid).toBeTypeOf("number");

    const admin = new Client({ connectionString: url() });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ ok: boolean }>("SELECT pg_terminate_backend($1) AS ok", [pid]);
      expect(rows[0]!.ok).toBe(true);
    } finally {
      await admin.end();
    }
    await waitUntil(() => got.some((s) => s.kind === "resync"), 5_000, "the reconnect");
    expect(got.map((s) => s.kind)).toEqual(["down", "resync"]);
    expect(l.isConnected).toBe(true);
    expect(l.backendPid()).not.toBe(pid);

    const e = input();
    await testDb().$transaction(async (tx) => notifyEvent(tx, e));
    await waitUntil(() => events().some((x) => x.eventId === e.eventId), 1_000, "an event after the reconnect");
  });

  it("keeps retrying with backoff while the database cannot be reached, without throwing", async () => {
    const bad = new URL(url());
    bad.port = "1"; // nothing listens there
    const l = new LiveListener({ connectionString: bad.toString(), minBackoffMs: 20, maxBackoffMs: 40 });
    started.push(l);
    l.start();
    await expect(l.ready(300)).rejects.toThrow("could not reach the database");
    expect(l.isConnected).toBe(false);
  });

  it("cuts oversized fields to fit NOTIFY and restores them from the stored event", async () => {
    const db = testDb();
    const org = await db.organization.create({ data: { name: `Live org ${crypto.randomBytes(3).toString("hex")}` } });
    const longId = `dep_${"x".repeat(400)}`;
    const stored = await db.webhookEvent.create({
      data: {
        organizationId: org.id,
        environment: "sandbox",
        surface: "core",
        name: "deposit.completed",
        receivedName: "deposit.completed",
        dedupeKey: crypto.randomUUID(),
        resourceType: "deposit",
        resourceId: longId,
        resourceStatus: "COMPLETED",
        payload: {},
        headers: {},
        signature: "current",
      },
    });
    const e = input({ organizationId: org.id, eventId: stored.id, resourceId: longId });
    const wire = encodeNotification(e);
    expect(Buffer.byteLength(wire)).toBeLessThan(8_000);
    expect(JSON.parse(wire).truncated).toBe(true);
    // The worst case: every character escaped by JSON still fits.
    expect(
      Buffer.byteLength(
        encodeNotification(
          input({
            name: "\u0001".repeat(5_000),
            resourceId: "\u0002".repeat(5_000),
            resourceStatus: "\u0003".repeat(5_000),
            resourceType: "\u0004".repeat(5_000),
          }),
        ),
      ),
    ).toBeLessThan(8_000);

    const { l, events } = listen();
    await l.ready();
    await db.$transaction(async (tx) => notifyEvent(tx, e));
    await waitUntil(() => events().some((x) => x.eventId === e.eventId), 1_000, "the shortened event");
    expect(events().find((x) => x.eventId === e.eventId)).toMatchObject({ resourceId: longId, truncated: false });
  });

  it("ignores a malformed notification and keeps delivering", async () => {
    const { l, events } = listen();
    await l.ready();
    await testDb().$executeRaw`SELECT pg_notify('merchant_ops_events', '{"not":"an event"}')`;
    const e = input();
    await testDb().$transaction(async (tx) => notifyEvent(tx, e));
    await waitUntil(() => events().some((x) => x.eventId === e.eventId), 1_000, "the valid event");
    expect(events()).toHaveLength(1);
  });
});
