import crypto from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { POST } from "@/app/api/webhooks/[environment]/[surface]/route";
import { setWebhookSecret } from "@/lib/vault";
import { createWebhookRoute } from "@/lib/webhooks/intake";
import { readOne } from "@/lib/ledger/read";
import { storeEvent, type StoreEvent } from "@/lib/webhooks/store";
import { TenantResolver } from "@/lib/webhooks/tenants";
import { signBody } from "@/lib/webhooks/verify";
import { createTeam, testDb, uniqueTestIp } from "@/test/factories";
import type { Environment } from "@/lib/generated/prisma/enums";

let team: Awaited<ReturnType<typeof createTeam>>;
let coreSecret: string;
let proSecret: string;

const params = (environment: string, surface: string) => ({ params: Promise.resolve({ environment, surface }) });

async function setSecret(surface: "core" | "pro", secret: string, environment: Environment = "sandbox") {
  await testDb().$transaction((tx) => setWebhookSecret(tx as never, { organizationId: team.org.id, environment, surface, secret, actorId: team.admin.id }));
}

function coreRequest(body: string, signature: string | null, extra: Record<string, string> = {}) {
  const headers: Record<string, string> = { "content-type": "application/json", "user-agent": "Daya-Webhook/1.0", "x-forwarded-for": "198.51.100.7", ...extra };
  if (signature !== null) headers["x-daya-signature"] = signature;
  return new Request("http://app.test/api/webhooks/sandbox/core", { method: "POST", headers, body });
}

function deposit(id: string, status: string, updatedAt: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    type: "NGN_DEPOSIT",
    funding_account_id: crypto.randomUUID(),
    amount: "150000.00",
    currency: "NGN",
    status,
    created_at: "2026-11-01T10:00:00.000Z",
    updated_at: updatedAt,
    ...extra,
  };
}

async function sendCore(payload: unknown, secret = coreSecret, extra: Record<string, string> = {}) {
  const body = JSON.stringify(payload);
  return POST(coreRequest(body, signBody("core", secret, body), extra), params("sandbox", "core"));
}

const copied = (depositId: string) => readOne({ organizationId: team.org.id, environment: "sandbox" }, "deposit", depositId);

const events = (where: Record<string, unknown> = {}) =>
  testDb().webhookEvent.findMany({ where: { organizationId: team.org.id, ...where }, orderBy: { receivedAt: "asc" } });

beforeEach(async () => {
  team = await createTeam();
  coreSecret = `whsec_core_${crypto.randomBytes(16).toString("hex")}`;
  proSecret = crypto.randomBytes(32).toString("hex");
  await setSecret("core", coreSecret);
  await setSecret("pro", proSecret);
});

