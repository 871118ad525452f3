/**
 * "Simulate deposit" against a sandbox that is not the local emulator (the provider's own sandbox).
 * A recording proxy in front of an emulator stands in for it, so the sandbox's base URL differs from
 * EMULATOR_URL: the app must send the simulator only its documented fields (`funding_account_id`,
 * `scenario`), never reach for the emulator's control API, and say at the amount field that the
 * provider takes no amount. It also records the funding-account amount going out as a decimal string.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { withEmulator, type TestEmulator } from "@/emulator/testing";
import { GET as getCustomers } from "@/app/api/customers/route";
import { createFundingAccount } from "@/lib/funding-accounts/create-funding-account";
import { simulateDeposit } from "@/lib/funding-accounts/simulate-deposit";
import { testDb } from "@/test/factories";
import { signInAs, signOutTest } from "@/test/session";
import type { CustomerOption } from "./views";
import { createTeamWithKey, type Team } from "@/test/fixtures";
import { fillCopy } from "@/test/ledger";
import { startRecordingProxy, type RecordingProxy } from "@/test/contract/recording-proxy";

let emu: TestEmulator;
type Call = { method: string; path: string; body: unknown };
let proxy: RecordingProxy;
let recorded: Call[] = [];
let team: Team;

/** What reached the sandbox since the last reset, with JSON bodies parsed. */
function sent(): Call[] {
  recorded.push(...proxy.take().map((r) => ({ method: r.method, path: r.path, body: r.body ? (JSON.parse(r.body) as unknown) : null })));
  return recorded;
}
function resetSent(): void {
  proxy.take();
  recorded = [];
}

async function customerId(): Promise<string> {
  await fillCopy({ organizationId: team.org.id, environment: "sandbox" }, ["customer"]);
  const res = await getCustomers(new Request("http://app.test/api/customers"));
  const { customers } = (await res.json()) as { customers: CustomerOption[] };
  return customers.find((c) => c.email !== "provisioning.fail@sandbox.test")!.id;
}

beforeAll(async () => {
  emu = await withEmulator({ rateLimitPerMinute: 0, logLevel: "silent" });
  proxy = await startRecordingProxy(emu.url);
  const sandboxUrl = proxy.url;
  process.env.UPSTREAM_SANDBOX_CORE_URL = sandboxUrl;
  process.env.UPSTREAM_SANDBOX_PRO_URL = `${sandboxUrl}/pro`;
  // An emulator is configured, but it is not the sandbox the app talks to.
  process.env.EMULATOR_URL = emu.url;
});
afterAll(async () => {
  await proxy.close();
  await emu.close();
});

beforeEach(async () => {
  resetSent();
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
    const [create] = sent().filter((c) => c.method === "POST" && c.path === "/v1/funding-accounts");
    expect((create!.body as { amount: unknown }).amount).toBe("25000");
  });

  it("sends the simulator only funding_account_id and scenario", async () => {
    const id = await activeAccount("PERMANENT");
    resetSent();
    const r = await simulateDeposit({ attemptKey: randomUUID(), funding_account_id: id, scenario: "COMPLETED" });
    expect(r).toMatchObject({ ok: true, data: { depositId: expect.stringMatching(/^[0-9a-f-]{36}$/) } });
    expect(sent()).toEqual([{ method: "POST", path: "/v1/sandbox/deposits", body: { funding_account_id: id, scenario: "COMPLETED" } }]);
    const d = await simulateDeposit({ attemptKey: randomUUID(), funding_account_id: id, scenario: "default" });
    expect(d.ok).toBe(true);
    expect(sent()[1]).toEqual({ method: "POST", path: "/v1/sandbox/deposits", body: { funding_account_id: id } });
  });

  it("refuses a chosen amount at the field and sends nothing, to the provider or to the emulator", async () => {
    const id = await activeAccount("PERMANENT");
    const before = await emu.control.deliveries();
    resetSent();
    const r = await simulateDeposit({ attemptKey: randomUUID(), funding_account_id: id, scenario: "COMPLETED", amount: "75000" });
    expect(r).toMatchObject({ ok: false, fieldErrors: { amount: expect.stringMatching(/does not take an amount/) } });
    expect(sent()).toEqual([]);
    const state = (await (await fetch(`${emu.url}/__emulator/state`)).json()) as {
      surfaces: { core: Record<string, { nextSimulatedAmounts?: Record<string, string> }> };
    };
    expect(Object.values(state.surfaces.core).every((s) => !s.nextSimulatedAmounts?.[id])).toBe(true);
    expect(await emu.control.deliveries()).toHaveLength(before.length);
  });
});
