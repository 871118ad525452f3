/**
 * The list exports end to end through their route handlers against PostgreSQL: the filters on
 * screen honoured, a stable keyset order across equal timestamps and page boundaries, the list's
 * permission, and nothing of another organization or environment.
 */
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as exportApprovals } from "@/app/api/approvals/export/route";
import { GET as exportAudit } from "@/app/api/audit/export/route";
import { EXPORT_BATCH } from "@/lib/export/source";
import type { Role } from "@/lib/auth/permissions";
import { createTeam, testDb } from "@/test/factories";
import { signInAs, signOutTest } from "@/test/session";
import { csvRowsOf } from "@/test/csv";

let team: Awaited<ReturnType<typeof createTeam>>;
let other: Awaited<ReturnType<typeof createTeam>>;

const as = async (t: typeof team, role: Role) => signInAs(await testDb().user.findUniqueOrThrow({ where: { id: t[role].id } }));
const get = (path: string) => new Request(`http://app.test${path}`);

const SAME_INSTANT = new Date("2026-04-01T10:00:00.000Z");

beforeAll(async () => {
  [team, other] = await Promise.all([createTeam(), createTeam()]);
  const row = (organizationId: string, action: string, actorId: string, targetType: string, targetId: string | null, at: Date) => ({
    organizationId,
    action,
    actorId,
    actorEmail: null,
    targetType,
    targetId,
    at,
  });
  // More rows than one database page, all at one instant: the keyset must still pass each once.
  await testDb().auditLog.createMany({
    data: Array.from({ length: EXPORT_BATCH + 250 }, (_, i) => row(team.org.id, "bulk.touch", team.operator.id, "thing", `t-${i}`, SAME_INSTANT)),
  });
  await testDb().auditLog.createMany({
    data: [
      row(team.org.id, "user.add", team.admin.id, "user", team.viewer.id, new Date("2026-03-01T09:00:00Z")),
      row(team.org.id, "api_key.add", team.admin.id, "api_key", "key_sandbox_core_123", new Date("2026-03-03T00:00:00Z")),
      row(team.org.id, "review.decision", team.approver.id, "deposit", '=HYPERLINK("x")', new Date("2026-03-04T12:00:00Z")),
      row(other.org.id, "user.add", other.admin.id, "user", "theirs", new Date("2026-03-03T10:00:00Z")),
    ],
  });
});

describe("audit log export", () => {
  it("is every row of the organization, newest first, in a stable order across equal timestamps and pages", async () => {
    await as(team, "admin");
    const res = await exportAudit(get("/api/audit/export?page=3"));
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="audit-log-sandbox-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [header, ...rows] = await csvRowsOf(res);
    expect(header).toEqual([
      "id",
      "at",
      "actor_email",
      "actor_id",
      "action",
      "target_type",
      "target_id",
      "environment",
      "before",
      "after",
      "request_id",
      "ip",
      "user_agent",
    ]);
    // `page` is the screen's, not the export's: every row.
    const expected = await testDb().auditLog.findMany({ where: { organizationId: team.org.id }, orderBy: { id: "desc" }, select: { id: true } });
    expect(rows.map((r) => r[0])).toEqual(expected.map((r) => r.id.toString()));
    expect(new Set(rows.map((r) => r[0])).size).toBe(EXPORT_BATCH + 253);
    const bulk = rows.filter((r) => r[4] === "bulk.touch");
    expect(bulk.every((r) => r[1] === SAME_INSTANT.toISOString())).toBe(true);
    expect(new Set(bulk.map((r) => r[6])).size).toBe(EXPORT_BATCH + 250);
    // The same export twice lists the rows in the same order.
    const again = (await csvRowsOf(await exportAudit(get("/api/audit/export")))).slice(1);
    expect(again.map((r) => r[0])).toEqual(rows.map((r) => r[0]));
    expect(rows.some((r) => r[6] === "theirs")).toBe(false);
    // A target that looks like a formula reaches the file as text.
    expect(rows.find((r) => r[4] === "review.decision")![6]).toBe('\'=HYPERLINK("x")');
  });

  it("honours the filters on screen: action, who, target and days", async () => {
    await as(team, "admin");
    const actions = async (q: string) => (await csvRowsOf(await exportAudit(get(`/api/audit/export?${q}`)))).slice(1).map((r) => r[4]);
    expect(await actions("action=user.add")).toEqual(["user.add"]);
    expect(await actions(`actor=${team.admin.id}`)).toEqual(["api_key.add", "user.add"]);
    expect(await actions("target=api_key")).toEqual(["api_key.add"]);
    expect(await actions("from=2026-03-02&to=2026-03-04")).toEqual(["review.decision", "api_key.add"]);
    expect(await actions(`actor=${team.admin.id}&from=2026-03-02`)).toEqual(["api_key.add"]);
    expect(await actions("action=nothing.like.this")).toEqual([]);
    // A malformed filter in a shared link is dropped, as the page drops it.
    expect(await actions("from=yesterday&actor=not-a-uuid&action=user.add")).toEqual(["user.add"]);
  });

  it("is refused to every role without the audit log's permission, and to nobody signed in", async () => {
    signOutTest();
    expect((await exportAudit(get("/api/audit/export"))).status).toBe(401);
    for (const role of ["viewer", "operator", "approver"] as const) {
      await as(team, role);
      const res = await exportAudit(get("/api/audit/export"));
      expect(res.status, role).toBe(403);
      expect(res.headers.get("content-type")).toContain("application/json");
    }
  });

  it("shows another organization only its own rows", async () => {
    await as(other, "admin");
    const rows = (await csvRowsOf(await exportAudit(get("/api/audit/export")))).slice(1);
    expect(rows.map((r) => r[6])).toEqual(["theirs"]);
  });
});

