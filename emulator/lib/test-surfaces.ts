/**
 * Small stand-in surface modules for the platform's own tests: they exercise every platform
 * feature (auth, scopes, frozen, idempotency, slices, ticks, webhooks) without depending on the
 * real surfaces' behaviour. Never served by `npm run emulator`.
 */
import { setTimeout as sleep } from "node:timers/promises";
import type { EmuEnv, SurfaceModule, Surface, WebhookDestination } from "./contract";
import { blockIfFrozen, coreError, envelopeError, idempotent, ok, requireScope } from "./http";

interface TestSlice {
  merchant: string;
  seedNumber: number;
  things: Array<{ id: string; n: number; body: unknown }>;
  ticks: number;
  lastTickAt: number | null;
  hooks: WebhookDestination[];
  results: Array<{ url: string; ok: boolean; reason: string | null }>;
}

function seed(merchant: { id: string }, rng: { int(a: number, b: number): number }): TestSlice {
  return { merchant: merchant.id, seedNumber: rng.int(1, 1_000_000), things: [], ticks: 0, lastTickAt: null, hooks: [], results: [] };
}

function module(name: Surface): SurfaceModule {
  const envelope = name !== "core";
  const m: SurfaceModule = {
    name,
    seedMerchant: (merchant, rng) => seed(merchant, rng),
    mount(router, ctx) {
      const slice = (c: { get(k: "auth"): EmuEnv["Variables"]["auth"] }) => ctx.slice<TestSlice>(name, c.get("auth").merchant.id);

      router.get("/ping", (c) => {
        const s = slice(c);
        const data = { merchant_id: c.get("auth").merchant.id, seed_number: s.seedNumber, things: s.things.length };
        return envelope ? ok(c, data) : c.json(data);
      });

      for (const scope of ["Read", "Write", "Trade"] as const) {
        router.get(`/scoped/${scope.toLowerCase()}`, requireScope(scope), (c) => (envelope ? ok(c, { allowed: true }) : c.json({ allowed: true })));
      }

      router.post("/things", blockIfFrozen(), idempotent(), async (c) => {
        let body: unknown;
        try {
          body = await c.req.json();
        } catch {
          return envelope ? envelopeError(c, 400, "VALIDATION_ERROR", "body must be JSON") : coreError(c, 400, "BAD_REQUEST", "body must be JSON");
        }
        if (c.req.query("slow_ms")) await sleep(Number(c.req.query("slow_ms")));
        const s = slice(c);
        const thing = { id: `thing_${s.things.length + 1}`, n: s.things.length + 1, body };
        s.things.push(thing);
        ctx.save();
        return envelope ? ok(c, thing, 201) : c.json(thing, 201);
      });

      router.get("/things", (c) => {
        const s = slice(c);
        return envelope ? ok(c, { things: s.things }) : c.json({ data: s.things });
      });

      router.get("/crash", () => {
        throw new Error("test surface crash");
      });

      router.get("/withdrawals/options", requireScope("Read"), (c) => ok(c, { assets: [] }));
      router.get("/wallet/portfolio", (c) => ok(c, { positions: [] }));

      router.post("/emit", async (c) => {
        const { event, data } = (await c.req.json()) as { event: string; data: unknown };
        ctx.webhooks.emit(c.get("auth").merchant.id, name === "pro" ? "pro" : "core", event, data);
        return c.json({ emitted: event }, 202);
      });

      router.post("/hooks", async (c) => {
        const { url, secret, id } = (await c.req.json()) as { url: string; secret: string; id: string };
        slice(c).hooks.push({ url, secret, webhookId: id });
        ctx.save();
        return c.json({ ok: true }, 201);
      });

      router.get("/hooks/results", (c) => c.json({ results: slice(c).results, ticks: slice(c).ticks }));
    },
    tick(ctx, now) {
      for (const merchant of ctx.state.merchants) {
        const s = ctx.slice<TestSlice>(name, merchant.id);
        s.ticks++;
        s.lastTickAt = now;
      }
    },
  };
  if (name === "pro") {
    m.webhookDestinations = (ctx, merchantId) => ctx.slice<TestSlice>("pro", merchantId).hooks;
    m.onDeliveryResult = (ctx, merchantId, destination, okResult, reason) => {
      ctx.slice<TestSlice>("pro", merchantId).results.push({ url: destination.url, ok: okResult, reason: reason ?? null });
    };
  }
  return m;
}

export function testSurfaces(): SurfaceModule[] {
  return [module("core"), module("coins"), module("stocks"), module("pro")];
}
