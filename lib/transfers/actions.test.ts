/**
 * The transfer action, its approval executor and its read routes against a real PostgreSQL and a
 * real emulator, called as each role. Money movement is checked in the emulator's own state.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { SEED_KEYS } from "@/emulator/testing";
import { GET as listRoute } from "@/app/api/transfers/route";
import { GET as detailRoute } from "@/app/api/transfers/[id]/route";
import { approveRequest } from "@/lib/approvals/approve-request";
import { createTransfer } from "@/lib/transfers/create-transfer";
import { SELF_APPROVAL } from "@/lib/approvals/decide";
import { testDb } from "@/test/factories";
import { signOutTest } from "@/test/session";
import { quoteTransfer } from "./quote";
import type { CreateTransferInput } from "./schema";
import type { TransferListView, TransferView } from "./views";
import { callRoute, sandboxAndTeamPerTest, signInAsMember, toNewBankAccount } from "@/test/fixtures";
import { fillCopy } from "@/test/ledger";

const suite = sandboxAndTeamPerTest();
const REFUSED = { ok: false, error: "Your role does not allow this. Ask an admin if you need it." };

const as = (who: "viewer" | "operator" | "approver" | "admin") => signInAsMember(suite.team, who);

interface EmuRecipient {
  id: string;
  type: string;
  bank_account: { account_number_last4: string; bank_name: string; account_name: string } | null;
}
async function recipients(): Promise<EmuRecipient[]> {
  return ((await (await suite.emu.request("/v1/recipients?limit=100")).json()) as { data: EmuRecipient[] }).data;
}
async function bankRecipient(last4 = "0031"): Promise<EmuRecipient> {
  return (await recipients()).find((r) => r.type === "BANK_ACCOUNT" && r.bank_account?.account_number_last4 === last4)!;
}
/** How many transfers the provider holds: the emulator's own count. */
async function transferCount(): Promise<number> {
  return ((await (await suite.emu.request("/v1/transfers?limit=1")).json()) as { total: number }).total;
}
async function providerTransfer(id: string): Promise<Record<string, unknown> & { amount: string; debit_amount: string; fee: string; reference: string }> {
  const res = await suite.emu.request(`/v1/transfers/${id}`);
  expect(res.status).toBe(200);
  return (await res.json()) as never;
}
async function setThreshold(currency: string, amount: string, kind = "transfer") {
  await testDb().approvalThreshold.create({ data: { organizationId: suite.team.org.id, kind, currency, amount } });
}
const toSaved = (recipient_id: string, amount: string, extra: Partial<CreateTransferInput> = {}): CreateTransferInput => ({
  attemptKey: randomUUID(),
  recipient_mode: "existing",
  recipient_id,
  currency: "NGN",
  amount,
  ...extra,
});

describe("who may send transfers", () => {
  it("refuses without a session", async () => {
    expect(await createTransfer(toSaved(randomUUID(), "1000"))).toEqual({ ok: false, error: "Your session has ended. Sign in again." });
  });

  it.each(["viewer", "approver"] as const)("refuses a %s and sends nothing", async (role) => {
    await setThreshold("NGN", "1000000");
    const before = await transferCount();
    await as(role);
    expect(await createTransfer(toSaved((await bankRecipient()).id, "1000"))).toEqual(REFUSED);
    expect(await transferCount()).toBe(before);
    expect(await testDb().approvalRequest.count({ where: { organizationId: suite.team.org.id } })).toBe(0);
    expect(await testDb().auditLog.count({ where: { organizationId: suite.team.org.id } })).toBe(0);
  });
});