describe("approvals export", () => {
  const request = (organizationId: string, requestedById: string, over: Record<string, unknown>) => ({
    organizationId,
    environment: "sandbox" as const,
    kind: "transfer",
    payload: {},
    summary: "Send USD 10.00",
    amount: "10.5",
    currency: "USD",
    status: "sent",
    attemptKey: crypto.randomUUID(),
    requestedById,
    expiresAt: new Date(Date.now() + 3_600_000),
    createdAt: SAME_INSTANT,
    ...over,
  });

  beforeAll(async () => {
    await testDb().approvalRequest.createMany({
      data: [
        ...Array.from({ length: 30 }, (_, i) => request(team.org.id, team.operator.id, { summary: `Send ${i}`, decidedById: team.approver.id })),
        request(team.org.id, team.operator.id, { status: "rejected", summary: "=cmd|' /C calc'!A0", createdAt: new Date("2026-04-02T00:00:00Z") }),
        request(team.org.id, team.operator.id, { environment: "production", summary: "Production transfer" }),
        request(team.org.id, team.admin.id, { environment: "production", kind: "control_velocity", summary: "Raise the limit", status: "pending" }),
        request(other.org.id, other.operator.id, { summary: "Their transfer" }),
      ],
    });
  });

  it("lists the history of this environment (and the organization's control changes), newest first, stable across equal times", async () => {
    await as(team, "viewer");
    const [header, ...rows] = await csvRowsOf(await exportApprovals(get("/api/approvals/export")));
    expect(header.slice(0, 9)).toEqual(["request_id", "created_at", "kind", "kind_label", "summary", "amount", "currency", "status", "requested_by"]);
    const summaries = rows.map((r) => r[4]);
    expect(summaries[0]).toBe("'=cmd|' /C calc'!A0");
    expect(summaries).toContain("Raise the limit");
    expect(summaries).not.toContain("Production transfer");
    expect(summaries).not.toContain("Their transfer");
    expect(rows).toHaveLength(32);
    const equal = rows.filter((r) => r[1] === SAME_INSTANT.toISOString());
    const ids = equal.map((r) => r[0]!);
    expect(ids).toEqual([...ids].sort().reverse());
    const sent = rows.find((r) => r[4] === "Send 0")!;
    expect(sent.slice(5, 10)).toEqual(["10.5", "USD", "sent", team.operator.email, team.approver.email]);
  });

  it("honours the status filter and drops an unknown one", async () => {
    await as(team, "approver");
    const statuses = async (q: string) => (await csvRowsOf(await exportApprovals(get(`/api/approvals/export${q}`)))).slice(1).map((r) => r[7]);
    expect(await statuses("?status=rejected")).toEqual(["rejected"]);
    expect(await statuses("?status=pending")).toEqual(["pending"]);
    expect(await statuses("?status=nonsense")).toHaveLength(32);
  });

  it("needs a session", async () => {
    signOutTest();
    expect((await exportApprovals(get("/api/approvals/export"))).status).toBe(401);
  });
});
