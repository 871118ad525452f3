/**
 * Promise: the open webhook endpoint holds up under abuse. Forged deliveries are cheap (no secret
 * is decrypted per delivery), refusals are limited per source address across every instance and
 * kept for a bounded time and count, and a captured Pro delivery resent under a new X-Webhook-ID is
 * not stored again.
 */
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { POST } from "@/app/api/webhooks/[environment]/[surface]/route";
import { setWebhookSecret } from "@/lib/vault";
import { createWebhookRoute } from "@/lib/webhooks/intake";
import { pruneRejections, RefusalRecorder, REFUSALS_PER_MINUTE } from "@/lib/webhooks/rejections";
import { loadTenantSecrets, TenantResolver, type LoadTenantSecrets } from "@/lib/webhooks/tenants";
import { signBody } from "@/lib/webhooks/verify";
import { createTeam, testDb, uniqueTestIp } from "@/test/factories";
import { proDelivery } from "@/test/fixtures";
import type { Environment } from "@/lib/generated/prisma/enums";

const params = (environment: string, surface: string) => ({ params: Promise.resolve({ environment, surface }) });

function coreRequest(body: string, signature: string, ip: string) {
  return new Request("http://app.test/api/webhooks/production/core", {
    method: "POST",
    headers: { "content-type": "application/json", "x-daya-signature": signature, "x-forwarded-for": ip },
    body,
  });
}

async function withSecret(environment: Environment, surface: "core" | "pro") {
  const team = await createTeam();
  const secret = crypto.randomBytes(32).toString("hex");
  await testDb().$transaction((tx) => setWebhookSecret(tx as never, { organizationId: team.org.id, environment, surface, secret, actorId: team.admin.id }));
  return { team, secret };
}

const uniqueIp = uniqueTestIp;

/** Waits out the end of a minute, so a test counting per-minute refusals stays inside one. */
async function notNearMinuteEnd() {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 8_000) await new Promise((r) => setTimeout(r, left + 200));
}

describe("forged deliveries are cheap", () => {
  it("decrypts no secret per forged delivery, with 50 organizations", async () => {
    const orgs: { secret: string }[] = [];
    for (let i = 0; i < 50; i++) {
      const org = await testDb().organization.create({ data: { name: `Flood target ${i}` } });
      const secret = crypto.randomBytes(32).toString("hex");
      await testDb().$transaction((tx) =>
        setWebhookSecret(tx as never, { organizationId: org.id, environment: "production", surface: "core", secret, actorId: null }),
      );
      orgs.push({ secret });
    }
    let loads = 0;
    const counting: LoadTenantSecrets = (e, s) => (loads++, loadTenantSecrets(e, s));
    const route = createWebhookRoute({ tenants: new TenantResolver(counting) });
    const body = JSON.stringify({ event: "deposit.completed", data: { id: crypto.randomUUID(), status: "COMPLETED" } });

    for (let i = 0; i < 20; i++) {
      const res = await route(coreRequest(body, signBody("core", `forged-${i}`, body), uniqueIp()), params("production", "core"));
      expect(res.status).toBe(401);
    }
    // One read (and decryption) of the secrets for the whole flood, not one per delivery. (Another
    // test file setting a production secret meanwhile changes the fingerprint: one more read each.)
    const flood = loads;
    expect(flood).toBeGreaterThanOrEqual(1);
    expect(flood).toBeLessThanOrEqual(3);

    // A genuine delivery is still accepted from the same cache.
    const genuine = await route(coreRequest(body, signBody("core", orgs[7]!.secret, body), uniqueIp()), params("production", "core"));
    expect(genuine.status).toBe(200);

    // A secret set a moment ago still works at once: the secrets' fingerprint changed, so they are read again.
    const late = await withSecret("production", "core");
    const fresh = await route(coreRequest(body, signBody("core", late.secret, body), uniqueIp()), params("production", "core"));
    expect(fresh.status).toBe(200);
    expect(loads).toBeGreaterThan(flood);
  }, 60_000);
});

