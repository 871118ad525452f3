/**
 * The legacy reads against real emulators (a sandbox one, and a live-mode one standing in for
 * production) and a real PostgreSQL holding the organization's keys and the local copy, filled
 * from the emulators the way the sync fills it.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEED_KEYS, withEmulator, type TestEmulator } from "@/emulator/testing";
import type { CurrentUser } from "@/lib/auth/session";
import { UpstreamError } from "@/lib/upstream";
import * as vault from "@/lib/vault";
import { createTeam, testDb } from "@/test/factories";
import { fillCopy } from "@/test/ledger";
import { parseLegacyFilters } from "./filters";
import { orProblem, readPayout, readPayouts, readRamp, readRamps } from "./read";
import type { Environment } from "@/lib/generated/prisma/enums";

let sandbox: TestEmulator;
let live: TestEmulator;
let user: CurrentUser;
let noRead: CurrentUser;

async function teamWith(keys: { sandbox: string; production?: string }): Promise<CurrentUser> {
  const team = await createTeam();
  for (const [environment, key] of Object.entries(keys) as [Environment, string][]) {
    await testDb().$transaction((tx) =>
      vault.addApiKey(tx as never, {
        organizationId: team.org.id,
        environment,
        surface: "core",
        key,
        scopes: ["Read", "Write", "Trade"],
        actorId: team.admin.id,
      }),
    );
  }
  const v = team.viewer;
  return { id: v.id, name: v.name, email: v.email, role: "viewer", organizationId: team.org.id, environment: "sandbox" };
}

beforeAll(async () => {
  [sandbox, live] = await Promise.all([
    withEmulator({ rateLimitPerMinute: 0, logLevel: "silent" }),
    withEmulator({ mode: "live", rateLimitPerMinute: 0, logLevel: "silent" }),
  ]);
  process.env.UPSTREAM_SANDBOX_CORE_URL = sandbox.url;
  process.env.UPSTREAM_PRODUCTION_CORE_URL = live.url;
  user = await teamWith({ sandbox: SEED_KEYS.full, production: SEED_KEYS.live });
  noRead = await teamWith({ sandbox: SEED_KEYS.noread });
  const kinds = ["payout", "onramp", "offramp", "funding_account", "deposit", "customer"];
  await fillCopy(user, kinds);
  await fillCopy({ ...user, environment: "production" }, ["payout"]);
  await fillCopy(noRead, ["payout"]);
}, 120_000);

afterAll(async () => {
  await Promise.all([sandbox?.close(), live?.close()]);
});

describe("payouts", () => {
  it("pages through the seeded payouts, newest first, at the default and a chosen size", async () => {
    const first = await readPayouts(user, parseLegacyFilters("payouts", {}));
    expect(first).toMatchObject({ page: 1, pages: 3, total: 45, stale: false, ignored: [] });
    expect(first.rows).toHaveLength(20);
    const created = first.rows.map((p) => p.created_at ?? "");
    expect([...created].sort().reverse()).toEqual(created);
    const last = await readPayouts(user, parseLegacyFilters("payouts", { page: "3" }));
    expect(last.rows).toHaveLength(5);
    expect(last.rows.map((p) => p.id)).not.toContain(first.rows[0]!.id);
    const all = await readPayouts(user, parseLegacyFilters("payouts", { limit: "100" }));
    expect(all).toMatchObject({ pages: 1, total: 45 });
    expect(all.rows).toHaveLength(45);
  });

  it("filters by type and status as the provider does", async () => {
    const ngn = await readPayouts(user, parseLegacyFilters("payouts", { type: "NGN_PAYOUT", limit: "100" }));
    expect(ngn.total).toBe(30);
    expect(ngn.rows.every((p) => p.type === "NGN_PAYOUT")).toBe(true);
    const failed = await readPayouts(user, parseLegacyFilters("payouts", { status: "FAILED", type: "NGN_PAYOUT" }));
    expect(failed.total).toBe(5);
    expect(failed.rows.every((p) => p.status === "FAILED" && p.type === "NGN_PAYOUT")).toBe(true);
    // Every seeded failure is an NGN one: the combined filter answers an empty page, not an error.
    expect(await readPayouts(user, parseLegacyFilters("payouts", { status: "FAILED", type: "CRYPTO_PAYOUT" }))).toMatchObject({ rows: [], total: 0, pages: 1 });
  });

  it("reports what it ignored and still reads the rest", async () => {
    const r = await readPayouts(user, parseLegacyFilters("payouts", { type: "BOGUS", status: "SETTLED" }));
    expect(r.ignored.map((i) => i.param)).toEqual(["type"]);
    expect(r.rows.every((p) => p.status === "SETTLED")).toBe(true);
  });

  it("reads one payout from the copy, and an unknown id is the provider's not-found", async () => {
    const { rows } = await readPayouts(user, parseLegacyFilters("payouts", {}));
    const one = await readPayout(user, rows[0]!.id);
    expect(one.payout).toEqual(rows[0]);
    await expect(readPayout(user, randomUUID())).rejects.toMatchObject({ kind: "not_found" });
  });

  it("reads production's payouts with the production key when the user works in production", async () => {
    const r = await readPayouts({ ...user, environment: "production" }, parseLegacyFilters("payouts", { limit: "5" }));
    expect(r).toMatchObject({ total: 45, pages: 9 });
  });

  it("shows a key without the Read scope as the provider's refusal in words beside an empty copy, not an exception", async () => {
    const r = await readPayouts(noRead, parseLegacyFilters("payouts", {}));
    expect(r).toMatchObject({ rows: [], total: 0 });
    expect(r.synced?.error).toMatch(/\w/);
    // A provider refusal of a read still becomes a sentence where a page reads the provider itself.
    const refused = await orProblem(
      Promise.reject(
        new UpstreamError({ kind: "missing_scope", status: 403, code: "forbidden", message: "missing Read", userMessage: "No Read scope.", surface: "core" }),
      ),
    );
    expect(refused).toEqual({ problem: "No Read scope." });
  });
});

describe("onramps and offramps", () => {
  it("lists the seeded onramps with their customers' names, and filters by status and customer", async () => {
    const all = await readRamps(user, "onramps", parseLegacyFilters("onramps", {}));
    expect(all.total).toBe(5);
    for (const r of all.rows) expect(all.customerNames[r.customer_id!]).toMatch(/\w+ \w+/);
    const expired = await readRamps(user, "onramps", parseLegacyFilters("onramps", { status: "EXPIRED" }));
    expect(expired.total).toBe(2);
    expect(expired.rows.every((r) => r.status === "EXPIRED" && r.type === "TEMPORARY")).toBe(true);
    const one = await readRamps(user, "onramps", parseLegacyFilters("onramps", { customer: all.rows[0]!.customer_id! }));
    expect(one.rows.map((r) => r.id)).toEqual([all.rows[0]!.id]);
    const paged = await readRamps(user, "onramps", parseLegacyFilters("onramps", { limit: "2", page: "3" }));
    expect(paged).toMatchObject({ page: 3, pages: 3, total: 5 });
    expect(paged.rows).toHaveLength(1);
  });

  it("shows an onramp with its customer, the NGN funding accounts that replace it and its deposits", async () => {
    const { rows } = await readRamps(user, "onramps", parseLegacyFilters("onramps", { limit: "100" }));
    // The oldest onramp is the one the seed's legacy NGN deposits came through.
    const oldest = rows[rows.length - 1]!;
    const v = await readRamp(user, "onramps", oldest.id);
    expect(v.ramp.id).toBe(oldest.id);
    expect(v.customer).toMatchObject({ id: oldest.customer_id });
    expect(v.replacements!.every((a) => a.rail === "NGN_VIRTUAL_ACCOUNT" && a.customer_id === oldest.customer_id)).toBe(true);
    expect(v.deposits!.length).toBeGreaterThan(0);
    expect(v.deposits!.every((d) => d.onramp_id === oldest.id)).toBe(true);
  });

  it("shows an offramp with the crypto funding accounts that replace it and its deposits", async () => {
    const { rows } = await readRamps(user, "offramps", parseLegacyFilters("offramps", { limit: "100" }));
    expect(rows).toHaveLength(5);
    const oldest = rows[rows.length - 1]!;
    const v = await readRamp(user, "offramps", oldest.id);
    expect(v.replacements!.every((a) => a.rail === "CRYPTO_ADDRESS" && a.customer_id === oldest.customer_id)).toBe(true);
    expect(v.deposits!.length).toBeGreaterThan(0);
    expect(v.deposits!.every((d) => d.offramp_id === oldest.id && d.type === "CRYPTO_DEPOSIT")).toBe(true);
    await expect(readRamp(user, "offramps", randomUUID())).rejects.toMatchObject({ kind: "not_found" });
  });
});