describe("webhook intake: signatures", () => {
  it("stores a validly signed core event with every field the event log needs", async () => {
    const id = crypto.randomUUID();
    const res = await sendCore(
      { event: "deposit.received", timestamp: "2026-11-01T10:00:01.000Z", data: deposit(id, "RECEIVED", "2026-11-01T10:00:00.000Z") },
      coreSecret,
      {
        cookie: "session=abc",
        authorization: "Bearer should-not-be-kept",
      },
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ received: true, duplicate: false });
    const [e] = await events();
    expect(e).toMatchObject({
      environment: "sandbox",
      surface: "core",
      name: "deposit.received",
      receivedName: "deposit.received",
      resourceType: "deposit",
      resourceId: id,
      resourceStatus: "RECEIVED",
      signature: "current",
      duplicates: 0,
    });
    expect(e!.occurredAt?.toISOString()).toBe("2026-11-01T10:00:00.000Z");
    const headers = e!.headers as Record<string, string>;
    expect(headers["x-daya-signature"]).toMatch(/^[0-9a-f]{64}$/);
    expect(headers["user-agent"]).toBe("Daya-Webhook/1.0");
    expect(headers.cookie).toBeUndefined();
    expect(headers.authorization).toBeUndefined();
    expect((e!.payload as { data: { amount: string } }).data.amount).toBe("150000.00");
    // The deposit it carries is in the local copy as soon as the delivery is answered.
    expect(await copied(id)).toMatchObject({ data: { id, status: "RECEIVED", amount: "150000.00" } });
  });

  it("refuses a wrong signature with 401, a rejection row and no stored payload", async () => {
    const ip = uniqueTestIp();
    const body = JSON.stringify({
      event: "deposit.completed",
      timestamp: "2026-11-01T10:00:00Z",
      data: deposit(crypto.randomUUID(), "COMPLETED", "2026-11-01T10:00:00Z"),
    });
    const res = await POST(coreRequest(body, signBody("core", "whsec_not_the_right_one", body), { "x-forwarded-for": ip }), params("sandbox", "core"));
    expect(res.status).toBe(401);
    expect(await events()).toHaveLength(0);
    const rejection = await testDb().webhookRejection.findFirstOrThrow({ where: { sourceIp: ip, reason: "signature mismatch" } });
    expect(rejection).toMatchObject({ environment: "sandbox", surface: "core", bodyBytes: Buffer.byteLength(body), userAgent: "Daya-Webhook/1.0" });
    expect(JSON.stringify(rejection)).not.toContain("deposit.completed");
    expect(await testDb().webhookRejection.count({ where: { sourceIp: ip } })).toBe(1);
  });

  it("refuses a missing or malformed signature with 401", async () => {
    const body = JSON.stringify({ event: "deposit.received", data: {} });
    const ip = { "x-forwarded-for": uniqueTestIp() };
    const missing = await POST(coreRequest(body, null, ip), params("sandbox", "core"));
    expect(missing.status).toBe(401);
    const odd = await POST(coreRequest(body, "zz-not-hex", ip), params("sandbox", "core"));
    expect(odd.status).toBe(401);
    // A core signature in the Pro format (and the reverse) is not accepted either.
    const prefixed = await POST(coreRequest(body, signBody("pro", coreSecret, body), ip), params("sandbox", "core"));
    expect(prefixed.status).toBe(401);
    expect(await events()).toHaveLength(0);
    const reasons = (await testDb().webhookRejection.findMany({ where: { sourceIp: ip["x-forwarded-for"] }, orderBy: { at: "asc" } })).map((r) => r.reason);
    expect(reasons.sort()).toEqual(["malformed signature", "malformed signature", "missing signature"]);
  });

  it("accepts the previous secret during the rotation window and a just-rotated secret at once", async () => {
    const id = crypto.randomUUID();
    // Warm the secret cache with the old secret, then rotate.
    expect(
      (await sendCore({ event: "deposit.received", timestamp: "2026-11-01T10:00:00Z", data: deposit(id, "RECEIVED", "2026-11-01T10:00:00Z") })).status,
    ).toBe(200);
    const oldSecret = coreSecret;
    const newSecret = `whsec_core_${crypto.randomBytes(16).toString("hex")}`;
    await setSecret("core", newSecret);
    const viaNew = await sendCore(
      { event: "deposit.processing", timestamp: "2026-11-01T10:00:01Z", data: deposit(id, "PROCESSING", "2026-11-01T10:00:01Z") },
      newSecret,
    );
    expect(viaNew.status).toBe(200);
    const viaOld = await sendCore(
      { event: "deposit.completed", timestamp: "2026-11-01T10:00:02Z", data: deposit(id, "COMPLETED", "2026-11-01T10:00:02Z") },
      oldSecret,
    );
    expect(viaOld.status).toBe(200);
    const rows = await events();
    expect(rows.map((r) => [r.name, r.signature])).toEqual([
      ["deposit.received", "current"],
      ["deposit.processing", "current"],
      ["deposit.completed", "previous"],
    ]);
    // Past the window the old secret is refused.
    await testDb().vaultSecret.updateMany({ where: { organizationId: team.org.id, status: "previous" }, data: { acceptUntil: new Date(Date.now() - 1000) } });
    // A fresh secret cache (another instance, or this one a few seconds later) refuses it.
    const fresh = createWebhookRoute({ tenants: new TenantResolver() });
    const body = JSON.stringify({ event: "deposit.failed", timestamp: "2026-11-01T10:00:03Z", data: deposit(id, "FAILED", "2026-11-01T10:00:03Z") });
    expect((await fresh(coreRequest(body, signBody("core", oldSecret, body)), params("sandbox", "core"))).status).toBe(401);
    expect((await fresh(coreRequest(body, signBody("core", newSecret, body)), params("sandbox", "core"))).status).toBe(200);
  });

  it("verifies Pro deliveries (sha256= prefix) and deduplicates on the signed event id", async () => {
    const eventId = crypto.randomUUID();
    const orderId = crypto.randomUUID();
    const body = JSON.stringify({
      event_id: eventId,
      type: "order.filled",
      timestamp: "2026-11-01T11:00:00.000Z",
      data: {
        order_id: orderId,
        status: "filled",
        side: "buy",
        type: "market",
        filled_quantity: "10.00000000",
        created_at: "2026-11-01T10:59:59.000Z",
        updated_at: "2026-11-01T11:00:00.000Z",
      },
    });
    const send = () =>
      POST(
        new Request("http://app.test/api/webhooks/sandbox/pro", {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "x-webhook-signature": signBody("pro", proSecret, body),
            "x-webhook-event": "order.filled",
            "x-webhook-id": eventId,
            "x-webhook-timestamp": new Date().toISOString(),
          },
          body,
        }),
        params("sandbox", "pro"),
      );
    expect((await send()).status).toBe(200);
    const second = await send();
    expect(second.status).toBe(200);
    expect(await second.json()).toMatchObject({ duplicate: true });
    const rows = await events({ surface: "pro" });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: "order.filled",
      providerEventId: eventId,
      resourceType: "pro_order",
      resourceId: orderId,
      resourceStatus: "filled",
      duplicates: 1,
    });
    expect((rows[0]!.headers as Record<string, string>)["x-webhook-id"]).toBe(eventId);
    // A bare hex signature (core style) is refused on the Pro route.
    const bare = await POST(
      new Request("http://app.test/api/webhooks/sandbox/pro", { method: "POST", headers: { "x-webhook-signature": signBody("core", proSecret, body) }, body }),
      params("sandbox", "pro"),
    );
    expect(bare.status).toBe(401);
  });

  it("does not accept a sandbox secret on the production route, and has no endpoint for other paths", async () => {
    const body = JSON.stringify({ event: "deposit.received", data: deposit(crypto.randomUUID(), "RECEIVED", "2026-11-01T10:00:00Z") });
    const prod = await POST(
      new Request("http://app.test/api/webhooks/production/core", {
        method: "POST",
        headers: { "x-daya-signature": signBody("core", coreSecret, body) },
        body,
      }),
      params("production", "core"),
    );
    expect(prod.status).toBe(401);
    const unknown = await POST(new Request("http://app.test/api/webhooks/staging/core", { method: "POST", body }), params("staging", "core"));
    expect(unknown.status).toBe(404);
    expect(await events()).toHaveLength(0);
  });
});

