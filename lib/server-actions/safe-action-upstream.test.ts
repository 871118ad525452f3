import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { SEED_KEYS, withEmulator, type TestEmulator } from "@/emulator/testing";
import { withAttemptKey } from "@/lib/upstream/attempt";
import * as core from "@/lib/upstream/core";
import { countingFetch, emulatorClient, fixedKeys } from "@/lib/upstream/testing";
import { createTeam, testDb } from "@/test/factories";
import { signInAs } from "@/test/session";
import { errorFromResponse } from "@/lib/upstream/errors";
import { defineAction, upstreamFieldErrors } from "./safe-action";

let emu: TestEmulator;
let team: Awaited<ReturnType<typeof createTeam>>;
const net = countingFetch();

beforeAll(async () => {
  emu = await withEmulator({ rateLimitPerMinute: 0, logLevel: "silent" });
});
afterAll(() => emu.close());
beforeEach(async () => {
  team = await createTeam();
  signInAs(await testDb().user.findUniqueOrThrow({ where: { id: team.operator.id } }));
  net.calls.length = 0;
});

// A transfer form as a page would build it: the API's field names, plus the attempt key.
const transferForm = withAttemptKey({ recipient_id: z.string(), currency: z.string(), amount: z.string() });

const createTransfer = defineAction(
  { name: "test.create_transfer", permission: "transfer:create", input: transferForm },
  async ({ input, user, attempt, audit }) => {
    const client = emulatorClient(testDb(), emu.url, fixedKeys({ core: SEED_KEYS.full }), { fetch: net.fetch, budgetLimit: 100_000 });
    const { attemptKey: _key, ...body } = input;
    const r = await core.createTransfer({ client, organizationId: user.organizationId, environment: user.environment }, body, attempt!);
    await testDb().$transaction((tx) =>
      audit(tx, { action: "transfer.created", targetType: "transfer", targetId: r.data.id, after: { amount: r.data.amount } }),
    );
    return { id: r.data.id, replayed: r.replayed ?? false };
  },
);

async function recipientId(): Promise<string> {
  const res = await emu.request("/v1/recipients?limit=100");
  const body = (await res.json()) as { data: { id: string; type: string }[] };
  return body.data.find((r) => r.type === "BANK_ACCOUNT")!.id;
}

describe("safe-action with upstream writes", () => {
  it("gives the run the form's attempt: a resubmission of the same form is answered from the ledger", async () => {
    const input = { attemptKey: randomUUID(), recipient_id: await recipientId(), currency: "NGN", amount: "1000.00" };
    const first = await createTransfer(input);
    if (!first.ok) throw new Error(first.error);
    const again = await createTransfer(input);
    expect(again).toEqual({ ok: true, data: { id: first.data.id, replayed: true } });
    expect(net.count((c) => c.method === "POST")).toBe(1);
  });

  it("puts the provider's field errors on the form's fields", async () => {
    const r = await createTransfer({ attemptKey: randomUUID(), recipient_id: await recipientId(), currency: "NGN", amount: "5.00" });
    expect(r).toMatchObject({
      ok: false,
      error: "The provider refused some fields. Correct them and submit again.",
      fieldErrors: { amount: expect.stringMatching(/100/) },
    });
  });

  it("renames provider fields to the form's, and names those the form lacks in the sentence", () => {
    const err = errorFromResponse({
      op: { surface: "core", environment: "sandbox", method: "POST", path: "/merchant/withdrawals" },
      status: 400,
      body: {
        error: {
          code: "validation_failed",
          message: "x",
          details: { fields: { amount_usd: "must be at least 5.00", chain: "is required", "destination.iban": "is invalid" } },
        },
      },
      requestId: null,
    });
    const form = z.object({ amount: z.string(), chain: z.string() });
    expect(upstreamFieldErrors(err, form, { amount_usd: "amount" })).toEqual({
      error: "The provider refused some fields. Correct them and submit again. The provider also said: destination.iban is invalid.",
      fieldErrors: { amount: "must be at least 5.00", chain: "is required" },
    });
  });

  it("refuses a changed resubmission of an unfinished attempt with a sentence", async () => {
    const attemptKey = randomUUID();
    await emu.control.setFaults({ path_prefix: "/v1/transfers", method: "POST", error_status: 503 });
    try {
      const first = await createTransfer({ attemptKey, recipient_id: await recipientId(), currency: "NGN", amount: "1000.00" });
      expect(first).toMatchObject({ ok: false, error: expect.stringMatching(/outcome is unknown/) });
      const changed = await createTransfer({ attemptKey, recipient_id: await recipientId(), currency: "NGN", amount: "2000.00" });
      expect(changed).toMatchObject({ ok: false, error: expect.stringMatching(/already submitted with other values/) });
    } finally {
      await emu.control.clearFaults();
    }
  });

  it("refuses an input without a valid attempt key before anything is sent", async () => {
    const r = await createTransfer({ attemptKey: "nope", recipient_id: "x", currency: "NGN", amount: "1" });
    expect(r).toEqual({
      ok: false,
      error: "Some fields need attention.",
      fieldErrors: { attemptKey: "This form has expired. Reload the page and submit it again." },
    });
    expect(net.count()).toBe(0);
  });
});
