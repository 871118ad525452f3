import { describe, expect, it } from "vitest";
import { SEED_KEYS } from "../testing";
import { emulatorPerSuite } from "./suite";
import { testSurfaces } from "./test-surfaces";

// Silent: one test crashes a route on purpose.
const suite = emulatorPerSuite({ modules: testSurfaces(), logLevel: "silent" });

const ENVELOPE_PATHS = ["/coins/v1/ping", "/stocks/v1/ping", "/pro/public/v1/ping"];

async function coreErr(res: Response) {
  return (await res.json()) as { error: { code: string; message: string; request_id?: string } };
}
async function envErr(res: Response) {
  return (await res.json()) as { success: boolean; message: string; error: { code: string; message: string }; timestamp: string };
}

describe("authentication", () => {
  it("accepts a sandbox key in any header case and answers with a request id", async () => {
    for (const name of ["X-Api-Key", "x-api-key", "X-API-KEY"]) {
      const res = await suite.emu.request("/v1/ping", { apiKey: null, headers: { [name]: SEED_KEYS.full } });
      expect(res.status).toBe(200);
      expect(res.headers.get("x-request-id")).toMatch(/^req_[0-9a-f]{32}$/);
      expect(await res.json()).toMatchObject({ merchant_id: "7b1d5c1e-0000-4000-8000-000000000001" });
    }
  });

  it("refuses a missing or empty key with 401 in the core shape, including request_id", async () => {
    for (const headers of [{}, { "X-Api-Key": "" }, { "X-Api-Key": "   " }] as Record<string, string>[]) {
      const res = await suite.emu.request("/v1/ping", { apiKey: null, headers });
      expect(res.status).toBe(401);
      const body = await coreErr(res);
      expect(body.error.code).toBe("unauthorized");
      expect(body.error.request_id).toBe(res.headers.get("x-request-id"));
    }
  });

  it("refuses malformed, unknown and revoked keys with 401", async () => {
    for (const key of ["not a key!", "pk_test_123456789", "sk_sandbox_unknown_000000"]) {
      const res = await suite.emu.request("/v1/ping", { apiKey: key });
      expect(res.status).toBe(401);
      expect((await coreErr(res)).error.code).toBe("unauthorized");
    }
    const created = await fetch(`${suite.emu.url}/__emulator/keys`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ merchant_id: "7b1d5c1e-0000-4000-8000-000000000001", scopes: ["Read"] }),
    });
    expect(created.status).toBe(201);
    const { key } = (await created.json()) as { key: string };
    expect(key).toMatch(/^sk_sandbox_/);
    expect((await suite.emu.request("/v1/ping", { apiKey: key })).status).toBe(200);
    expect((await fetch(`${suite.emu.url}/__emulator/keys/${key}`, { method: "DELETE" })).status).toBe(200);
    const revoked = await suite.emu.request("/v1/ping", { apiKey: key });
    expect(revoked.status).toBe(401);
    expect((await coreErr(revoked)).error.code).toBe("unauthorized");
  });

  it("refuses the live key in sandbox mode: core shape on core, API_KEY_INVALID envelope elsewhere", async () => {
    const core = await suite.emu.request("/v1/ping", { apiKey: SEED_KEYS.live });
    expect(core.status).toBe(401);
    expect((await coreErr(core)).error.code).toBe("unauthorized");
    for (const p of ENVELOPE_PATHS) {
      const res = await suite.emu.request(p, { apiKey: SEED_KEYS.live });
      expect(res.status).toBe(401);
      const body = await envErr(res);
      expect(body.success).toBe(false);
      expect(body.error.code).toBe("API_KEY_INVALID");
      expect(typeof body.timestamp).toBe("string");
    }
  });

  it("accepts daya_sk_ keys on Pro only", async () => {
    const pro = await suite.emu.request("/pro/public/v1/ping", { apiKey: SEED_KEYS.pro });
    expect(pro.status).toBe(200);
    expect(await pro.json()).toMatchObject({ success: true, data: { merchant_id: "7b1d5c1e-0000-4000-8000-000000000001" } });
    const core = await suite.emu.request("/v1/ping", { apiKey: SEED_KEYS.pro });
    expect(core.status).toBe(401);
    expect((await coreErr(core)).error.code).toBe("unauthorized");
    for (const p of ["/coins/v1/ping", "/stocks/v1/ping"]) {
      const res = await suite.emu.request(p, { apiKey: SEED_KEYS.pro });
      expect(res.status).toBe(401);
      expect((await envErr(res)).error.code).toBe("API_KEY_INVALID");
    }
  });

  it("answers unknown paths with 404 in the surface's shape, after auth", async () => {
    const core = await suite.emu.request("/v1/nothing-here");
    expect(core.status).toBe(404);
    expect((await coreErr(core)).error.code).toBe("NOT_FOUND");
    const pro = await suite.emu.request("/pro/public/v1/nothing-here");
    expect(pro.status).toBe(404);
    expect(await envErr(pro)).toMatchObject({ success: false, error: { code: "NOT_FOUND" } });
    const anon = await suite.emu.request("/coins/v1/nothing-here", { apiKey: null });
    expect(anon.status).toBe(401);
  });

  it("keeps merchants isolated: each key sees its own merchant's data", async () => {
    const created = await suite.emu.request("/v1/things", {
      method: "POST",
      json: { a: 1 },
      headers: { "X-Idempotency-Key": "iso-1" },
    });
    expect(created.status).toBe(201);
    const mine = (await (await suite.emu.request("/v1/things")).json()) as { data: unknown[] };
    const theirs = (await (await suite.emu.request("/v1/things", { apiKey: SEED_KEYS.second })).json()) as { data: unknown[] };
    expect(mine.data.length).toBeGreaterThanOrEqual(1);
    expect(theirs.data).toEqual([]);
  });

  it("turns a crash inside a surface into a 500 in the surface's shape", async () => {
    const core = await suite.emu.request("/v1/crash");
    expect(core.status).toBe(500);
    expect((await coreErr(core)).error.code).toBe("internal_error");
    const pro = await suite.emu.request("/pro/public/v1/crash");
    expect(pro.status).toBe(500);
    expect((await envErr(pro)).error.code).toBe("INTERNAL_ERROR");
  });
});

