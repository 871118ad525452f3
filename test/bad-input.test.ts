/**
 * Bad input on every entry point, found on disk (test/surface.ts): every server action and every
 * route handler, including the webhook intake and the live stream, gets oversized values, wrong
 * types, injection strings, unknown fields and prototype-pollution payloads. Each must answer with
 * a clear refusal (a 4xx or a field error), never an unexpected failure (a 500 or "Something went
 * wrong"), and never echo a huge value back.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestEmulator } from "@/emulator/testing";
import { actionDefinition } from "@/lib/server-actions/safe-action";
import { routeDefinition } from "@/lib/http/route";
import { setWebhookSecret } from "@/lib/vault";
import { signBody } from "@/lib/webhooks/verify";
import { createTeam, testDb } from "@/test/factories";
import { signInAs, signOutTest } from "@/test/session";
import { HTTP_METHODS, PUBLIC_ACTIONS, actionModules, fieldNames, load, routeModules, routePath } from "@/test/surface";
import { startSandbox, storeApiKey, type Team } from "@/test/fixtures";

const BIG = "x".repeat(1_000_000);
const INJECTIONS = [
  "' OR '1'='1'; DROP TABLE users; --",
  "<script>alert(document.cookie)</script>",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, meant as plain text
  "${7*7}{{7*7}}<%= 7*7 %>",
  "../../../../etc/passwd",
  "\u0000\u202e\ud800\uffff",
  "1e309",
  "NaN",
  "__proto__",
];
/** Values put in every field at once. */
const FIELD_VALUES: [string, unknown][] = [
  ["an oversized string", BIG],
  ["a number", 12345],
  ["a negative fraction", -1.5],
  ["a boolean", true],
  ["null", null],
  ["an array", ["a", 1]],
  ["a nested object", { nested: { deep: [1, 2, 3] } }],
  ...INJECTIONS.map((s): [string, unknown] => [`the injection ${JSON.stringify(s.slice(0, 20))}`, s]),
];
/** Whole inputs of the wrong shape. */
const WHOLE_INPUTS: [string, () => unknown][] = [
  ["a string", () => "just a string"],
  ["a number", () => 42],
  ["an array", () => []],
  ["null", () => null],
  ["undefined", () => undefined],
  ["a prototype-pollution object", () => JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}')],
];

let emu: TestEmulator;
let team: Team;
const WEBHOOK_SECRET = `whsec_bad_input_${randomUUID()}`;

beforeAll(async () => {
  emu = await startSandbox();
  team = await createTeam();
  // Real keys, so input that passes validation reaches the provider and its answer is handled too.
  await storeApiKey(team);
  await testDb().$transaction(async (tx) => {
    await setWebhookSecret(tx as never, {
      organizationId: team.org.id,
      environment: "sandbox",
      surface: "core",
      secret: WEBHOOK_SECRET,
      actorId: team.admin.id,
    });
  });
}, 60_000);
afterAll(() => emu.close());

// Thousands of refusals would bury the run's output; the answers are what this file checks.
beforeAll(async () => {
  (await import("@/lib/log")).log.level = "error";
});

const signInAdmin = async () => signInAs(await testDb().user.findUniqueOrThrow({ where: { id: team.admin.id } }));

function inputsFor(fields: string[]): [string, () => unknown][] {
  const names = fields.length > 0 ? fields : ["value"];
  const everyField = (v: unknown) => Object.fromEntries(names.map((n) => [n, v]));
  const form = () => {
    const fd = new FormData();
    for (const n of names) fd.set(n, BIG);
    fd.set("unexpected_field", INJECTIONS[0]!);
    return fd;
  };
  return [
    ...FIELD_VALUES.map(([label, v]): [string, () => unknown] => [`${label} in every field`, () => everyField(v)]),
    ["unknown fields beside injections", () => ({ ...everyField(INJECTIONS[0]), unexpected_field: "x", isAdmin: true, organizationId: randomUUID() })],
    ["oversized form data with an unknown field", form],
    ...WHOLE_INPUTS,
  ];
}

