/**
 * "Simulate deposit" against a sandbox that is not the local emulator (the provider's own sandbox).
 * A recording proxy in front of an emulator stands in for it, so the sandbox's base URL differs from
 * EMULATOR_URL: the app must send the simulator only its documented fields (`funding_account_id`,
 * `scenario`), never reach for the emulator's control API, and say at the amount field that the
 * provider takes no amount. It also records the funding-account amount going out as a decimal string.
 */
import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { withEmulator, type TestEmulator } from "@/emulator/testing";
import { GET as getCustomers } from "@/app/api/customers/route";
import { createFundingAccount } from "@/lib/funding-accounts/actions";
import { simulateDeposit } from "@/lib/funding-accounts/simulate-deposit";
import { testDb } from "@/test/factories";
import { signInAs, signOutTest } from "@/test/session";
import type { CustomerOption } from "./views";
import { createTeamWithKey, type Team } from "@/test/fixtures";

let emu: TestEmulator;
let proxy: Server;
let recorded: { method: string; path: string; body: unknown }[] = [];
let team: Team;

function startProxy(): Promise<Server> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      void (async () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        recorded.push({ method: req.method ?? "GET", path: req.url ?? "/", body: raw ? (JSON.parse(raw) as unknown) : null });
        const headers = new Headers();
        for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string" && k !== "host" && k !== "content-length") headers.set(k, v);
        const upstream = await fetch(`${emu.url}${req.url ?? "/"}`, { method: req.method, headers, body: raw === "" ? undefined : raw });
        res.writeHead(upstream.status, { "content-type": upstream.headers.get("content-type") ?? "application/json" });
        res.end(await upstream.text());
      })().catch((err: unknown) => {
        res.writeHead(502);
        res.end(String(err));
      });
    });
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

async function customerId(): Promise<string> {
  const res = await getCustomers(new Request("http://app.test/api/customers"));
  const { customers } = (await res.json()) as { customers: CustomerOption[] };
  return customers.find((c) => c.email !== "provisioning.fail@sandbox.test")!.id;
}

beforeAll(async () => {
  emu = await withEmulator({ rateLimitPerMinute: 0, logLevel: "silent" });
  proxy = await startProxy();
  const sandboxUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  process.env.UPSTREAM_SANDBOX_CORE_URL = sandboxUrl;
  process.env.UPSTREAM_SANDBOX_PRO_URL = `${sandboxUrl}/pro`;
  // An emulator is configured, but it is not the sandbox the app talks to.
  process.env.EMULATOR_URL = emu.url;
});
afterAll(async () => {
  await new Promise((r) => proxy.close(r));
  await emu.close();
});

beforeEach(async () => {
  recorded = [];
  team = await createTeamWithKey({ key: emu.keys.full });
  signOutTest();
  signInAs(await testDb().user.findUniqueOrThrow({ where: { id: team.operator.id } }));
});

async function activeAccount(type: "PERMANENT" | "TEMPORARY", amount = ""): Promise<string> {
  const r = await createFundingAccount({
    attemptKey: randomUUID(),
    customer_id: await customerId(),
    rail: "NGN_VIRTUAL_ACCOUNT",
    type,
    amount,
    settlement_type: "INTERNAL_BALANCE",
  });
  if (!r.ok || r.data.status !== "created") throw new Error(JSON.stringify(r));
  await emu.control.advance(3_000);
  return r.data.id;
}

describe("against a sandbox that is not the emulator", () => {
  it("sends the temporary account's amount as a decimal string", async () => {
    await activeAccount("TEMPORARY", "25000");
    const [create] = recorded.filter((c) => c.method === "POST" && c.path === "/v1/funding-accounts");
    expect((create!.body as { amount: unknown }).amount).toBe("25000");
  });

  it("sends the simulator only funding_account_id and scenario", async () => {
    const id = await activeAccount("PERMANENT");
    recorded = [];
    const r = await simulateDeposit({ attemptKey: randomUUID(), funding_account_id: id, scenario: "COMPLETED" });
    expect(r).toMatchObject({ ok: true, data: { depositId: expect.stringMatching(/^[0-9a-f-]{36}$/) } });
    expect(recorded).toEqual([{ method: "POST", path: "/v1/sandbox/deposits", body: { funding_account_id: id, scenario: "COMPLETED" } }]);
    const d = await simulateDeposit({ attemptKey: randomUUID(), funding_account_id: id, scenario: "default" });
    expect(d.ok).toBe(true);
    expect(recorded[1]).toEqual({ method: "POST", path: "/v1/sandbox/deposits", body: { funding_account_id: id } });
  });

  it("refuses a chosen amount at the field and sends nothing, to the provider or to the emulator", async () => {
    const id = await activeAccount("PERMANENT");
    const before = await emu.control.deliveries();
    recorded = [];
    const r = await simulateDeposit({ attemptKey: randomUUID(), funding_account_id: id, scenario: "COMPLETED", amount: "75000" });
    expect(r).toMatchObject({ ok: false, fieldErrors: { amount: expect.stringMatching(/does not take an amount/) } });
    expect(recorded).toEqual([]);
    const state = (await (await fetch(`${emu.url}/__emulator/state`)).json()) as {
      surfaces: { core: Record<string, { nextSimulatedAmounts?: Record<string, string> }> };
    };
    expect(Object.values(state.surfaces.core).every((s) => !s.nextSimulatedAmounts?.[id])).toBe(true);
    expect(await emu.control.deliveries()).toHaveLength(before.length);
  });
});
