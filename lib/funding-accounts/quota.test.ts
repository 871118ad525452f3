/**
 * The provider's daily funding-account creation quota, kept by the app: counted per merchant
 * (organization and environment) and UTC day in PostgreSQL, a slot taken before the provider is
 * asked, refused at the limit without a call, released only when the provider certainly created
 * nothing. Against a real PostgreSQL and a real emulator.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SEED_KEYS, withEmulator, type TestEmulator } from "@/emulator/testing";
import { createFundingAccount } from "@/lib/funding-accounts/create-funding-account";
import * as vault from "@/lib/vault";
import { createTeam, testDb } from "@/test/factories";
import { signInAs, signOutTest } from "@/test/session";
import { DAILY_FUNDING_ACCOUNT_LIMIT, quotaDay, quotaFullMessage, quotaLevel, readQuota } from "./quota";
import type { Environment } from "@/lib/generated/prisma/enums";

let emu: TestEmulator;
let team: Awaited<ReturnType<typeof createTeam>>;
let customerId: string;

const today = () => new Date(`${quotaDay()}T00:00:00.000Z`);
const yesterday = () => new Date(today().getTime() - 24 * 60 * 60 * 1000);

/** Fills the merchant's day with creations made earlier (by anyone, on any instance). */
async function used(n: number, opts: { organizationId?: string; environment?: Environment; day?: Date } = {}) {
  await testDb().fundingAccountSlot.createMany({
    data: Array.from({ length: n }, () => ({
      organizationId: opts.organizationId ?? team.org.id,
      environment: opts.environment ?? "sandbox",
      day: opts.day ?? today(),
      attemptKey: randomUUID(),
      status: "created",
    })),
  });
}
const slots = (organizationId = team.org.id) => testDb().fundingAccountSlot.count({ where: { organizationId, environment: "sandbox", day: today() } });
async function providerTotal(): Promise<number> {
  return ((await (await emu.request("/v1/funding-accounts?limit=1")).json()) as { total: number }).total;
}
const create = (attemptKey = randomUUID()) =>
  createFundingAccount({ attemptKey, customer_id: customerId, rail: "NGN_VIRTUAL_ACCOUNT", type: "PERMANENT", settlement_type: "INTERNAL_BALANCE" });

async function storeKey(organizationId: string, actorId: string, key: string) {
  await testDb().$transaction((tx) =>
    vault.addApiKey(tx as never, { organizationId, environment: "sandbox", surface: "core", key, scopes: ["Read", "Write", "Trade"], actorId }),
  );
}

beforeAll(async () => {
  emu = await withEmulator({ rateLimitPerMinute: 0, logLevel: "silent" });
  process.env.UPSTREAM_SANDBOX_CORE_URL = emu.url;
  process.env.UPSTREAM_SANDBOX_PRO_URL = `${emu.url}/pro`;
  const list = (await (await emu.request("/v1/customers?limit=50")).json()) as { data: { id: string; email: string }[] };
  customerId = list.data.find((c) => c.email !== "provisioning.fail@sandbox.test")!.id;
});
afterAll(() => emu.close());

beforeEach(async () => {
  await emu.control.clearFaults();
  team = await createTeam();
  await storeKey(team.org.id, team.admin.id, SEED_KEYS.full);
  signInAs(await testDb().user.findUniqueOrThrow({ where: { id: team.operator.id } }));
});
afterAll(() => signOutTest());

describe("the quota rule", () => {
  it("counts by the UTC day", () => {
    expect(quotaDay(new Date("2026-03-01T23:59:59.999Z"))).toBe("2026-03-01");
    expect(quotaDay(new Date("2026-03-02T00:00:00.000Z"))).toBe("2026-03-02");
    // 00:30 in Lagos (UTC+1) is still the previous UTC day.
    expect(quotaDay(new Date("2026-03-02T00:30:00+01:00"))).toBe("2026-03-01");
  });

  it("warns from 80 % and is full at the limit", () => {
    expect(DAILY_FUNDING_ACCOUNT_LIMIT).toBe(1000);
    expect([0, 312, 799, 800, 999, 1000, 1001].map((n) => quotaLevel(n))).toEqual(["ok", "ok", "ok", "warning", "warning", "full", "full"]);
  });
});