/** A refusal a person can act on: a sentence, not an internal failure, and nothing huge echoed. */
function expectClearAnswer(label: string, result: unknown) {
  const text = JSON.stringify(result) ?? "";
  expect(text.length, `${label}: answer size`).toBeLessThan(20_000);
  if (result && typeof result === "object" && "ok" in result && result.ok === false) {
    const r = result as { error?: unknown; requestId?: unknown; fieldErrors?: Record<string, unknown> };
    expect(typeof r.error === "string" && r.error.length > 0, `${label}: a sentence`).toBe(true);
    expect(r.error, label).not.toMatch(/Something went wrong/);
    expect(r.requestId, `${label}: an unexpected failure`).toBeUndefined();
    for (const m of Object.values(r.fieldErrors ?? {})) expect(typeof m, label).toBe("string");
  }
  expect(({} as Record<string, unknown>).polluted, `${label}: prototype polluted`).toBeUndefined();
}

describe.each(actionModules())("server actions in %s", (file) => {
  it("refuse bad input clearly, never with an unexpected failure", async () => {
    const mod = await load(file);
    for (const [name, fn] of Object.entries(mod)) {
      if (typeof fn !== "function") continue;
      const def = actionDefinition(fn);
      const isPublic = `${file}#${name}` in PUBLIC_ACTIONS;
      if (!def && !isPublic) continue; // the authorization matrix fails for these
      if (def)
        await signInAdmin(); // every permission, so validation is what answers
      else signOutTest();
      for (const [label, make] of inputsFor(fieldNames(def?.input))) {
        const input = make();
        // Public form actions take (previous state, form data) or (input); both get the bad value.
        const args = fn.length >= 2 ? [{}, input] : [input];
        let result: unknown;
        try {
          result = await (fn as (...a: unknown[]) => Promise<unknown>)(...args);
        } catch (err) {
          const digest = (err as { digest?: unknown }).digest;
          // A redirect is how a public form answers in Next (e.g. back to the sign-in page).
          if (typeof digest === "string" && digest.startsWith("NEXT_REDIRECT")) continue;
          throw new Error(`${name} with ${label} threw: ${err instanceof Error ? err.message.slice(0, 200) : String(err)}`);
        }
        expectClearAnswer(`${name} with ${label}`, result);
      }
    }
  }, 120_000);
});

const QUERY_VALUES = ["x".repeat(100_000), ...INJECTIONS, "-1", "99999999999999999999", "[object Object]", "%", "2026-13-45"];
// A lone surrogate cannot be in a URL path at all, so paths get the other injections.
const PARAM_VALUES = [...INJECTIONS.filter((s) => !/[\ud800-\udfff]/.test(s)), "\u0000\u202e", "x".repeat(10_000), "..", "%00"];
const COMMON_QUERY = ["page", "q", "status", "from", "to", "id", "range", "since", "lastEventId", "fresh"];

async function callRoute(handler: unknown, url: string, params: Record<string, unknown>, init: RequestInit = {}) {
  const abort = new AbortController();
  const res = await (handler as (r: Request, c: unknown) => Promise<Response>)(
    new Request(`http://localhost${url}`, {
      ...init,
      headers: { "x-request-id": "bad-input", ...(init.headers as Record<string, string>) },
      signal: abort.signal,
    }),
    { params: Promise.resolve(params) },
  );
  const type = res.headers.get("content-type") ?? "";
  const body = type.includes("json") ? ((await res.json()) as Record<string, unknown> | null) : null;
  abort.abort(); // ends a live stream that opened
  await res.body?.cancel().catch(() => undefined);
  return { status: res.status, body };
}

function expectClearStatus(label: string, r: { status: number; body: Record<string, unknown> | null }) {
  // 503 says a dependency is down (readiness, the live listener), not that the input broke
  // anything; it must still come with a sentence.
  if (r.status === 503) {
    expect(typeof (r.body?.error ?? r.body?.reason), `${label}: 503 without a sentence`).toBe("string");
    return;
  }
  expect(r.status, `${label}: ${JSON.stringify(r.body)?.slice(0, 300)}`).toBeLessThan(500);
  if (r.status >= 400 && r.body) {
    expect(typeof r.body.error, label).toBe("string");
    expect(String(r.body.error), label).not.toMatch(/Something went wrong/);
  }
}

