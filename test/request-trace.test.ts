/**
 * One request id follows a call from the browser to the provider and back: the id the proxy gives
 * the browser's request is the one in the answer the browser sees, in every app log line written
 * for it, and in the X-Request-Id of every upstream attempt (retries included).
 */
import { randomUUID } from "node:crypto";
import { Writable } from "node:stream";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { TestEmulator } from "@/emulator/testing";
import { GET as balances } from "@/app/api/balances/route";
import { moveBalance } from "@/lib/balances/move-balance";
import { testDb } from "@/test/factories";
import { signInAs, testSession } from "@/test/session";
import { createTeamWithKey, startSandbox, type Team } from "@/test/fixtures";

// The app's real logger options (redaction, the request-id mixin), written to memory instead of stdout.
const captured = vi.hoisted(() => ({ lines: [] as Record<string, unknown>[] }));
vi.mock("@/lib/log", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/lib/log")>();
  const { default: pino } = await import("pino");
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split("\n")) if (line.trim()) captured.lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { ...actual, log: pino({ ...actual.logOptions, level: "info" }, sink) };
});

let emu: TestEmulator;
let team: Team;
const sent: { url: string; requestId: string | null }[] = [];
const realFetch = globalThis.fetch;

beforeAll(async () => {
  emu = await startSandbox();
  team = await createTeamWithKey();
  await testDb().approvalThreshold.create({ data: { organizationId: team.org.id, kind: "balance_move", currency: "USD", amount: "1000000" } });
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    if (url.startsWith(emu.url) && !url.includes("/__emulator")) sent.push({ url, requestId: new Headers(init?.headers).get("x-request-id") });
    return realFetch(input, init);
  });
});
afterAll(async () => {
  vi.restoreAllMocks();
  await emu.close();
});
beforeEach(() => {
  sent.length = 0;
  captured.lines.length = 0;
});
afterEach(() => emu.control.clearFaults());

const linesWith = (id: string) => captured.lines.filter((l) => l.requestId === id);

describe("the request id", () => {
  it("of a route call is in its error answer, in its log lines and on every upstream attempt", async () => {
    signInAs(team.viewer);
    await emu.control.setFaults({ path_prefix: "/v1/merchant/balance", error_status: 500 });
    const id = `trace-${randomUUID()}`;
    const res = await balances(new Request("http://localhost/api/balances?fresh=1", { headers: { "x-request-id": id } }));
    expect(res.status).toBe(503);
    const body = (await res.json()) as { error: string; requestId: string };
    expect(body.requestId).toBe(id);
    expect(body.error).not.toContain("500");

    // Retried reads keep the same id, so the provider's logs group them as one call.
    expect(sent.length).toBeGreaterThanOrEqual(2);
    expect(sent.map((s) => s.requestId)).toEqual(sent.map(() => id));

    const messages = linesWith(id).map((l) => l.msg);
    expect(messages).toContain("upstream call failed");
    expect(messages).toContain("route: upstream refused");
    // Nothing about this call was logged without its id.
    expect(captured.lines.filter((l) => l.requestId !== id)).toEqual([]);
  });

  it("of a server action goes upstream and into every log line, and names an unexpected failure", async () => {
    signInAs(await testDb().user.findUniqueOrThrow({ where: { id: team.operator.id } }));
    const id = `trace-${randomUUID()}`;
    testSession.headers["x-request-id"] = id;
    const r = await moveBalance({ attemptKey: randomUUID(), amount: "1.00" });
    expect(r.ok).toBe(true);
    expect(sent.length).toBeGreaterThanOrEqual(1);
    expect(sent.every((s) => s.requestId === id)).toBe(true);
    expect(linesWith(id).map((l) => l.msg)).toContain("upstream call");
  });

  it("of an unexpected failure is the reference the person sees and the one logged", async () => {
    signInAs(team.viewer);
    const { defineRoute } = await import("@/lib/http/route");
    const route = defineRoute({ permission: "data:read" }, async () => {
      throw new Error("internal detail");
    });
    const id = `trace-${randomUUID()}`;
    const res = await route(new Request("http://localhost/api/anything", { headers: { "x-request-id": id } }));
    expect(res.status).toBe(500);
    expect(((await res.json()) as { error: string }).error).toBe(`Something went wrong on our side. Reference ${id}.`);
    expect(linesWith(id).map((l) => l.msg)).toEqual(["route failed"]);
  });

  it("is fresh per call outside any request (scripts), never shared between calls", async () => {
    const { defaultUpstreamClient } = await import("@/lib/upstream");
    const saved = testSession.headers["x-request-id"];
    delete testSession.headers["x-request-id"];
    const { z } = await import("zod");
    // Two separate calls, as a script makes them, past the read cache so both reach the provider.
    const banks = () =>
      defaultUpstreamClient().request({
        surface: "core",
        environment: "sandbox",
        organizationId: team.org.id,
        method: "GET",
        path: "/banks",
        schema: z.unknown(),
        cache: false,
      });
    await banks();
    await banks();
    expect(sent).toHaveLength(2);
    expect(sent[0]!.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[0]!.requestId).not.toBe(sent[1]!.requestId);
    testSession.headers["x-request-id"] = saved!;
  });
});