describe("refusals are limited per source address", () => {
  it("answers 429 past the limit and stops writing refusals, counted across instances", async () => {
    await notNearMinuteEnd();
    const ip = uniqueIp();
    // Two app instances: each its own memory, one shared count in PostgreSQL.
    const instances = [new RefusalRecorder(), new RefusalRecorder()].map((r) =>
      createWebhookRoute({ reject: (x) => r.record(x), throttled: (x) => r.blocked(x) }),
    );
    const body = "{}";
    const statuses: number[] = [];
    for (let i = 0; i < REFUSALS_PER_MINUTE + 5; i++) {
      const res = await instances[i % 2]!(coreRequest(body, signBody("core", "not-a-secret", body), ip), params("sandbox", "core"));
      statuses.push(res.status);
      if (res.status === 429) expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    expect(statuses.slice(0, REFUSALS_PER_MINUTE).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(REFUSALS_PER_MINUTE)).toEqual([429, 429, 429, 429, 429]);
    expect(await testDb().webhookRejection.count({ where: { sourceIp: ip } })).toBe(REFUSALS_PER_MINUTE);

    // Another source is not affected.
    const other = await POST(coreRequest(body, signBody("core", "not-a-secret", body), uniqueIp()), params("sandbox", "core"));
    expect(other.status).toBe(401);
  }, 60_000);

  it("still accepts a genuine delivery from a source over the limit", async () => {
    await notNearMinuteEnd();
    const { secret } = await withSecret("sandbox", "core");
    const ip = uniqueIp();
    const recorder = new RefusalRecorder(2);
    const route = createWebhookRoute({ reject: (x) => recorder.record(x), throttled: (x) => recorder.blocked(x) });
    const body = JSON.stringify({ event: "deposit.completed", data: { id: crypto.randomUUID(), status: "COMPLETED" } });
    for (const expected of [401, 401, 429, 429]) {
      expect((await route(coreRequest(body, signBody("core", "forged", body), ip), params("sandbox", "core"))).status).toBe(expected);
    }
    expect((await route(coreRequest(body, signBody("core", secret, body), ip), params("sandbox", "core"))).status).toBe(200);
  });
});

describe("refused deliveries are kept for a bounded time and count", () => {
  it("prunes refusals past their retention and beyond the newest rows", async () => {
    const tag = crypto.randomUUID();
    const row = (daysAgo: number, i: number) => ({
      environment: "sandbox" as const,
      surface: "core" as const,
      reason: "signature mismatch",
      sourceIp: `${tag}-${i}`,
      bodyBytes: 2,
      at: new Date(Date.now() - daysAgo * 86_400_000 - i * 1000),
    });
    await testDb().webhookRejection.createMany({ data: [row(45, 0), row(31, 1), ...Array.from({ length: 10 }, (_, i) => row(1, i + 2))] });
    await pruneRejections();
    const left = await testDb().webhookRejection.findMany({ where: { sourceIp: { startsWith: tag } }, orderBy: { at: "desc" } });
    expect(left.map((r) => r.sourceIp)).toEqual(Array.from({ length: 10 }, (_, i) => `${tag}-${i + 2}`));

    const total = await testDb().webhookRejection.count();
    await pruneRejections({ maxRows: 5 });
    expect(await testDb().webhookRejection.count()).toBe(Math.min(total, 5));
  });
});

describe("a captured Pro delivery", () => {
  it("resent with a new X-Webhook-ID is the same event, not a second one", async () => {
    const { team, secret } = await withSecret("sandbox", "pro");
    const eventId = crypto.randomUUID();
    const body = JSON.stringify({
      event_id: eventId,
      type: "order.filled",
      timestamp: new Date().toISOString(),
      data: { order_id: crypto.randomUUID(), status: "filled", updated_at: new Date().toISOString() },
    });
    const send = (webhookId: string) =>
      POST(proDelivery(secret, body, webhookId, { "x-webhook-timestamp": new Date().toISOString() }), params("sandbox", "pro"));
    expect(await (await send(eventId)).json()).toMatchObject({ duplicate: false });
    const replay = await send(crypto.randomUUID());
    expect(replay.status).toBe(200);
    expect(await replay.json()).toMatchObject({ duplicate: true });
    const rows = await testDb().webhookEvent.findMany({ where: { organizationId: team.org.id, surface: "pro" } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ providerEventId: eventId, duplicates: 1 });
  });
});