describe.each(routeModules().filter((f) => !f.includes("[...nextauth]")))("route handlers in %s", (file) => {
  it("refuse bad queries and path values with a clear 4xx, never a 500", async () => {
    const mod = await load(file);
    await signInAdmin();
    for (const method of HTTP_METHODS.filter((m) => m === "GET" && typeof mod[m] === "function")) {
      const handler = mod[method];
      const def = routeDefinition(handler);
      const fields = [...new Set([...fieldNames(def?.query), ...Object.keys(def?.filters ?? {}), ...COMMON_QUERY])];
      const { url, params } = routePath(file, () => "not-a-real-id");
      for (const value of QUERY_VALUES) {
        const qs = new URLSearchParams([...fields.map((f) => [f, value] as [string, string]), ["unexpected", value], ["page", "2"]]);
        expectClearStatus(`GET ${file} with ${JSON.stringify(value.slice(0, 20))} in every query field`, await callRoute(handler, `${url}?${qs}`, params));
      }
      if (Object.keys(params).length === 0) continue;
      for (const value of PARAM_VALUES) {
        const p = routePath(file, () => value);
        expectClearStatus(`GET ${file} with ${JSON.stringify(value.slice(0, 20))} in every path segment`, await callRoute(handler, p.url, p.params));
      }
    }
  }, 120_000);
});

describe("the webhook intake", () => {
  const file = "app/api/webhooks/[environment]/[surface]/route.ts";
  const post = async (body: BodyInit, headers: Record<string, string>, environment = "sandbox", surface = "core") => {
    const { POST } = await load(file);
    return callRoute(
      POST,
      `/api/webhooks/${encodeURIComponent(environment)}/${encodeURIComponent(surface)}`,
      { environment, surface },
      { method: "POST", body, headers: { "content-type": "application/json", ...headers } },
    );
  };
  const signed = (body: string | Uint8Array) => ({ "x-daya-signature": signBody("core", WEBHOOK_SECRET, body) });

  it("refuses oversized, unsigned, wrongly signed and malformed deliveries with the fitting 4xx", async () => {
    const big = JSON.stringify({ event: "deposit.received", data: { pad: "x".repeat(300_000) } });
    expect((await post(big, signed(big))).status).toBe(413);
    expect((await post("{}", {})).status).toBe(401);
    expect((await post("{}", { "x-daya-signature": "zz" })).status).toBe(401);
    expect((await post("{}", { "x-daya-signature": "0".repeat(64) })).status).toBe(401);
    expect((await post("{not json", signed("{not json"))).status).toBe(400);
    const notUtf8 = new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]);
    expect((await post(notUtf8, signed(notUtf8))).status).toBe(400);
    for (const [environment, surface] of [
      ["staging", "core"],
      ["sandbox", "coins"],
      [INJECTIONS[0]!, INJECTIONS[3]!],
    ] as const) {
      expect((await post("{}", {}, environment, surface)).status).toBe(404);
    }
  });

  it("answers signed JSON of the wrong shape without a 500, and is not polluted by it", async () => {
    for (const notAnObject of ["[]", "null", '"a string"', "12345"]) {
      const r = await post(notAnObject, signed(notAnObject));
      expect({ body: notAnObject, status: r.status, error: r.body?.error }).toEqual({
        body: notAnObject,
        status: 400,
        error: "The body is not a JSON object.",
      });
    }
    const bodies = [
      JSON.stringify({ event: 123, data: "not an object", timestamp: "not a time" }),
      JSON.stringify({ event: INJECTIONS[0], data: { id: INJECTIONS[1], status: INJECTIONS[2], amount: BIG.slice(0, 100_000) } }),
      '{"__proto__":{"polluted":true},"event":"deposit.received","data":{"constructor":{"prototype":{"polluted":true}}}}',
    ];
    for (const body of bodies) {
      const r = await post(body, signed(body));
      expectClearStatus(`a signed ${body.slice(0, 40)}`, r);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    }
  });
});
