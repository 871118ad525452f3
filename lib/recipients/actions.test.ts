/**
 * The recipient action and list route against a real PostgreSQL and a real sandbox emulator,
 * called directly as each role.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { MERCHANTS } from "@/emulator/testing";
import { GET as getCustomers } from "@/app/api/customers/route";
import { GET as listRecipients } from "@/app/api/recipients/route";
import { createRecipient } from "@/lib/recipients/create-recipient";
import type { CustomerOption } from "@/lib/funding-accounts/views";
import type { Recipient } from "@/lib/upstream/schemas/core";
import { testDb } from "@/test/factories";
import { MESSAGES, type CreateRecipientInput } from "./schema";
import type { RecipientListView } from "./views";
import { JANE_SMITH_SWIFT_ACCOUNT, sandboxAndTeamPerTest, signInAsMember } from "@/test/fixtures";
import { fillCopy } from "@/test/ledger";

const suite = sandboxAndTeamPerTest();
const REFUSED = { ok: false, error: "Your role does not allow this. Ask an admin if you need it." };

const as = (who: "viewer" | "operator" | "approver" | "admin") => signInAsMember(suite.team, who);

async function call<T>(handler: (r: Request) => Promise<Response>, path: string): Promise<{ status: number; body: T }> {
  const res = await handler(new Request(`http://app.test${path}`));
  return { status: res.status, body: (await res.json()) as T };
}

/** A seeded customer by first name: Amaka (tier 2, onboarded), Chioma (tier 2, no banking partner), Segun (tier 1). */
async function customer(firstName: string): Promise<CustomerOption> {
  await fillCopy({ organizationId: suite.team.org.id, environment: "sandbox" }, ["customer"]);
  const r = await call<{ customers: CustomerOption[] }>(getCustomers, "/api/customers");
  return r.body.customers.find((c) => c.name.startsWith(firstName))!;
}

const usAddress = { street_line_1: "350 Fifth Avenue", city: "New York", state: "NY", postal_code: "10118", country: "USA" };

async function usInput(customerId: string, accountNumber = "000987654321"): Promise<CreateRecipientInput> {
  return {
    attemptKey: randomUUID(),
    type: "US_BANK_ACCOUNT",
    customer_id: customerId,
    us_bank_account: {
      account_owner_name: "Amaka Obi",
      account_number: accountNumber,
      routing_number: "011000015",
      bank_name: "Bank of Boston",
      account_type: "savings",
      payout_scheme: "wire",
      address: usAddress,
    },
  };
}

/** The demo merchant's recipients as the emulator stores them (full numbers included). */
async function stored(): Promise<(Recipient & { bank_account: { account_number?: string } | null })[]> {
  const res = await fetch(`${suite.emu.url}/__emulator/state`);
  const state = (await res.json()) as { surfaces: { core: Record<string, { recipients: never[] }> } };
  return state.surfaces.core[MERCHANTS.demo]!.recipients;
}
const recipientCount = async () => (await stored()).length;

describe("who may create recipients", () => {
  it.each(["viewer", "approver"] as const)("refuses the %s role and sends nothing", async (role) => {
    await as(role);
    const before = await recipientCount();
    const r = await createRecipient({
      attemptKey: randomUUID(),
      type: "CRYPTO_ADDRESS",
      crypto_address: { asset: "USDC", chain: "BASE", address: "0x1111111111111111111111111111111111111111" },
    });
    expect(r).toEqual(REFUSED);
    expect(await recipientCount()).toBe(before);
    expect(await testDb().auditLog.count({ where: { organizationId: suite.team.org.id } })).toBe(0);
  });

  it("lets a viewer read the list, filtered by type and searched by name or last four digits", async () => {
    await fillCopy({ organizationId: suite.team.org.id, environment: "sandbox" }, ["recipient"]);
    await as("viewer");
    const byType = await call<RecipientListView>(listRecipients, "/api/recipients?type=BANK_ACCOUNT");
    expect(byType.status).toBe(200);
    expect(byType.body.rows.length).toBeGreaterThan(0);
    expect(new Set(byType.body.rows.map((r) => r.type))).toEqual(new Set(["BANK_ACCOUNT"]));
    // Numbers are masked: only the last four ever reach the browser.
    expect(JSON.stringify(byType.body)).not.toMatch(/069000003\d/);

    const byName = await call<RecipientListView>(listRecipients, "/api/recipients?q=adaeze");
    expect(byName.body.rows.map((r) => r.bank_account?.account_name)).toEqual(["Adaeze Okonkwo"]);
    const byLast4 = await call<RecipientListView>(listRecipients, "/api/recipients?q=3000");
    expect(byLast4.body.rows.map((r) => r.type)).toEqual(["SWIFT_BANK_ACCOUNT"]);
    const none = await call<RecipientListView>(listRecipients, "/api/recipients?q=nobody-by-this-name&type=CRYPTO_ADDRESS");
    expect(none.body).toMatchObject({ rows: [], total: 0, searchedAll: true });
  });
});

