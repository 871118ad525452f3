/**
 * Security promise of /api/metrics: the deployment's figures only for the operator's METRICS_TOKEN;
 * an organization's admin sees that organization's figures and nothing about other tenants; no
 * answer names a key, a key's hash or prefix, or a vault record's id.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { noteBudgetKey } from "@/lib/metrics";
import { WINDOW_MS, keyHash } from "@/lib/upstream/budget";
import { surfaceBaseUrl } from "@/lib/upstream/config";
import { addApiKey } from "@/lib/vault";
import { createTeam, testDb } from "@/test/factories";
import { signInAs, signOutTest } from "@/test/session";
import { filePendingApprovals, type Team } from "@/test/fixtures";
import { GET } from "./route";

const TOKEN = "metrics-token-for-tests-0123456789abcdef";
process.env.METRICS_TOKEN = TOKEN; // read by lib/env.ts on first use

let mine: Team;
let theirs: Team;
let theirKey: { id: string; prefix: string; last4: string; hash: string };

const scrape = (headers: Record<string, string> = {}) => GET(new Request("http://localhost/api/metrics", { headers }));
const asAdminOf = async (team: Team) => signInAs(await testDb().user.findUniqueOrThrow({ where: { id: team.admin.id } }));
const gauge = (text: string, name: string, labels: string) => Number(new RegExp(`^${name}\\{${labels}\\} (\\d+)$`, "m").exec(text)?.[1] ?? NaN);

beforeAll(async () => {
  [mine, theirs] = await Promise.all([createTeam(), createTeam()]);
  await Promise.all([filePendingApprovals(mine, 2), filePendingApprovals(theirs, 3)]);
  // The other organization has a key that spent 40 requests this minute, on this instance.
  const key = `sk_sandbox_${randomUUID().replace(/-/g, "")}`;
  const stored = await db.$transaction((tx) =>
    addApiKey(tx, { organizationId: theirs.org.id, environment: "sandbox", surface: "core", key, scopes: ["Read"], actorId: theirs.admin.id }),
  );
  const hash = keyHash(key, new URL(surfaceBaseUrl("core", "sandbox")).origin);
  // As the upstream client notes a key it used; the record's id rides along to prove it is never shown.
  const used = { keyId: stored.id, surface: "core", environment: "sandbox" };
  noteBudgetKey(hash, used);
  await testDb().rateBudget.create({ data: { keyHash: hash, windowStart: new Date(Math.floor(Date.now() / WINDOW_MS) * WINDOW_MS), count: 40 } });
  theirKey = { id: stored.id, prefix: stored.prefix, last4: stored.last4, hash };
});

describe("an organization's admin sees only their organization", () => {
  it("counts my organization's queues, not another's", async () => {
    await asAdminOf(mine);
    const res = await scrape();
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(gauge(text, "merchant_ops_approvals_pending", 'environment="sandbox"')).toBe(2);
    // The per-instance counters mix every tenant's traffic: not for an organization's admin.
    expect(text).not.toMatch(/^# TYPE merchant_ops_requests_total /m);
    expect(text).not.toMatch(/^# TYPE merchant_ops_webhook_deliveries_total /m);
  });

  it("shows another organization's admin their own key's budget, by surface and environment only", async () => {
    await asAdminOf(theirs);
    const text = await (await scrape()).text();
    expect(gauge(text, "merchant_ops_approvals_pending", 'environment="sandbox"')).toBe(3);
    expect(gauge(text, "merchant_ops_upstream_rate_budget_remaining", 'surface="core",environment="sandbox"')).toBe(55);
    for (const secret of [theirKey.hash.slice(0, 12), theirKey.id, `${theirKey.prefix}`, "key_hash", "key_id"]) expect(text).not.toContain(secret);
  });
});

describe("the operator's token reads the deployment", () => {
  it("counts every organization, and still names no key", async () => {
    signOutTest();
    const text = await (await scrape({ authorization: `Bearer ${TOKEN}` })).text();
    expect(text).toMatch(/^# TYPE merchant_ops_requests_total counter$/m);
    expect(gauge(text, "merchant_ops_approvals_pending", 'environment="sandbox"')).toBeGreaterThanOrEqual(5);
    expect(gauge(text, "merchant_ops_upstream_rate_budget_remaining", 'surface="core",environment="sandbox"')).toBeLessThanOrEqual(55);
    for (const secret of [theirKey.hash.slice(0, 12), theirKey.id, theirKey.prefix, "key_hash", "key_id"]) expect(text).not.toContain(secret);
  });
});