describe("webhook intake: body checks", () => {
  it("answers 413 for a body over the limit, by Content-Length or by what arrives", async () => {
    const big = JSON.stringify({ event: "deposit.received", data: { pad: "x".repeat(300 * 1024) } });
    const declared = await POST(coreRequest(big, signBody("core", coreSecret, big)), params("sandbox", "core"));
    expect(declared.status).toBe(413);
    // Streamed with no Content-Length.
    const stream = new ReadableStream({
      start(c) {
        c.enqueue(new TextEncoder().encode(big));
        c.close();
      },
    });
    const streamed = await POST(
      new Request("http://app.test/api/webhooks/sandbox/core", {
        method: "POST",
        headers: { "x-daya-signature": signBody("core", coreSecret, big) },
        body: stream,
        duplex: "half",
      } as RequestInit),
      params("sandbox", "core"),
    );
    expect(streamed.status).toBe(413);
    expect(await events()).toHaveLength(0);
  });

  it("answers 400 for a correctly signed body that is not JSON", async () => {
    const body = "{not json";
    const res = await POST(coreRequest(body, signBody("core", coreSecret, body)), params("sandbox", "core"));
    expect(res.status).toBe(400);
    expect(await events()).toHaveLength(0);
  });
});

describe("webhook intake: at least once, out of order, older names", () => {
  it("stores a repeated delivery once and counts the duplicate", async () => {
    const payload = { event: "deposit.completed", timestamp: "2026-11-01T10:00:05Z", data: deposit(crypto.randomUUID(), "COMPLETED", "2026-11-01T10:00:05Z") };
    for (let i = 0; i < 3; i++) expect((await sendCore(payload)).status).toBe(200);
    const rows = await events();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.duplicates).toBe(2);
    expect(rows[0]!.lastDuplicateAt).not.toBeNull();
  });

  it("folds the older and the current name of one change into one row with duplicates=1", async () => {
    const d = deposit(crypto.randomUUID(), "COMPLETED", "2026-11-01T10:00:05Z");
    expect((await sendCore({ event: "deposit.settled", event_id: crypto.randomUUID(), created_at: "2026-11-01T10:00:05Z", data: d })).status).toBe(200);
    expect((await sendCore({ event: "deposit.completed", timestamp: "2026-11-01T10:00:05Z", data: d })).status).toBe(200);
    const rows = await events();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: "deposit.completed", receivedName: "deposit.settled", duplicates: 1 });
  });

  it("maps every older name of the spec's table to its current name", async () => {
    const cases: [string, string, string][] = [
      ["deposit.flagged", "deposit.requires_review", "deposit"],
      ["transfer.flagged", "transfer.requires_review", "transfer"],
      ["transfer.settled", "transfer.completed", "transfer"],
      ["withdrawal.settled", "withdrawal.completed", "withdrawal"],
      ["virtual_account.created", "funding_account.active", "funding_account"],
      ["onramp.created", "funding_account.active", "funding_account"],
      ["onramp.failed", "funding_account.failed", "funding_account"],
    ];
    for (const [older] of cases) {
      expect(
        (
          await sendCore({
            event: older,
            event_id: crypto.randomUUID(),
            created_at: "2026-11-01T10:00:00Z",
            data: { id: crypto.randomUUID(), status: "X", updated_at: "2026-11-01T10:00:00Z" },
          })
        ).status,
      ).toBe(200);
    }
    const rows = await events();
    expect(rows.map((r) => [r.receivedName, r.name, r.resourceType])).toEqual(cases);
  });

  it("never lets an older event overwrite a newer state, whatever the arrival order", async () => {
    const id = crypto.randomUUID();
    // completed (newest) arrives first, then received and processing.
    await sendCore({ event: "deposit.completed", timestamp: "2026-11-01T10:00:09Z", data: deposit(id, "COMPLETED", "2026-11-01T10:00:09Z") });
    await sendCore({ event: "deposit.received", timestamp: "2026-11-01T10:00:01Z", data: deposit(id, "RECEIVED", "2026-11-01T10:00:01Z") });
    await sendCore({ event: "deposit.processing", timestamp: "2026-11-01T10:00:05Z", data: deposit(id, "PROCESSING", "2026-11-01T10:00:05Z") });
    expect(await copied(id)).toMatchObject({ data: { status: "COMPLETED" } });
    expect(await events()).toHaveLength(3);

    // Same instant (the sandbox emits received and completed together): the later status wins.
    const same = crypto.randomUUID();
    await sendCore({ event: "deposit.completed", timestamp: "2026-11-01T10:00:00Z", data: deposit(same, "COMPLETED", "2026-11-01T10:00:00Z") });
    await sendCore({ event: "deposit.received", timestamp: "2026-11-01T10:00:00Z", data: deposit(same, "RECEIVED", "2026-11-01T10:00:00Z") });
    expect(await copied(same)).toMatchObject({ data: { status: "COMPLETED" } });
  });

  it("keeps an unknown event name instead of dropping it", async () => {
    const res = await sendCore({ event: "payout.rerouted", timestamp: "2026-11-01T10:00:00Z", data: { id: "po_123", status: "REROUTED" } });
    expect(res.status).toBe(200);
    expect((await events())[0]).toMatchObject({ name: "payout.rerouted", receivedName: "payout.rerouted", resourceType: "payout", resourceId: "po_123" });
    const odd = await sendCore({ something: "else" });
    expect(odd.status).toBe(200);
    expect((await events()).map((e) => e.name)).toEqual(["payout.rerouted", "unknown"]);
  });
});