describe("an operator creates recipients", () => {
  it("creates a Nigerian bank account once, however often the form is submitted, with one audit row", async () => {
    await as("operator");
    const input: CreateRecipientInput = {
      attemptKey: randomUUID(),
      type: "BANK_ACCOUNT",
      bank_account: { bank_code: "044", account_number: "0690000033", account_name: "Chinedu Eze" },
    };
    const first = await createRecipient(input);
    if (!first.ok) throw new Error(`${first.error} ${JSON.stringify(first.fieldErrors)}`);
    expect(first.data).toMatchObject({ status: "created", replayed: false });
    expect(await createRecipient(input)).toEqual({ ok: true, data: { status: "created", id: first.data.id, replayed: true } });

    const audit = await testDb().auditLog.findMany({ where: { organizationId: suite.team.org.id, action: "recipient.created" } });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ targetId: first.data.id, environment: "sandbox", actorId: suite.team.operator.id });
    const saved = (await stored()).find((r) => r.id === first.data.id);
    expect(saved).toMatchObject({ type: "BANK_ACCOUNT", first_name: "Chinedu", last_name: "Eze" });
  });

  it("creates a crypto address, a US bank account and a SWIFT bank account", async () => {
    await as("operator");
    const amaka = await customer("Amaka");
    const crypto = await createRecipient({
      attemptKey: randomUUID(),
      type: "CRYPTO_ADDRESS",
      crypto_address: { asset: "USDT", chain: "ARBITRUM", address: "0x2222222222222222222222222222222222222222" },
    });
    const us = await createRecipient(await usInput(amaka.id));
    const swift = await createRecipient({
      attemptKey: randomUUID(),
      type: "SWIFT_BANK_ACCOUNT",
      customer_id: amaka.id,
      swift_bank_account: { ...JANE_SMITH_SWIFT_ACCOUNT, purpose_of_funds: ["invoice_for_goods_and_services", "intra_group_transfer"] },
    });
    for (const r of [crypto, us, swift]) {
      if (!r.ok) throw new Error(`${r.error} ${JSON.stringify(r.fieldErrors)}`);
      expect(r.data.status).toBe("created");
    }
    const state = await stored();
    const byId = (r: typeof crypto) => state.find((x) => r.ok && x.id === r.data.id);
    expect(byId(crypto)).toMatchObject({ type: "CRYPTO_ADDRESS", crypto_address: { asset: "USDT", chain: "ARBITRUM" } });
    expect(byId(us)).toMatchObject({ type: "US_BANK_ACCOUNT", customer_id: amaka.id, us_bank_account: { payout_scheme: "wire", address: { state: "NY" } } });
    expect(byId(swift)).toMatchObject({
      type: "SWIFT_BANK_ACCOUNT",
      swift_bank_account: { iban: "GB82WEST12345698765432", first_name: "Jane", business_name: null },
    });
    expect(await testDb().auditLog.count({ where: { organizationId: suite.team.org.id, action: "recipient.created" } })).toBe(3);
  });

  it("says when the provider already had these account details, and audits nothing", async () => {
    await as("operator");
    const seeded = (await stored()).find((r) => r.bank_account?.account_number === "0690000031")!;
    const before = await recipientCount();
    const r = await createRecipient({
      attemptKey: randomUUID(),
      type: "BANK_ACCOUNT",
      bank_account: { bank_code: "044", account_number: "0690000031", account_name: "Adaeze Okonkwo" },
    });
    expect(r).toEqual({ ok: true, data: { status: "existing", id: seeded.id, replayed: false } });
    expect(await recipientCount()).toBe(before);
    expect(await testDb().auditLog.count({ where: { organizationId: suite.team.org.id } })).toBe(0);
  });

  it("puts the provider's field errors on the fields, as sentences", async () => {
    await as("operator");
    const r = await createRecipient({
      attemptKey: randomUUID(),
      type: "BANK_ACCOUNT",
      bank_account: { bank_code: "044", account_number: "0690000040", account_name: "Someone" },
    });
    expect(r).toMatchObject({
      ok: false,
      error: "The provider refused some fields. Correct them and submit again.",
      fieldErrors: { "bank_account.account_number": expect.stringMatching(/^No account 0690000040 at .+\.$/) },
    });
  });

  it("explains the tier 2 requirement when the customer lacks it, or lacks the banking partner", async () => {
    await as("operator");
    const tier1 = await createRecipient(await usInput((await customer("Segun")).id, "000111222333"));
    expect(tier1).toMatchObject({ ok: false, fieldErrors: { customer_id: MESSAGES.tier2 } });
    const noPartner = await createRecipient(await usInput((await customer("Chioma")).id, "000111222334"));
    expect(noPartner).toMatchObject({ ok: false, fieldErrors: { customer_id: MESSAGES.bankingPartner } });
  });

  it("refuses invalid input before anything is sent", async () => {
    await as("operator");
    const before = await recipientCount();
    const r = await createRecipient({
      ...(await usInput((await customer("Amaka")).id)),
      us_bank_account: { ...(await usInput("x")).us_bank_account, routing_number: "021000022" },
    });
    expect(r).toMatchObject({ ok: false, error: "Some fields need attention.", fieldErrors: { "us_bank_account.routing_number": MESSAGES.routing } });
    expect(await recipientCount()).toBe(before);
  });
});
