import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTeam, testDb } from "@/test/factories";
import { signInAs, signOutTest } from "@/test/session";
import { liveHub } from "@/lib/live/hub";
import { LiveListener } from "@/lib/live/listener";
import { notifyEvent } from "@/lib/live/notify";
import { SseReader, storeEvent } from "@/lib/live/test-helpers";
import { GET } from "./route";
import { GET as recentEventsRoute } from "../events/recent/route";

const recentEvents = () => recentEventsRoute(new Request("http://localhost/api/events/recent"));

type Team = Awaited<ReturnType<typeof createTeam>>;
let team: Team;
let other: Team;
const open: { reader: SseReader; abort: AbortController }[] = [];

beforeAll(async () => {
  [team, other] = await Promise.all([createTeam(), createTeam()]);
  await liveHub().ready();
});

afterEach(async () => {
  for (const s of open.splice(0)) {
    s.abort.abort();
    await s.reader.cancel();
  }
  signOutTest();
});

afterAll(async () => {
  await liveHub().stop();
  await testDb().$disconnect();
});

async function connect(headers: Record<string, string> = {}, query = "") {
  const abort = new AbortController();
  const res = await GET(new Request(`http://localhost/api/live${query}`, { headers, signal: abort.signal }));
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
  expect(res.headers.get("cache-control")).toContain("no-transform");
  const reader = new SseReader(res.body!);
  open.push({ reader, abort });
  return { reader, abort };
}

/** Stores an event and announces it in one transaction, as the webhook intake does. */
async function storeAndNotify(e: Parameters<typeof storeEvent>[1]) {
  return testDb().$transaction(async (tx) => {
    const row = await storeEvent(tx, e);
    await notifyEvent(tx, {
      organizationId: row.organizationId,
      environment: row.environment,
      eventId: row.id,
      name: row.name,
      resourceType: row.resourceType,
      resourceId: row.resourceId,
      resourceStatus: row.resourceStatus,
    });
    return row;
  });
}