describe("creating funding accounts within the day's quota", () => {
  it("lets exactly one of two concurrent creations at 999 through, and never asks the provider for the other", async () => {
    await used(DAILY_FUNDING_ACCOUNT_LIMIT - 1);
    const before = await providerTotal();
    const results = await Promise.all([create(), create()]);
    const created = results.filter((r) => r.ok && r.data.status === "created");
    const refused = results.filter((r) => !r.ok);
    expect(created).toHaveLength(1);
    expect(refused).toEqual([{ ok: false, error: quotaFullMessage() }]);
    expect(await providerTotal()).toBe(before + 1);
    expect(await slots()).toBe(DAILY_FUNDING_ACCOUNT_LIMIT);
    expect((await readQuota({ organizationId: team.org.id, environment: "sandbox" })).level).toBe("full");
  });

  it("refuses at the limit with a sentence, before the provider is asked", async () => {
    await used(DAILY_FUNDING_ACCOUNT_LIMIT);
    const before = await providerTotal();
    const r = await create();
    expect(r).toEqual({ ok: false, error: quotaFullMessage() });
    expect(quotaFullMessage()).toBe(
      "Today's limit of 1,000 new funding accounts is reached, and the provider may freeze a merchant that opens more. No account was opened; try again after midnight UTC.",
    );
    expect(await providerTotal()).toBe(before);
    expect(await testDb().auditLog.count({ where: { organizationId: team.org.id, action: "funding_account.created" } })).toBe(0);
  });

  it("counts per merchant and day: another organization, the other environment and yesterday do not use today's slots", async () => {
    const other = await createTeam();
    await used(DAILY_FUNDING_ACCOUNT_LIMIT, { organizationId: other.org.id });
    await used(DAILY_FUNDING_ACCOUNT_LIMIT, { environment: "production" });
    await used(DAILY_FUNDING_ACCOUNT_LIMIT, { day: yesterday() });
    const r = await create();
    expect(r).toMatchObject({ ok: true, data: { status: "created" } });
    expect(await readQuota({ organizationId: team.org.id, environment: "sandbox" })).toMatchObject({ used: 1, limit: 1000, level: "ok", day: quotaDay() });
  });

  it("a resubmitted form keeps its one slot", async () => {
    const attemptKey = randomUUID();
    const first = await create(attemptKey);
    if (!first.ok || first.data.status !== "created") throw new Error(JSON.stringify(first));
    expect(await create(attemptKey)).toEqual({ ok: true, data: { status: "created", id: first.data.id, replayed: true } });
    expect(await testDb().fundingAccountSlot.findMany({ where: { organizationId: team.org.id } })).toEqual([
      expect.objectContaining({ attemptKey, status: "created", fundingAccountId: first.data.id, createdById: team.operator.id }),
    ]);
  });

  it("gives the slot back when the provider refuses, since nothing was created", async () => {
    const r = await createFundingAccount({
      attemptKey: randomUUID(),
      customer_id: randomUUID(),
      rail: "NGN_VIRTUAL_ACCOUNT",
      type: "PERMANENT",
      settlement_type: "INTERNAL_BALANCE",
    });
    expect(r.ok).toBe(false);
    expect(await slots()).toBe(0);
  });

  it("gives the slot back when the merchant is frozen", async () => {
    const frozen = await createTeam();
    await storeKey(frozen.org.id, frozen.admin.id, SEED_KEYS.frozen);
    signInAs(await testDb().user.findUniqueOrThrow({ where: { id: frozen.operator.id } }));
    const list = (await (await emu.request("/v1/customers?limit=1", { apiKey: SEED_KEYS.frozen })).json()) as { data: { id: string }[] };
    const r = await createFundingAccount({
      attemptKey: randomUUID(),
      customer_id: list.data[0]!.id,
      rail: "NGN_VIRTUAL_ACCOUNT",
      type: "PERMANENT",
      settlement_type: "INTERNAL_BALANCE",
    });
    expect(r).toMatchObject({ ok: true, data: { status: "frozen" } });
    expect(await slots(frozen.org.id)).toBe(0);
  });

  it("keeps the slot when the outcome is unknown, since the account may exist", async () => {
    await emu.control.setFaults({ path_prefix: "/v1/funding-accounts", error_status: 500, times: 10 });
    const r = await create();
    expect(r.ok).toBe(false);
    expect(await testDb().fundingAccountSlot.findMany({ where: { organizationId: team.org.id } })).toEqual([expect.objectContaining({ status: "reserved" })]);
  });
});
