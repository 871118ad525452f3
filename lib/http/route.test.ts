import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { SEED_KEYS, withEmulator, type TestEmulator } from "@/emulator/testing";
import * as core from "@/lib/upstream/core";
import { UpstreamError, errorFromResponse } from "@/lib/upstream/errors";
import { emulatorClient, fixedKeys } from "@/lib/upstream/testing";
import { createTeam, testDb } from "@/test/factories";
import { signInAs, signOutTest } from "@/test/session";
import { defineRoute } from "./route";

let team: Awaited<ReturnType<typeof createTeam>>;
let emu: TestEmulator;
const as = async (who: "viewer" | "operator" | "approver" | "admin") => signInAs(await testDb().user.findUniqueOrThrow({ where: { id: team[who].id } }));
const call = (handler: (r: Request) => Promise<Response>, qs = "") =>
  handler(new Request(`http://localhost/api/test${qs}`, { headers: { "x-request-id": "req-route-1" } }));

beforeAll(async () => {
  emu = await withEmulator({ rateLimitPerMinute: 0, logLevel: "silent" });
});
afterAll(() => emu.close());
beforeEach(async () => {
  team = await createTeam();
  signOutTest();
});

const balanceRoute = defineRoute({ permission: "data:read" }, async ({ user }) => {
  const client = emulatorClient(testDb(), emu.url, fixedKeys({ core: SEED_KEYS.full }), { budgetLimit: 100_000 });
  const r = await core.getMerchantBalance({ client, organizationId: user.organizationId, environment: user.environment });
  return { data: r.data.data, fetchedAt: r.fetchedAt, stale: r.stale };
});
const adminRoute = defineRoute({ permission: "keys:manage" }, async () => ({ ok: true }));
const listRoute = defineRoute(
  {
    permission: "data:read",
    query: z.object({ limit: z.coerce.number().int().min(1).max(100).default(20), status: z.enum(["PENDING", "SETTLED"]).optional() }),
  },
  async ({ query }) => ({ query }),
);
const failing = (err: unknown) => defineRoute({ permission: "data:read" }, async () => Promise.reject(err));

describe("GET route handlers, called directly as each role", () => {
  it("answer 401 with a sentence without a session", async () => {
    const res = await call(balanceRoute);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: "Your session has ended. Sign in again." });
  });

  it.each(["viewer", "operator", "approver", "admin"] as const)("serve a read to a %s, from the provider", async (role) => {
    await as(role);
    const res = await call(balanceRoute);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = (await res.json()) as { data: { collection_balance_usd: string }; stale: boolean };
    expect(body.data.collection_balance_usd).toMatch(/^\d+\.\d{2}$/);
    expect(body.stale).toBe(false);
  });

  it.each(["viewer", "operator", "approver"] as const)("answer 403 to a %s on an admin-only route", async (role) => {
    await as(role);
    const res = await call(adminRoute);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: "Your role does not allow this. Ask an admin if you need it." });
  });

  it("let an admin through an admin-only route", async () => {
    await as("admin");
    expect((await call(adminRoute)).status).toBe(200);
  });

  it("validate the query: 400 with field errors, defaults applied when valid", async () => {
    await as("viewer");
    const bad = await call(listRoute, "?limit=500&status=NOPE");
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as { error: string; fieldErrors: Record<string, string> };
    expect(body.error).toBe("Some filters need attention.");
    expect(Object.keys(body.fieldErrors).sort()).toEqual(["limit", "status"]);
    const ok = await call(listRoute, "?status=PENDING");
    expect(await ok.json()).toEqual({ query: { limit: 20, status: "PENDING" } });
  });

  it("turn an upstream failure into its sentence and a fitting status, never a raw 429", async () => {
    await as("viewer");
    const op = { surface: "core" as const, environment: "sandbox" as const, method: "GET" as const, path: "/deposits" };
    const limited = errorFromResponse({
      op,
      status: 429,
      body: { error: { code: "rate_limited", message: "Rate limit exceeded: 100 requests" } },
      requestId: "up-1",
      retryAfterHeader: "30",
    });
    const res = await call(failing(limited));
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("30");
    expect(await res.json()).toEqual({
      error: "The provider's request limit for this key is reached. Try again in 30 seconds.",
      code: "rate_limited",
      // Ours, as in the logs and the X-Request-Id sent upstream; the provider's beside it.
      requestId: "req-route-1",
      upstreamRequestId: "up-1",
      retryAfterSeconds: 30,
    });
    const down = errorFromResponse({ op, status: 503, body: null, requestId: "up-2" });
    expect((await call(failing(down))).status).toBe(503);
    const badKey = errorFromResponse({ op, status: 401, body: { error: { code: "unauthorized", message: "x" } }, requestId: null });
    const r401 = await call(failing(badKey));
    expect(r401.status).toBe(424); // our key is the problem, not the browser's session
    expect(((await r401.json()) as { error: string }).error).toMatch(/wrong or has been revoked/);
  });

  it("show only a request id for anything unexpected", async () => {
    await as("viewer");
    const res = await call(failing(new Error("internal detail 7f3a not for users")));
    expect(res.status).toBe(500);
    const body = await res.text();
    expect(body).not.toContain("7f3a");
    expect(JSON.parse(body)).toEqual({ error: "Something went wrong on our side. Reference req-route-1.", requestId: "req-route-1" });
  });

  it("is an UpstreamError instance check, not a duck type", () => {
    expect(
      errorFromResponse({ op: { surface: "pro", environment: "sandbox", method: "GET", path: "/x" }, status: 404, body: null, requestId: null }),
    ).toBeInstanceOf(UpstreamError);
  });
});
