import { beforeAll, describe, expect, it } from "vitest";
import { createTeam, testDb } from "@/test/factories";
import { loadAuditFilters } from "./filters";
import { AUDIT_PAGE_SIZE, queryAudit } from "./query";

let team: Awaited<ReturnType<typeof createTeam>>;

/** Filters as the page reads them from the URL. */
const filters = (q: Record<string, string>) => loadAuditFilters(q);
const actionsOf = async (q: Record<string, string>, zone = "UTC") => (await queryAudit(team.org.id, filters(q), zone)).rows.map((r) => r.action).sort();

beforeAll(async () => {
  team = await createTeam();
  const row = (action: string, actorId: string, targetType: string, targetId: string | null, at: string) => ({
    organizationId: team.org.id,
    action,
    actorId,
    actorEmail: null,
    targetType,
    targetId,
    at: new Date(at),
  });
  await testDb().auditLog.createMany({
    data: [
      row("user.add", team.admin.id, "user", team.viewer.id, "2026-03-01T09:00:00Z"),
      row("user.role", team.admin.id, "user", team.operator.id, "2026-03-02T23:59:59Z"),
      row("api_key.add", team.admin.id, "api_key", "key_sandbox_core_123", "2026-03-03T00:00:00Z"),
      row("review.decision", team.approver.id, "deposit", "dep_abc_777", "2026-03-04T12:00:00Z"),
      row("withdrawal.submit", team.operator.id, "withdrawal", "wd_987", "2026-03-05T08:00:00Z"),
    ],
  });
  // Another organization's row never shows up.
  const other = await createTeam();
  await testDb().auditLog.create({
    data: {
      organizationId: other.org.id,
      action: "user.add",
      actorId: other.admin.id,
      targetType: "user",
      targetId: "x",
      at: new Date("2026-03-03T10:00:00Z"),
    },
  });
});

describe("queryAudit filters", () => {
  it("lists the organization's rows, newest first, with no filter", async () => {
    const res = await queryAudit(team.org.id, filters({}), "UTC");
    expect(res.total).toBe(5);
    expect(res.rows.map((r) => r.action)).toEqual(["withdrawal.submit", "review.decision", "api_key.add", "user.role", "user.add"]);
    expect(res.actions).toEqual(["api_key.add", "review.decision", "user.add", "user.role", "withdrawal.submit"]);
    expect(res.actors.map((a) => a.id).sort()).toEqual([team.admin.id, team.approver.id, team.operator.id, team.viewer.id].sort());
  });

  it("by actor: only that person's changes", async () => {
    expect(await actionsOf({ actor: team.admin.id })).toEqual(["api_key.add", "user.add", "user.role"]);
    expect(await actionsOf({ actor: team.approver.id })).toEqual(["review.decision"]);
    expect(await actionsOf({ actor: team.viewer.id })).toEqual([]);
  });

  it("by target: a part of the target id, or the exact target type", async () => {
    expect(await actionsOf({ target: "dep_abc" })).toEqual(["review.decision"]);
    expect(await actionsOf({ target: team.viewer.id })).toEqual(["user.add"]);
    expect(await actionsOf({ target: "user" })).toEqual(["user.add", "user.role"]);
    expect(await actionsOf({ target: "api_key" })).toEqual(["api_key.add"]);
    expect(await actionsOf({ target: "nothing-like-this" })).toEqual([]);
  });

  it("by date: from and to are whole UTC days, both ends included", async () => {
    expect(await actionsOf({ from: "2026-03-02", to: "2026-03-03" })).toEqual(["api_key.add", "user.role"]);
    expect(await actionsOf({ from: "2026-03-04" })).toEqual(["review.decision", "withdrawal.submit"]);
    expect(await actionsOf({ to: "2026-03-01" })).toEqual(["user.add"]);
    expect(await actionsOf({ from: "2026-03-06" })).toEqual([]);
  });

  it("by date in the viewer's zone: a day starts and ends at that zone's midnight", async () => {
    // 23:59:59 UTC on 2 Mar is 00:59 on 3 Mar in Lagos.
    expect(await actionsOf({ from: "2026-03-03", to: "2026-03-03" }, "UTC")).toEqual(["api_key.add"]);
    expect(await actionsOf({ from: "2026-03-03", to: "2026-03-03" }, "Africa/Lagos")).toEqual(["api_key.add", "user.role"]);
    // Auckland (UTC+13 in March) is already on 5 Mar at 12:00 UTC on 4 Mar.
    expect(await actionsOf({ from: "2026-03-05" }, "Pacific/Auckland")).toEqual(["review.decision", "withdrawal.submit"]);
    expect(await actionsOf({ to: "2026-03-04" }, "Pacific/Auckland")).toEqual(["api_key.add", "user.add", "user.role"]);
    // New York (UTC-5) is still on 2 Mar at 00:00 UTC on 3 Mar.
    expect(await actionsOf({ to: "2026-03-02" }, "America/New_York")).toEqual(["api_key.add", "user.add", "user.role"]);
  });

  it("combines filters", async () => {
    expect(await actionsOf({ actor: team.admin.id, target: "user", from: "2026-03-02" })).toEqual(["user.role"]);
    expect(await actionsOf({ action: "user.add", actor: team.admin.id })).toEqual(["user.add"]);
    const res = await queryAudit(team.org.id, filters({ actor: team.admin.id, to: "2026-03-01" }), "UTC");
    expect(res.total).toBe(1);
    expect(res.pages).toBe(1);
  });

  it("ignores a malformed actor or date from the URL instead of failing the page", async () => {
    const f = filters({ actor: "not-a-uuid", from: "03/02/2026", to: "yesterday", page: "-3" });
    expect(f).toMatchObject({ actor: null, from: null, to: null, page: 1 });
    expect((await queryAudit(team.org.id, f, "UTC")).total).toBe(5);
  });

  it("pages by AUDIT_PAGE_SIZE", async () => {
    const many = await createTeam();
    await testDb().auditLog.createMany({
      data: Array.from({ length: AUDIT_PAGE_SIZE + 3 }, (_, i) => ({
        organizationId: many.org.id,
        action: "user.add",
        actorId: many.admin.id,
        targetType: "user",
        targetId: `u${i}`,
      })),
    });
    const first = await queryAudit(many.org.id, filters({}), "UTC");
    expect(first).toMatchObject({ total: AUDIT_PAGE_SIZE + 3, pages: 2 });
    expect(first.rows).toHaveLength(AUDIT_PAGE_SIZE);
    const second = await queryAudit(many.org.id, filters({ page: "2" }), "UTC");
    expect(second.rows.map((r) => r.targetId)).toEqual(["u2", "u1", "u0"]);
  });
});
