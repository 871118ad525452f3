import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { createTeam, testDb } from "@/test/factories";
import { LedgerError, beginAttempt, canonicalJson, finishAttempt, requestHash } from "./ledger";

let orgId: string;
beforeEach(async () => {
  orgId = (await createTeam()).org.id;
});

const input = (attemptKey: string, requestBody: unknown = { amount: "100.00", currency: "NGN" }) => ({
  organizationId: orgId,
  environment: "sandbox" as const,
  surface: "core" as const,
  operation: "core.createTransfer",
  attemptKey,
  requestBody,
});

describe("idempotency ledger", () => {
  it("hashes requests canonically (key order does not matter, values do)", () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: null } })).toBe('{"a":{"c":null,"d":[1,{"x":1,"y":2}]},"b":1}');
    expect(requestHash("op", { a: 1, b: 2 })).toBe(requestHash("op", { b: 2, a: 1 }));
    expect(requestHash("op", { a: 1 })).not.toBe(requestHash("op", { a: 2 }));
    expect(requestHash("op1", { a: 1 })).not.toBe(requestHash("op2", { a: 1 }));
  });

  it("stores the key before the call and reuses it for a retry of the same attempt", async () => {
    const attemptKey = randomUUID();
    const first = await beginAttempt(testDb(), input(attemptKey));
    expect(first).toMatchObject({ kind: "send", retry: false });
    const row = await testDb().idempotencyRecord.findUniqueOrThrow({ where: { organizationId_attemptKey: { organizationId: orgId, attemptKey } } });
    expect(row).toMatchObject({ status: "pending", idempotencyKey: first.idempotencyKey });

    await finishAttempt(testDb(), first.id, { status: "unknown" });
    const again = await beginAttempt(testDb(), input(attemptKey, { currency: "NGN", amount: "100.00" }));
    expect(again).toMatchObject({ kind: "send", retry: true, idempotencyKey: first.idempotencyKey });
  });

  it("a double click (two concurrent begins) ends up with one row and one key", async () => {
    const attemptKey = randomUUID();
    const [a, b] = await Promise.all([beginAttempt(testDb(), input(attemptKey)), beginAttempt(testDb(), input(attemptKey))]);
    expect(a.idempotencyKey).toBe(b.idempotencyKey);
    expect(await testDb().idempotencyRecord.count({ where: { organizationId: orgId, attemptKey } })).toBe(1);
  });

  it("answers an attempt that already succeeded from the ledger", async () => {
    const attemptKey = randomUUID();
    const first = await beginAttempt(testDb(), input(attemptKey));
    await finishAttempt(testDb(), first.id, { status: "succeeded", responseStatus: 201, responseBody: { id: "t1", status: "PROCESSING" } });
    const replay = await beginAttempt(testDb(), input(attemptKey));
    expect(replay).toEqual({
      kind: "replay",
      id: first.id,
      idempotencyKey: first.idempotencyKey,
      responseStatus: 201,
      responseBody: { id: "t1", status: "PROCESSING" },
    });
  });

  it("refuses the same attempt key with a different request while its outcome is open, with a sentence", async () => {
    const attemptKey = randomUUID();
    await beginAttempt(testDb(), input(attemptKey));
    const err = await beginAttempt(testDb(), input(attemptKey, { amount: "999.00", currency: "NGN" })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LedgerError);
    expect((err as LedgerError).message).toMatch(/already submitted with other values/);
  });

  it("refuses a changed request on an attempt that already went through", async () => {
    const attemptKey = randomUUID();
    const first = await beginAttempt(testDb(), input(attemptKey));
    await finishAttempt(testDb(), first.id, { status: "succeeded", responseStatus: 201, responseBody: {} });
    await expect(beginAttempt(testDb(), input(attemptKey, { amount: "1.00" }))).rejects.toThrow(/already submitted and went through/);
  });

  it("after a definitive refusal, a corrected resubmission gets a new key (the old one would replay the refusal)", async () => {
    const attemptKey = randomUUID();
    const first = await beginAttempt(testDb(), input(attemptKey, { amount: "1.00", currency: "NGN" }));
    await finishAttempt(testDb(), first.id, { status: "failed", responseStatus: 400, responseBody: { code: "validation_failed" } });
    const fixed = await beginAttempt(testDb(), input(attemptKey, { amount: "100.00", currency: "NGN" }));
    expect(fixed.kind).toBe("send");
    expect(fixed.idempotencyKey).not.toBe(first.idempotencyKey);
    expect(fixed.id).toBe(first.id);
    const row = await testDb().idempotencyRecord.findUniqueOrThrow({ where: { id: first.id } });
    expect(row).toMatchObject({ status: "pending", responseStatus: null, responseBody: null });
  });

  it("keeps attempts of different organizations apart", async () => {
    const attemptKey = randomUUID();
    const mine = await beginAttempt(testDb(), input(attemptKey));
    const otherOrg = (await createTeam()).org.id;
    const theirs = await beginAttempt(testDb(), { ...input(attemptKey), organizationId: otherOrg });
    expect(theirs.idempotencyKey).not.toBe(mine.idempotencyKey);
  });

  it("refuses a malformed attempt key", async () => {
    await expect(beginAttempt(testDb(), input("x"))).rejects.toThrow("This form has expired. Reload the page and submit it again.");
  });
});