describe("scopes and frozen merchants", () => {
  it("gives 403 API_KEY_INVALID_SCOPE when the key lacks the scope", async () => {
    const noRead = await suite.emu.request("/pro/public/v1/scoped/read", { apiKey: SEED_KEYS.noread });
    expect(noRead.status).toBe(403);
    expect(await envErr(noRead)).toMatchObject({ success: false, error: { code: "API_KEY_INVALID_SCOPE" } });
    const readonly = await suite.emu.request("/pro/public/v1/scoped/trade", { apiKey: SEED_KEYS.readonly });
    expect(readonly.status).toBe(403);
    expect((await envErr(readonly)).error.code).toBe("API_KEY_INVALID_SCOPE");
    expect((await suite.emu.request("/pro/public/v1/scoped/read", { apiKey: SEED_KEYS.readonly })).status).toBe(200);
    expect((await suite.emu.request("/pro/public/v1/scoped/trade", { apiKey: SEED_KEYS.full })).status).toBe(200);
  });

  it("blocks a frozen merchant's writes with 403 merchant_frozen in both shapes; reads still work", async () => {
    const core = await suite.emu.request("/v1/things", {
      apiKey: SEED_KEYS.frozen,
      method: "POST",
      json: {},
      headers: { "X-Idempotency-Key": "frozen-1" },
    });
    expect(core.status).toBe(403);
    expect((await coreErr(core)).error.code).toBe("merchant_frozen");
    const pro = await suite.emu.request("/pro/public/v1/things", {
      apiKey: SEED_KEYS.frozen,
      method: "POST",
      json: {},
      headers: { "X-Idempotency-Key": "frozen-2" },
    });
    expect(pro.status).toBe(403);
    expect(await envErr(pro)).toMatchObject({ success: false, error: { code: "merchant_frozen" } });
    expect((await suite.emu.request("/v1/ping", { apiKey: SEED_KEYS.frozen })).status).toBe(200);
  });

  it("freezes and unfreezes a merchant through the control API", async () => {
    await suite.emu.control.freeze("7b1d5c1e-0000-4000-8000-000000000003", true);
    const blocked = await suite.emu.request("/v1/things", {
      apiKey: SEED_KEYS.second,
      method: "POST",
      json: {},
      headers: { "X-Idempotency-Key": "freeze-1" },
    });
    expect(blocked.status).toBe(403);
    const keys = (await (await fetch(`${suite.emu.url}/__emulator/keys`)).json()) as { keys: Array<{ key: string; frozen: boolean }> };
    expect(keys.keys.find((k) => k.key === SEED_KEYS.second)?.frozen).toBe(true);
    await suite.emu.control.freeze("7b1d5c1e-0000-4000-8000-000000000003", false);
    const allowed = await suite.emu.request("/v1/things", {
      apiKey: SEED_KEYS.second,
      method: "POST",
      json: {},
      headers: { "X-Idempotency-Key": "freeze-2" },
    });
    expect(allowed.status).toBe(201);
  });
});