describe("at or under the threshold", () => {
  it("sends at once, debits what the quote said, and a resubmission of the same form pays once", async () => {
    await setThreshold("NGN", "500000");
    const r0 = await bankRecipient();
    await as("operator");
    const before = await transferCount();
    const input = toSaved(r0.id, "25000", { reference: `INV-${randomUUID().slice(0, 8)}` });
    const rate = (await (await suite.emu.request("/v1/rates?from=NGN&to=USD&side=SELL")).json()) as { rate: string; fee_bps: number };
    const first = await createTransfer(input);
    if (!first.ok) throw new Error(first.error);
    expect(first.data).toMatchObject({
      outcome: "sent",
      status: "PROCESSING",
      replayed: false,
      summary: "Transfer ₦25,000.00 to Adaeze Okonkwo, Access Bank ••••0031",
    });
    const id = (first.data as { id: string }).id;

    const t = await providerTransfer(id);
    const quote = quoteTransfer({ currency: "NGN", amount: "25000", rate: { value: rate.rate, feeBps: rate.fee_bps } })!;
    expect(t).toMatchObject({ amount: "25000.00", currency: "NGN", reference: input.reference, debit_amount: quote.debitAmount, fee: quote.fee });

    const again = await createTransfer(input);
    expect(again).toMatchObject({ ok: true, data: { outcome: "sent", id, replayed: true } });
    expect(await transferCount()).toBe(before + 1);

    const audit = await testDb().auditLog.findMany({ where: { organizationId: suite.team.org.id, action: "money_movement.sent" } });
    expect(audit).toHaveLength(2); // the send, and the replay answered from the ledger
    expect(audit.every((a) => a.targetType === "transfer" && a.targetId === id && a.actorId === suite.team.operator.id)).toBe(true);
    expect(JSON.stringify(audit.map((a) => a.after))).not.toContain(SEED_KEYS.full);
  });

  it("pays a new NGN bank account given inline, which the provider then keeps as a recipient", async () => {
    await setThreshold("NGN", "500000");
    await as("operator");
    const r = await createTransfer(toNewBankAccount("1500.50"));
    if (!r.ok) throw new Error(r.error);
    expect(r.data).toMatchObject({ outcome: "sent", summary: "Transfer ₦1,500.50 to Funmilayo Bello, Access Bank ••••0036" });
    const t = await providerTransfer((r.data as { id: string }).id);
    expect(t).toMatchObject({
      amount: "1500.50",
      recipient: { type: "BANK_ACCOUNT", bank_account: expect.objectContaining({ account_number_last4: "0036" }) },
    });
    expect((await recipients()).some((x) => x.bank_account?.account_number_last4 === "0036")).toBe(true);
  });
});

describe("above the threshold: four eyes", () => {
  it("waits, the requester's role or self cannot approve, an approver sends it exactly once with the stored key", async () => {
    await setThreshold("NGN", "500000");
    const r0 = await bankRecipient("0032");
    await as("operator");
    const before = await transferCount();
    const attemptKey = randomUUID();
    const r = await createTransfer({ ...toSaved(r0.id, "612345.67"), attemptKey });
    if (!r.ok || r.data.outcome !== "pending_approval") throw new Error("expected a pending request");
    expect(r.data.summary).toBe("Transfer ₦612,345.67 to Babatunde Adeyemi, Access Bank ••••0032");
    const requestId = r.data.approvalId;
    expect(await transferCount()).toBe(before);
    // Submitting the same form again is the same request, not a second one.
    expect(await createTransfer({ ...toSaved(r0.id, "612345.67"), attemptKey })).toMatchObject({
      ok: true,
      data: { outcome: "pending_approval", approvalId: requestId },
    });
    expect(await testDb().approvalRequest.findUniqueOrThrow({ where: { id: requestId } })).toMatchObject({
      kind: "transfer",
      status: "pending",
      currency: "NGN",
      requestedById: suite.team.operator.id,
    });

    expect(await approveRequest({ requestId })).toEqual(REFUSED);

    await as("approver");
    const [a, b] = await Promise.all([approveRequest({ requestId }), approveRequest({ requestId })]);
    expect([a.ok, b.ok].sort()).toEqual([false, true]);
    expect(await transferCount()).toBe(before + 1);
    const row = await testDb().approvalRequest.findUniqueOrThrow({ where: { id: requestId } });
    expect(row).toMatchObject({ status: "sent", decidedById: suite.team.approver.id, result: { ok: true, response: { status: "PROCESSING" } } });
    const sentId = (row.result as { response: { resourceId: string } }).response.resourceId;
    expect(await providerTransfer(sentId)).toMatchObject({ amount: "612345.67", recipient: { id: r0.id } });
    const ledger = await testDb().idempotencyRecord.findMany({ where: { organizationId: suite.team.org.id, attemptKey } });
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ operation: "core.createTransfer", status: "succeeded" });
  });

  it("refuses an admin approving their own transfer", async () => {
    await setThreshold("NGN", "500000");
    await as("admin");
    const r = await createTransfer(toSaved((await bankRecipient()).id, "750000"));
    if (!r.ok || r.data.outcome !== "pending_approval") throw new Error("expected a pending request");
    expect(await approveRequest({ requestId: r.data.approvalId })).toEqual({ ok: false, error: SELF_APPROVAL });
  });

  it("waits when the currency has no threshold at all (deny by default)", async () => {
    await as("operator");
    const r = await createTransfer(toSaved((await bankRecipient()).id, "100.00"));
    expect(r).toMatchObject({ ok: true, data: { outcome: "pending_approval" } });
  });
});

