/**
 * /api/metrics: Prometheus text for a scraper with the METRICS_TOKEN bearer or a signed-in admin,
 * refused to everyone else; counts requests, webhook deliveries and upstream calls, and reads queue
 * depths and the rate budget left per surface and environment from the database, never naming a key.
 */
import { createHash, randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as approvalsCount } from "@/app/api/approvals/count/route";
import { POST as webhook } from "@/app/api/webhooks/[environment]/[surface]/route";
import { ROLES, type Role } from "@/lib/auth/permissions";
import { BUCKET_MS } from "@/lib/upstream/budget";
import { createTeam, testDb } from "@/test/factories";
import { signOutTest } from "@/test/session";
import { GET } from "./route";
import { filePendingApprovals, signInAsMember, type Team } from "@/test/fixtures";

const TOKEN = "metrics-token-for-tests-0123456789abcdef";
process.env.METRICS_TOKEN = TOKEN; // read by lib/env.ts on first use

let team: Team;
const as = (who: Role) => signInAsMember(team, who);
const scrape = (headers: Record<string, string> = {}) => GET(new Request("http://localhost/api/metrics", { headers }));

beforeAll(async () => {
  team = await createTeam();
});

describe("who may read /api/metrics", () => {
  it("refuses a caller without a session or token, and every role but admin", async () => {
    signOutTest();
    expect((await scrape()).status).toBe(401);
    for (const role of ROLES.filter((r) => r !== "admin")) {
      await as(role);
      const res = await scrape();
      expect(res.status, role).toBe(403);
      expect(await res.text(), role).not.toContain("# TYPE");
    }
    await as("admin");
    const res = await scrape();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain; version=0.0.4");
  });

  it("lets a scraper in with the right bearer token only, even beside a session", async () => {
    signOutTest();
    expect((await scrape({ authorization: `Bearer ${TOKEN}` })).status).toBe(200);
    await as("admin");
    const wrong = await scrape({ authorization: `Bearer ${TOKEN}x` });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("www-authenticate")).toContain("Bearer");
    expect(await wrong.text()).not.toContain(TOKEN);
  });
});

describe("what /api/metrics reports", () => {
  it("counts route calls, webhook deliveries, queue depths and the budget left per key", async () => {
    await as("viewer");
    await approvalsCount(new Request("http://localhost/api/approvals/count"));
    signOutTest();
    await approvalsCount(new Request("http://localhost/api/approvals/count"));
    const unsigned = new Request("http://localhost/api/webhooks/sandbox/core", { method: "POST", body: "{}", headers: { "content-type": "application/json" } });
    expect((await webhook(unsigned, { params: Promise.resolve({ environment: "sandbox", surface: "core" }) })).status).toBe(401);

    await filePendingApprovals(team, 1);
    const hash = createHash("sha256").update(`metrics-test-${randomUUID()}`).digest("hex");
    // This second's bucket: one from the start of the minute may already lie outside the last 60 s
    // when the scrape comes a moment later.
    const windowStart = new Date(Math.floor(Date.now() / BUCKET_MS) * BUCKET_MS);
    await testDb().rateBudget.create({ data: { keyHash: hash, windowStart, count: 40 } });

    const text = await (await scrape({ authorization: `Bearer ${TOKEN}` })).text();
    expect(text).toMatch(/^merchant_ops_requests_total\{kind="route",name="\/api\/approvals\/count",outcome="ok",status="200"\} [1-9]/m);
    expect(text).toMatch(/^merchant_ops_requests_total\{kind="route",name="\/api\/approvals\/count",outcome="unauthenticated",status="401"\} [1-9]/m);
    expect(text).toMatch(/^merchant_ops_request_duration_seconds_bucket\{kind="route",name="\/api\/approvals\/count",le="\+Inf"\} [1-9]/m);
    expect(text).toMatch(/^merchant_ops_webhook_deliveries_total\{environment="sandbox",surface="core",status="401"\} 1$/m);
    expect(text).toMatch(/^merchant_ops_approvals_pending\{environment="sandbox"\} [1-9]/m);
    expect(text).toMatch(/^merchant_ops_review_queue_deposits\{environment="production"\} \d+$/m);
    expect(text).toMatch(/^merchant_ops_review_decisions_awaiting_confirmation\{environment="sandbox"\} \d+$/m);
    expect(text).toMatch(/^merchant_ops_outbound_deliveries_pending \d+$/m);
    expect(text).toMatch(/^merchant_ops_upstream_rate_budget_limit 95$/m);
    // The tightest key of each surface and environment (this instance never used this one, so its
    // labels are empty): 95 minus this minute's 40 at most. One organization's exact figure is
    // checked in route.security.test.ts.
    const remaining = Number(/^merchant_ops_upstream_rate_budget_remaining\{surface="",environment=""\} (\d+)$/m.exec(text)?.[1]);
    expect(remaining).toBeLessThanOrEqual(55);
    expect(text).not.toContain(hash.slice(0, 12)); // not even a prefix
    expect(text).toMatch(/^merchant_ops_database_up 1$/m);
  });
});