describe("webhook intake: secrets unreadable", () => {
  it("answers 503 (the provider retries) when the secrets cannot be read, and records no rejection", async () => {
    const ip = uniqueTestIp();
    const route = createWebhookRoute({
      tenants: new TenantResolver(async () => {
        throw new Error("connection refused");
      }),
    });
    const body = JSON.stringify({ event: "deposit.received", data: deposit(crypto.randomUUID(), "RECEIVED", "2026-11-01T10:00:00Z") });
    const res = await route(coreRequest(body, signBody("core", coreSecret, body), { "x-forwarded-for": ip }), params("sandbox", "core"));
    expect(res.status).toBe(503);
    expect(await testDb().webhookRejection.count({ where: { sourceIp: ip } })).toBe(0);
    expect(await events()).toHaveLength(0);
  });
});

describe("webhook intake: storage failure", () => {
  it("answers 503 when the event cannot be stored, and the retried delivery is stored once", async () => {
    let failures = 1;
    const flaky: StoreEvent = async (e) => {
      if (failures-- > 0) throw new Error("connection terminated unexpectedly");
      return storeEvent(e);
    };
    const route = createWebhookRoute({ store: flaky });
    const body = JSON.stringify({
      event: "deposit.completed",
      timestamp: "2026-11-01T10:00:05Z",
      data: deposit(crypto.randomUUID(), "COMPLETED", "2026-11-01T10:00:05Z"),
    });
    const first = await route(coreRequest(body, signBody("core", coreSecret, body)), params("sandbox", "core"));
    expect(first.status).toBe(503);
    expect(await events()).toHaveLength(0);
    const retry = await route(coreRequest(body, signBody("core", coreSecret, body)), params("sandbox", "core"));
    expect(retry.status).toBe(200);
    const again = await route(coreRequest(body, signBody("core", coreSecret, body)), params("sandbox", "core"));
    expect(again.status).toBe(200);
    const rows = await events();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.duplicates).toBe(1);
  });
});