describe("failures", () => {
  it("after an unknown outcome the same form is retried under the same key, and the provider holds one transfer", async () => {
    await setThreshold("NGN", "500000");
    await as("operator");
    const input = toSaved((await bankRecipient()).id, "4321.00");
    const before = await transferCount();
    await suite.emu.control.setFaults({ path_prefix: "/v1/transfers", method: "POST", malformed_json: true, times: 5 });
    try {
      expect(await createTransfer(input)).toMatchObject({ ok: false, error: expect.stringMatching(/submitting this same form again is safe/) });
    } finally {
      await suite.emu.control.clearFaults();
    }
    expect(await transferCount()).toBe(before + 1);
    const retried = await createTransfer(input);
    if (!retried.ok || retried.data.outcome !== "sent") throw new Error("expected the retry to succeed");
    expect(await transferCount()).toBe(before + 1);
    expect(await providerTransfer(retried.data.id)).toMatchObject({ amount: "4321.00" });
    expect(await testDb().idempotencyRecord.count({ where: { organizationId: suite.team.org.id, attemptKey: input.attemptKey } })).toBe(1);
  });

  it("puts the provider's refusals on the fields: amount minimum, unknown account, and a balance too low", async () => {
    await setThreshold("NGN", "500000");
    await setThreshold("USD", "100000000");
    await as("operator");
    const small = await createTransfer(toSaved((await bankRecipient()).id, "5.00"));
    expect(small).toMatchObject({ ok: false, fieldErrors: { amount: expect.stringMatching(/100/) } });

    const unknown = await createTransfer({
      attemptKey: randomUUID(),
      recipient_mode: "new",
      bank_code: "044",
      account_number: "1234567890",
      account_name: "Nobody",
      currency: "NGN",
      amount: "1000",
    });
    expect(unknown).toMatchObject({ ok: false, fieldErrors: { account_number: expect.any(String) } });

    const us = (await recipients()).find((x) => x.type === "US_BANK_ACCOUNT")!;
    const before = await transferCount();
    const tooMuch = await createTransfer(toSaved(us.id, "9000000.00", { currency: "USD" }));
    expect(tooMuch).toMatchObject({ ok: false, fieldErrors: { amount: expect.stringMatching(/withdrawal balance .* does not cover/) } });
    expect(await transferCount()).toBe(before);
  });

  it("refuses a currency the recipient is not paid in, and a form missing its fields, before anything is sent", async () => {
    await setThreshold("USD", "100000");
    await as("operator");
    const before = await transferCount();
    expect(await createTransfer(toSaved((await bankRecipient()).id, "10.00", { currency: "USD" }))).toMatchObject({
      ok: false,
      fieldErrors: { currency: "A transfer to this recipient is paid in NGN." },
    });
    expect(await createTransfer({ attemptKey: randomUUID(), recipient_mode: "new", currency: "NGN", amount: "" })).toMatchObject({
      ok: false,
      fieldErrors: { amount: "Enter the amount to send.", bank_code: "Choose the recipient's bank.", account_number: "Enter the 10-digit account number." },
    });
    expect(await transferCount()).toBe(before);
  });
});

describe("read routes", () => {
  it("list and detail for a viewer, with the recipient named; unknown ids are 404; no session is 401", async () => {
    await fillCopy({ organizationId: suite.team.org.id, environment: "sandbox" }, ["transfer"]);
    await as("viewer");
    const list = await callRoute<TransferListView>(listRoute, "/api/transfers?status=COMPLETED");
    expect(list.status).toBe(200);
    expect(list.body.rows.length).toBeGreaterThan(0);
    expect(list.body.rows.every((r) => r.transfer.status === "COMPLETED")).toBe(true);
    expect(list.body.rows[0]!.recipient).toMatch(/Access Bank ••••\d{4}$/);
    const id = list.body.rows[0]!.transfer.id;
    const one = await callRoute<TransferView>(detailRoute, `/api/transfers/${id}`, { id });
    expect(one).toMatchObject({ status: 200, body: { transfer: { id, status: "COMPLETED" } } });
    expect((await callRoute(detailRoute, "/api/transfers/nope", { id: "nope" })).status).toBe(404);
    const missing = randomUUID();
    expect((await callRoute(detailRoute, `/api/transfers/${missing}`, { id: missing })).status).toBe(404);
    signOutTest();
    expect((await callRoute(listRoute, "/api/transfers")).status).toBe(401);
  });
});