describe("GET /api/live", () => {
  it("answers 401 without a session", async () => {
    signOutTest();
    const res = await GET(new Request("http://localhost/api/live"));
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: "Your session has ended. Sign in again." });
  });

  it("streams its own organization's events in the current environment, and nothing else", async () => {
    signInAs(team.viewer);
    const { reader } = await connect();
    await new Promise((r) => setTimeout(r, 50));
    expect(reader.retry).toBe(3_000);

    const otherOrg = await storeAndNotify({ organizationId: other.org.id, environment: "sandbox", name: "deposit.received" });
    const otherEnv = await storeAndNotify({ organizationId: team.org.id, environment: "production", name: "deposit.received" });
    const mine = await storeAndNotify({ organizationId: team.org.id, environment: "sandbox", name: "deposit.completed", resourceStatus: "COMPLETED" });

    const msg = await reader.waitFor((m) => m.event === "change", 1_000);
    expect(msg).toEqual({
      event: "change",
      id: mine.id,
      data: { id: mine.id, name: "deposit.completed", resourceType: "deposit", resourceId: mine.resourceId, resourceStatus: "COMPLETED" },
    });
    // The foreign events were announced before ours, so had they passed the filter they would be here.
    await new Promise((r) => setTimeout(r, 100));
    const ids = reader.messages.map((m) => m.id);
    expect(ids).not.toContain(otherOrg.id);
    expect(ids).not.toContain(otherEnv.id);
    expect(reader.messages.filter((m) => m.event === "change")).toHaveLength(1);
  });

  it("follows the user's environment: a production user sees production events only", async () => {
    await testDb().user.update({ where: { id: team.operator.id }, data: { environment: "production" } });
    signInAs(team.operator);
    const { reader } = await connect();
    const sandbox = await storeAndNotify({ organizationId: team.org.id, environment: "sandbox" });
    const production = await storeAndNotify({ organizationId: team.org.id, environment: "production" });
    await reader.waitFor((m) => m.id === production.id, 1_000);
    await new Promise((r) => setTimeout(r, 100));
    expect(reader.messages.map((m) => m.id)).not.toContain(sandbox.id);
  });

  it("replays events stored after Last-Event-ID for the same organization and environment, then goes live", async () => {
    // A team of its own: events other tests store now would rightly be replayed too.
    const team = await createTeam();
    signInAs(team.approver);
    const base = Date.now() - 60_000;
    const at = (s: number) => new Date(base + s * 1_000);
    const before = await storeEvent(testDb(), { organizationId: team.org.id, environment: "sandbox", receivedAt: at(0) });
    const cursor = await storeEvent(testDb(), { organizationId: team.org.id, environment: "sandbox", receivedAt: at(20) });
    const after1 = await storeEvent(testDb(), { organizationId: team.org.id, environment: "sandbox", name: "deposit.received", receivedAt: at(30) });
    const foreign = await storeEvent(testDb(), { organizationId: other.org.id, environment: "sandbox", receivedAt: at(31) });
    const otherEnv = await storeEvent(testDb(), { organizationId: team.org.id, environment: "production", receivedAt: at(32) });
    const after2 = await storeEvent(testDb(), { organizationId: team.org.id, environment: "sandbox", name: "deposit.completed", receivedAt: at(40) });

    const { reader } = await connect({ "Last-Event-ID": cursor.id });
    await reader.waitFor((m) => m.id === after2.id, 1_000);
    const live = await storeAndNotify({ organizationId: team.org.id, environment: "sandbox" });
    await reader.waitFor((m) => m.id === live.id, 1_000);

    const ids = reader.messages.filter((m) => m.event === "change").map((m) => m.id);
    expect(ids).toEqual([after1.id, after2.id, live.id]);
    for (const excluded of [before.id, cursor.id, foreign.id, otherEnv.id]) expect(ids).not.toContain(excluded);
  });

  it("replays what was stored after the page was rendered, so a change in the gap before the stream opened is not lost", async () => {
    const team = await createTeam();
    signInAs(team.operator);
    const rendered = new Date(Date.now() - 30_000);
    const old = await storeEvent(testDb(), { organizationId: team.org.id, environment: "sandbox", receivedAt: new Date(rendered.getTime() - 60_000) });
    const gap = await storeEvent(testDb(), {
      organizationId: team.org.id,
      environment: "sandbox",
      name: "funding_account.active",
      receivedAt: new Date(rendered.getTime() + 1_000),
    });
    const { reader } = await connect({}, `?since=${encodeURIComponent(rendered.toISOString())}`);
    await reader.waitFor((m) => m.id === gap.id, 1_000);
    const ids = reader.messages.filter((m) => m.event === "change").map((m) => m.id);
    expect(ids).toEqual([gap.id]);
    expect(ids).not.toContain(old.id);
    expect(reader.messages.some((m) => m.event === "resync")).toBe(false);
  });

  it("asks the page to refresh everything when its render time is too old or not a time", async () => {
    signInAs(team.viewer);
    for (const since of [new Date(Date.now() - 3_600_000).toISOString(), "yesterday"]) {
      const { reader } = await connect({}, `?since=${encodeURIComponent(since)}`);
      await reader.waitFor((m) => m.event === "resync", 1_000);
    }
  });

  it("asks the page to refresh everything when the last event id is unknown in this scope", async () => {
    signInAs(team.viewer);
    const foreign = await storeEvent(testDb(), { organizationId: other.org.id, environment: "sandbox" });
    const { reader } = await connect({ "Last-Event-ID": foreign.id });
    await reader.waitFor((m) => m.event === "resync", 1_000);
    expect(reader.messages.filter((m) => m.event === "change")).toHaveLength(0);
  });

  it("answers 503 with a sentence, rather than a silent stream, when this instance cannot listen", async () => {
    signInAs(team.viewer);
    const holder = globalThis as unknown as { liveListener?: LiveListener };
    const real = holder.liveListener;
    const bad = new URL(process.env.DATABASE_URL!);
    bad.port = "1";
    const broken = new LiveListener({ connectionString: bad.toString(), minBackoffMs: 50, maxBackoffMs: 100 });
    holder.liveListener = broken;
    try {
      const res = await GET(new Request("http://localhost/api/live"));
      expect(res.status).toBe(503);
      expect((await res.json()).error).toMatch(/^Live updates are unavailable right now\. The page keeps updating/);
    } finally {
      holder.liveListener = real;
      await broken.stop();
    }
  });

  it("stops streaming when the request is aborted", async () => {
    signInAs(team.viewer);
    const before = liveHub().subscriberCount;
    const { reader, abort } = await connect();
    expect(liveHub().subscriberCount).toBe(before + 1);
    abort.abort();
    await new Promise((r) => setTimeout(r, 50));
    expect(reader.closed).toBe(true);
    expect(liveHub().subscriberCount).toBe(before);
  });
});

describe("GET /api/events/recent", () => {
  it("lists the latest ten events of the user's organization and environment, newest first", async () => {
    const db = testDb();
    const fresh = await createTeam();
    signInAs(fresh.viewer);
    const empty = await recentEvents();
    expect(await empty.json()).toEqual({ events: [] });

    const base = Date.now() - 120_000;
    const mine = [];
    for (let i = 0; i < 12; i++)
      mine.push(await storeEvent(db, { organizationId: fresh.org.id, environment: "sandbox", receivedAt: new Date(base + i * 1_000) }));
    await storeEvent(db, { organizationId: fresh.org.id, environment: "production", receivedAt: new Date(base + 60_000) });
    await storeEvent(db, { organizationId: team.org.id, environment: "sandbox", receivedAt: new Date(base + 60_000) });

    const res = await recentEvents();
    expect(res.status).toBe(200);
    const body = (await res.json()) as { events: { id: string; receivedAt: string; resourceType: string }[] };
    expect(body.events.map((e) => e.id)).toEqual(
      mine
        .slice(2)
        .reverse()
        .map((e) => e.id),
    );
    expect(body.events[0]).toMatchObject({ resourceType: "deposit", receivedAt: mine[11]!.receivedAt.toISOString() });
  });

  it("answers 401 without a session", async () => {
    signOutTest();
    const res = await recentEvents();
    expect(res.status).toBe(401);
  });
});
