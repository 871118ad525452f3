import crypto from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { GET as exportCsv } from "@/app/api/events/export/route";
import { GET as timelineRoute } from "@/app/api/timeline/[resourceType]/[resourceId]/route";
import { POST } from "@/app/api/webhooks/[environment]/[surface]/route";
import { setWebhookSecret } from "@/lib/vault";
import { EXPORT_BATCH } from "@/lib/export/source";
import { loadEventFilters } from "@/lib/webhooks/event-filters";
import { getTimeline, queryEvents } from "@/lib/webhooks/query";
import { signBody } from "@/lib/webhooks/verify";
import { createTeam, testDb } from "@/test/factories";
import { signInAs, signOutTest } from "@/test/session";
import { csvRowsOf } from "@/test/csv";
import type { Environment } from "@/lib/generated/prisma/enums";

let team: Awaited<ReturnType<typeof createTeam>>;
const secrets: Record<string, string> = {};
const ROLES = ["viewer", "operator", "approver", "admin"] as const;

const as = async (who: (typeof ROLES)[number]) => signInAs(await testDb().user.findUniqueOrThrow({ where: { id: team[who].id } }));

async function send(environment: Environment, payload: unknown) {
  const body = JSON.stringify(payload);
  const res = await POST(
    new Request(`http://app.test/api/webhooks/${environment}/core`, {
      method: "POST",
      headers: { "x-daya-signature": signBody("core", secrets[environment]!, body) },
      body,
    }),
    { params: Promise.resolve({ environment, surface: "core" }) },
  );
  expect(res.status).toBe(200);
}

const dep = (id: string, status: string, at: string) => ({ id, status, amount: "1000.50", currency: "NGN", updated_at: at, note: 'says "hi", =SUM(A1)' });

let depositA: string;
let depositB: string;

beforeEach(async () => {
  team = await createTeam();
  signOutTest();
  for (const environment of ["sandbox", "production"] as const) {
    secrets[environment] = `whsec_${environment}_${crypto.randomBytes(12).toString("hex")}`;
    await testDb().$transaction((tx) =>
      setWebhookSecret(tx as never, { organizationId: team.org.id, environment, surface: "core", secret: secrets[environment]!, actorId: team.admin.id }),
    );
  }
  depositA = crypto.randomUUID();
  depositB = crypto.randomUUID();
  // Out of order, with an older-name duplicate, plus an event of another deposit and one in production.
  await send("sandbox", { event: "deposit.completed", timestamp: "2026-11-01T10:00:00Z", data: dep(depositA, "COMPLETED", "2026-11-01T10:00:00Z") });
  await send("sandbox", {
    event: "deposit.settled",
    event_id: crypto.randomUUID(),
    created_at: "2026-11-01T10:00:00Z",
    data: dep(depositA, "COMPLETED", "2026-11-01T10:00:00Z"),
  });
  await send("sandbox", { event: "deposit.received", timestamp: "2026-11-01T10:00:00Z", data: dep(depositA, "RECEIVED", "2026-11-01T10:00:00Z") });
  await send("sandbox", {
    event: "deposit.requires_review",
    timestamp: "2026-11-02T09:00:00Z",
    data: dep(depositB, "REQUIRES_REVIEW", "2026-11-02T09:00:00Z"),
  });
  await send("production", {
    event: "deposit.received",
    timestamp: "2026-11-01T10:00:00Z",
    data: dep(crypto.randomUUID(), "RECEIVED", "2026-11-01T10:00:00Z"),
  });
});

describe("event log queries", () => {
  it("filters by event, resource, status and resource id, within the organization and environment", async () => {
    const all = await queryEvents(team.org.id, "sandbox", loadEventFilters({}), "UTC");
    expect(all.total).toBe(3);
    expect(all.names).toEqual(["deposit.completed", "deposit.received", "deposit.requires_review"]);
    expect((await queryEvents(team.org.id, "sandbox", loadEventFilters({ name: "deposit.completed" }), "UTC")).rows.map((r) => r.resourceId)).toEqual([
      depositA,
    ]);
    expect((await queryEvents(team.org.id, "sandbox", loadEventFilters({ status: "REQUIRES_REVIEW" }), "UTC")).rows.map((r) => r.resourceId)).toEqual([
      depositB,
    ]);
    expect((await queryEvents(team.org.id, "sandbox", loadEventFilters({ q: depositB.slice(0, 13).toUpperCase() }), "UTC")).total).toBe(1);
    expect((await queryEvents(team.org.id, "sandbox", loadEventFilters({ resource: "transfer" }), "UTC")).total).toBe(0);
    expect((await queryEvents(team.org.id, "production", loadEventFilters({}), "UTC")).total).toBe(1);
    const other = await createTeam();
    expect((await queryEvents(other.org.id, "sandbox", loadEventFilters({}), "UTC")).total).toBe(0);
    // Malformed filters are ignored, not fatal.
    expect(loadEventFilters({ from: "yesterday", page: "-3" })).toMatchObject({ from: null, page: 1 });
  });

  it("tells a resource's story in order with duplicates folded", async () => {
    const story = await getTimeline(team.org.id, "sandbox", "deposit", depositA);
    expect(story.map((e) => [e.name, e.status, e.deliveries, e.receivedName])).toEqual([
      ["deposit.received", "RECEIVED", 1, "deposit.received"],
      ["deposit.completed", "COMPLETED", 2, "deposit.completed"],
    ]);
    expect(await getTimeline(team.org.id, "production", "deposit", depositA)).toEqual([]);
  });
});

