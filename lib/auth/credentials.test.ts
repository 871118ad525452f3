import { beforeAll, describe, expect, it } from "vitest";
import { createTeam, testDb } from "@/test/factories";
import { authorizeCredentials } from "./credentials";
import { hashPassword } from "./password";
import { THROTTLE_POLICY } from "./throttle";

const PASSWORD = "correct horse battery";
let team: Awaited<ReturnType<typeof createTeam>>;
const from = (ip: string) => new Headers({ "x-forwarded-for": ip, "user-agent": "vitest" });
const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => "ok",
    (e: { code?: string }) => e.code ?? "thrown",
  );

beforeAll(async () => {
  team = await createTeam(await hashPassword(PASSWORD));
});

describe("sign-in with email and password", () => {
  it("signs in with the right password, any email case, and writes an audit row", async () => {
    const user = await authorizeCredentials({ email: team.viewer.email.toUpperCase(), password: PASSWORD }, from("198.51.100.1"));
    expect(user.id).toBe(team.viewer.id);
    const audit = await testDb().auditLog.findFirst({ where: { actorId: team.viewer.id, action: "auth.sign_in" } });
    expect(audit?.ip).toBe("198.51.100.1");
  });

  it("gives one message for a wrong password and an unknown email", async () => {
    expect(await codeOf(authorizeCredentials({ email: team.operator.email, password: "wrong password" }, from("198.51.100.2")))).toBe("invalid");
    expect(await codeOf(authorizeCredentials({ email: "nobody@nowhere.example", password: PASSWORD }, from("198.51.100.2")))).toBe("invalid");
  });

  it("refuses a disabled user even with the right password", async () => {
    await testDb().user.update({ where: { id: team.approver.id }, data: { disabled: true } });
    expect(await codeOf(authorizeCredentials({ email: team.approver.email, password: PASSWORD }, from("198.51.100.3")))).toBe("disabled");
  });

  it("locks an account from an address after repeated wrong passwords, even with the right one", async () => {
    const { maxAttempts } = THROTTLE_POLICY.pair;
    const codes: string[] = [];
    for (let i = 0; i < maxAttempts; i++) {
      codes.push(await codeOf(authorizeCredentials({ email: team.admin.email, password: `nope-${i}` }, from("198.51.100.10"))));
    }
    expect(codes.slice(0, -1).every((c) => c === "invalid")).toBe(true);
    expect(codes.at(-1)).toMatch(/^throttled:1[45]$/);
    expect(await codeOf(authorizeCredentials({ email: team.admin.email, password: PASSWORD }, from("198.51.100.10")))).toMatch(/^throttled:/);
    // The lock lives in the database, where every app instance reads it.
    const row = await testDb().signInThrottle.findUnique({ where: { key: `pair:${team.admin.email}|198.51.100.10` } });
    expect(row?.lockedUntil?.getTime()).toBeGreaterThan(Date.now());
  });

  it("locks an address that tries many accounts", async () => {
    const { maxAttempts } = THROTTLE_POLICY.address;
    let last = "";
    for (let i = 0; i < maxAttempts; i++) last = await codeOf(authorizeCredentials({ email: `spray-${i}@nowhere.example`, password: "x" }, from("192.0.2.77")));
    expect(last).toMatch(/^throttled:/);
    expect(await codeOf(authorizeCredentials({ email: team.viewer.email, password: PASSWORD }, from("192.0.2.77")))).toMatch(/^throttled:/);
    expect(await codeOf(authorizeCredentials({ email: team.viewer.email, password: PASSWORD }, from("192.0.2.78")))).toBe("ok");
  });
});
