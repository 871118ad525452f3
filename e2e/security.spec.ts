/**
 * Operations and security through the running app: one request id from the browser to the
 * provider and back (answer, header, log lines), the metrics endpoint's access and content, the
 * readiness endpoint, and a forged server-action call with an oversized body.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import { expect, test } from "./fixtures";
import { emulatorUrl } from "./emulator";
import { SIGNED_OUT, gotoHydrated } from "./helpers";
import { storageStateOf } from "./roles";

test.describe("one request id from the browser to the provider and back", () => {
  test.use({ storageState: storageStateOf("viewer") });

  test("the answer, its X-Request-Id and the app's log lines for the upstream call share the id", async ({ page, request }) => {
    // One deposit nobody has read before, so no cached answer can stand in for the failure.
    const depositId = randomUUID();
    const added = await request.post(`${emulatorUrl()}/__emulator/faults`, { data: { path_prefix: `/v1/deposits/${depositId}`, error_status: 500 } });
    expect(added.ok(), await added.text()).toBe(true);
    try {
      await gotoHydrated(page, "/events");
      const seen = await page.evaluate(async (id) => {
        const res = await fetch(`/api/deposits/${id}`, { headers: { accept: "application/json" } });
        return { status: res.status, header: res.headers.get("x-request-id"), body: (await res.json()) as { error: string; requestId: string } };
      }, depositId);
      expect(seen.status).toBe(503);
      expect(seen.body.error.length).toBeGreaterThan(10);
      expect(seen.header).toBeTruthy();
      expect(seen.body.requestId).toBe(seen.header);

      const file = process.env.APP_LOG_FILE;
      test.skip(!file, "APP_LOG_FILE is not set: this run did not say where the app logs.");
      // Log lines are flushed asynchronously; wait until both ends of the call are there.
      await expect
        .poll(() => {
          const lines = fs
            .readFileSync(file!, "utf8")
            .split("\n")
            .filter((l) => l.includes(seen.header!))
            .map((l) => JSON.parse(l.slice(l.indexOf("{"))) as { requestId?: string; msg?: string; path?: string; upstreamRequestId?: string });
          return lines
            .filter((l) => l.requestId === seen.header)
            .map((l) => `${l.msg}${l.path ? ` ${l.path}` : ""}${l.upstreamRequestId ? " +upstream id" : ""}`);
        })
        .toEqual(expect.arrayContaining([`upstream call failed /deposits/${depositId} +upstream id`, expect.stringMatching(/^route: upstream refused/)]));
    } finally {
      await request.delete(`${emulatorUrl()}/__emulator/faults`);
    }
  });
});

test.describe("metrics", () => {
  test("are refused signed out and to every role but admin", async ({ playwright, baseURL }) => {
    const out = await playwright.request.newContext({ baseURL, storageState: SIGNED_OUT.storageState });
    expect((await out.get("/api/metrics")).status()).toBe(401);
    expect((await out.get("/api/metrics", { headers: { authorization: "Bearer not-the-token-0123456789abcdef0123456789" } })).status()).toBe(401);
    await out.dispose();
    for (const role of ["viewer", "operator", "approver"] as const) {
      const ctx = await playwright.request.newContext({ baseURL, storageState: storageStateOf(role) });
      expect((await ctx.get("/api/metrics")).status(), role).toBe(403);
      await ctx.dispose();
    }
  });

  test("show an admin their organization's queues and budget only, and no key", async ({ playwright, baseURL }) => {
    const ctx = await playwright.request.newContext({ baseURL, storageState: storageStateOf("admin") });
    const res = await ctx.get("/api/metrics");
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toContain("text/plain");
    const text = await res.text();
    for (const name of [
      "merchant_ops_upstream_rate_budget_remaining",
      "merchant_ops_approvals_pending",
      "merchant_ops_review_queue_deposits",
      "merchant_ops_review_decisions_awaiting_confirmation",
      "merchant_ops_outbound_deliveries_pending",
    ]) {
      expect(text, name).toMatch(new RegExp(`^# TYPE ${name} `, "m"));
    }
    // The instance's counters mix every organization's traffic: for the operator's token only.
    expect(text).not.toMatch(/^# TYPE merchant_ops_requests_total /m);
    expect(text).toMatch(/^merchant_ops_database_up 1$/m);
    expect(text).not.toMatch(/sk_(sandbox|live)_|daya_sk_|key_hash|key_id/);
    await ctx.dispose();
  });

  test("are open to a scraper with the METRICS_TOKEN bearer", async ({ playwright, baseURL }) => {
    const token = process.env.METRICS_TOKEN;
    test.skip(!token, "METRICS_TOKEN is not set for this run.");
    const ctx = await playwright.request.newContext({ baseURL, storageState: SIGNED_OUT.storageState });
    const admin = await playwright.request.newContext({ baseURL, storageState: storageStateOf("admin") });
    await admin.get("/api/approvals/count");
    await admin.dispose();
    const res = await ctx.get("/api/metrics", { headers: { authorization: `Bearer ${token}` } });
    expect(res.status()).toBe(200);
    const text = await res.text();
    for (const name of [
      "merchant_ops_requests_total",
      "merchant_ops_request_duration_seconds",
      "merchant_ops_upstream_requests_total",
      "merchant_ops_webhook_deliveries_total",
      "merchant_ops_upstream_rate_budget_remaining",
      "merchant_ops_approvals_pending",
    ]) {
      expect(text, name).toMatch(new RegExp(`^# TYPE ${name} `, "m"));
    }
    expect(text).toMatch(/^merchant_ops_requests_total\{kind="route",name="\/api\/approvals\/count",outcome="ok",status="200"\} [1-9]/m);
    expect(text).not.toMatch(/sk_(sandbox|live)_|daya_sk_|key_hash|key_id/);
    await ctx.dispose();
  });
});

test.describe("readiness and forged calls", () => {
  test.use(SIGNED_OUT);

  test("the app is ready: database and provider reachable", async ({ request }) => {
    const res = await request.get("/api/ready");
    const body = (await res.json()) as { status: string; reason?: string; checks: { database: string; upstream: Record<string, string> } };
    expect(body.checks.database).toBe("ok");
    expect(body.checks.upstream["sandbox core"]).toBe("ok");
    // Ready exactly when every provider host with a key answers (this run's keys are all sandbox ones).
    const allUp = Object.values(body.checks.upstream).every((v) => v === "ok");
    expect({ status: res.status(), body: body.status }).toEqual(allUp ? { status: 200, body: "ready" } : { status: 503, body: "not ready" });
  });

  test("a forged server-action call with an oversized body is refused, not a 500", async ({ request }) => {
    const res = await request.post("/sign-in", {
      headers: { "Next-Action": "7f".padEnd(42, "0"), "Content-Type": "text/plain;charset=UTF-8" },
      data: JSON.stringify(["x".repeat(3_000_000)]),
    });
    expect(res.status()).toBeGreaterThanOrEqual(400);
    expect(res.status()).toBeLessThan(500);
  });
});