describe("CSV export route", () => {
  it("exports the whole filtered set with safe cells", async () => {
    await as("viewer");
    const res = await exportCsv(new Request("http://app.test/api/events/export?resource=deposit&page=2"));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toMatch(/attachment; filename="events-sandbox-\d{4}-\d{2}-\d{2}\.csv"/);
    const rows = await csvRowsOf(res);
    expect(rows[0]).toEqual([
      "received_at",
      "occurred_at",
      "environment",
      "surface",
      "event",
      "received_as",
      "resource_type",
      "resource_id",
      "resource_status",
      "provider_event_id",
      "deliveries",
      "signature",
      "payload",
    ]);
    // `page` is ignored: an export is every matching row.
    expect(rows).toHaveLength(4);
    const completed = rows.find((r) => r[4] === "deposit.completed")!;
    expect(completed.slice(2, 12)).toEqual(["sandbox", "core", "deposit.completed", "deposit.completed", "deposit", depositA, "COMPLETED", "", "2", "current"]);
    expect(JSON.parse(completed[12]!)).toMatchObject({ data: { amount: "1000.50", note: 'says "hi", =SUM(A1)' } });
    const filtered = await csvRowsOf(await exportCsv(new Request(`http://app.test/api/events/export?q=${depositB}`)));
    expect(filtered.map((r) => r[7])).toEqual(["resource_id", depositB]);
  });

  it("streams past one batch without skipping or repeating a row", async () => {
    const rows = Array.from({ length: EXPORT_BATCH + 5 }, (_, i) => ({
      organizationId: team.org.id,
      environment: "sandbox" as const,
      surface: "core" as const,
      name: "transfer.processing",
      receivedName: "transfer.processing",
      dedupeKey: `bulk-${i}`,
      resourceType: "transfer",
      resourceId: `tr-${i}`,
      resourceStatus: "PROCESSING",
      payload: { i },
      headers: {},
      signature: "current",
      // Many rows share one arrival instant: the cursor must still move past each exactly once.
      receivedAt: new Date(Date.UTC(2026, 10, 3, 0, 0, Math.floor(i / 50))),
    }));
    await testDb().webhookEvent.createMany({ data: rows });
    await as("admin");
    const csv = await csvRowsOf(await exportCsv(new Request("http://app.test/api/events/export?resource=transfer")));
    const ids = csv.slice(1).map((r) => r[7]);
    expect(ids).toHaveLength(EXPORT_BATCH + 5);
    expect(new Set(ids).size).toBe(EXPORT_BATCH + 5);
  });
});

describe("permissions of the export and timeline routes", () => {
  it("refuses both without a session", async () => {
    const exp = await exportCsv(new Request("http://app.test/api/events/export"));
    expect(exp.status).toBe(401);
    const tl = await timelineRoute(new Request("http://app.test/api/timeline/deposit/x"), {
      params: Promise.resolve({ resourceType: "deposit", resourceId: depositA }),
    });
    expect(tl.status).toBe(401);
    expect(await tl.json()).toEqual({ error: "Your session has ended. Sign in again." });
  });

  it.each(ROLES)("serves both to a %s, scoped to their organization and current environment", async (role) => {
    await as(role);
    const exp = await exportCsv(new Request("http://app.test/api/events/export"));
    expect(exp.status).toBe(200);
    expect(await csvRowsOf(exp)).toHaveLength(4);
    const tl = await timelineRoute(new Request("http://app.test/api/timeline/deposit/x"), {
      params: Promise.resolve({ resourceType: "deposit", resourceId: depositA }),
    });
    expect(tl.status).toBe(200);
    const body = (await tl.json()) as { environment: string; entries: { name: string }[] };
    expect(body.environment).toBe("sandbox");
    expect(body.entries.map((e) => e.name)).toEqual(["deposit.received", "deposit.completed"]);
  });

  it("shows another organization nothing, and the production set after switching", async () => {
    const other = await createTeam();
    signInAs(await testDb().user.findUniqueOrThrow({ where: { id: other.admin.id } }));
    expect(await csvRowsOf(await exportCsv(new Request("http://app.test/api/events/export")))).toHaveLength(1);
    const tl = await timelineRoute(new Request("http://app.test/x"), { params: Promise.resolve({ resourceType: "deposit", resourceId: depositA }) });
    expect(((await tl.json()) as { entries: unknown[] }).entries).toEqual([]);

    await testDb().user.update({ where: { id: team.viewer.id }, data: { environment: "production" } });
    await as("viewer");
    const prod = await csvRowsOf(await exportCsv(new Request("http://app.test/api/events/export")));
    expect(prod.slice(1).map((r) => r[2])).toEqual(["production"]);
  });
});