describe("webhook intake: concurrent deliveries (one write batch)", () => {
  it("stores each change once and keeps the newest state when everything arrives at once", async () => {
    const id = crypto.randomUUID();
    const story = [
      { event: "deposit.received", timestamp: "2026-11-01T10:00:00Z", data: deposit(id, "RECEIVED", "2026-11-01T10:00:00Z") },
      { event: "deposit.processing", timestamp: "2026-11-01T10:00:01Z", data: deposit(id, "PROCESSING", "2026-11-01T10:00:01Z") },
      { event: "deposit.completed", timestamp: "2026-11-01T10:00:02Z", data: deposit(id, "COMPLETED", "2026-11-01T10:00:02Z") },
      { event: "deposit.settled", event_id: crypto.randomUUID(), created_at: "2026-11-01T10:00:02Z", data: deposit(id, "COMPLETED", "2026-11-01T10:00:02Z") },
    ];
    const others = Array.from({ length: 20 }, (_, i) => ({
      event: "transfer.processing",
      timestamp: "2026-11-01T10:00:00Z",
      data: { id: `tr-${i}-${id}`, status: "PROCESSING", updated_at: "2026-11-01T10:00:00Z" },
    }));
    // Newest first, each delivered three times, all concurrently.
    const deliveries: unknown[] = [...[...story].reverse().flatMap((p) => [p, p, p]), ...others];
    const answers = await Promise.all(deliveries.map((p) => sendCore(p)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const rows = await events({ resourceId: id });
    expect(rows.map((r) => r.name).sort()).toEqual(["deposit.completed", "deposit.processing", "deposit.received"]);
    const completed = rows.find((r) => r.name === "deposit.completed")!;
    expect(completed.duplicates).toBe(5); // three deliveries of each name, one row
    expect(rows.find((r) => r.name === "deposit.received")!.duplicates).toBe(2);
    expect(await copied(id)).toMatchObject({ data: { status: "COMPLETED" } });
    expect(await testDb().webhookEvent.count({ where: { organizationId: team.org.id, resourceType: "transfer" } })).toBe(20);
    const bodies = (await Promise.all(answers.map((a) => a.json()))) as { duplicate: boolean }[];
    expect(bodies.filter((b) => !b.duplicate)).toHaveLength(23);
  });
});

describe("webhook intake: a payload jsonb cannot hold", () => {
  it("stores an event carrying a NUL character (replaced) instead of refusing it on every retry", async () => {
    const good = Array.from({ length: 5 }, () => ({
      event: "deposit.received",
      timestamp: "2026-11-01T10:00:00Z",
      data: deposit(crypto.randomUUID(), "RECEIVED", "2026-11-01T10:00:00Z"),
    }));
    const odd = {
      event: "deposit.received",
      timestamp: "2026-11-01T10:00:00Z",
      data: deposit(crypto.randomUUID(), "RECEIVED", "2026-11-01T10:00:00Z", { note: "a\u0000b" }),
    };
    const answers = await Promise.all([...good, odd].map((p) => sendCore(p)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const stored = await events({ resourceId: odd.data.id });
    expect((stored[0]!.payload as { data: { note: string } }).data.note).toBe("a\uFFFDb");
    expect(await events()).toHaveLength(6);
  });
});
