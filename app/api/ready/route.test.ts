/**
 * /api/ready: 200 while the database answers and every provider host someone has a key for can be
 * reached; 503 with a sentence naming what is down otherwise. Public, and never names a key.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { checkReadiness } from "@/lib/metrics/ready";
import { addApiKey } from "@/lib/vault";
import { createTeam, testDb } from "@/test/factories";
import { GET } from "./route";

let server: Server;
let deadUrl: string;

beforeAll(async () => {
  // A stand-in provider host: any HTTP answer (here 404) means reachable.
  server = createServer((_req, res) => res.writeHead(404).end());
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const dead = createServer();
  await new Promise<void>((r) => dead.listen(0, "127.0.0.1", r));
  deadUrl = `http://127.0.0.1:${(dead.address() as AddressInfo).port}`;
  await new Promise<void>((r) => dead.close(() => r()));
  for (const e of ["SANDBOX", "PRODUCTION"]) {
    process.env[`UPSTREAM_${e}_CORE_URL`] = url;
    process.env[`UPSTREAM_${e}_PRO_URL`] = `${url}/pro`;
  }
  const team = await createTeam();
  await testDb().$transaction((tx) =>
    addApiKey(tx as never, {
      organizationId: team.org.id,
      environment: "sandbox",
      surface: "core",
      key: "sk_sandbox_ready_check_0123456789",
      scopes: ["Read"],
      actorId: team.admin.id,
    }),
  );
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe("GET /api/ready", () => {
  it("answers 200 with each check when the database and the provider answer", async () => {
    const res = await GET();
    expect(res.status).toBe(200);
    const body = (await res.json()) as { status: string; checks: { database: string; upstream: Record<string, string> } };
    expect(body.status).toBe("ready");
    expect(body.checks.database).toBe("ok");
    expect(body.checks.upstream["sandbox core"]).toBe("ok");
    expect(JSON.stringify(body)).not.toContain("sk_sandbox_ready_check");
  });

  it("is not ready, with the reason, when a provider host it has keys for cannot be reached", async () => {
    const r = await checkReadiness({ db, fetch: (_url, init) => fetch(deadUrl, init) });
    expect(r.ready).toBe(false);
    expect(r.reason).toMatch(/^The provider could not be reached for .*sandbox core/);
    expect(r.checks.upstream["sandbox core"]).toBe("unreachable");
  });

  it("is not ready when the database does not answer", async () => {
    const down = { $queryRawUnsafe: () => Promise.reject(new Error("connection refused")), vaultSecret: db.vaultSecret } as never;
    const r = await checkReadiness({ db: down, fetch });
    expect(r).toMatchObject({ ready: false, reason: "The database did not answer within 2 s.", checks: { database: "unreachable" } });
  });
});
