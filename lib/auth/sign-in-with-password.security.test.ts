/**
 * Security promises of email and password sign-in (issue: controls no single person can get around):
 * - the throttle counts the address the app's own proxies saw, not one the client wrote;
 * - an attempt is counted before the password is checked, so parallel guesses cannot outrun it;
 * - a stranger who knows someone's email is throttled, but cannot lock the owner out.
 */
import { randomInt } from "node:crypto";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createTeam, testDb } from "@/test/factories";
import { authorizeCredentials } from "./credentials";
import { hashPassword } from "./password";

// Counts the password checks the sign-in makes (the slow, guessable step).
const checks = vi.hoisted(() => ({ count: 0 }));
vi.mock("./password", async (importOriginal) => {
  const real = await importOriginal<typeof import("./password")>();
  return { ...real, verifyPassword: (...args: Parameters<typeof real.verifyPassword>) => (checks.count++, real.verifyPassword(...args)) };
});

// One load balancer in front of the app, appending the address that connected to it.
process.env.TRUSTED_PROXY_COUNT = "1"; // read by lib/env.ts on first use

// The promises, in numbers (lib/auth/throttle.ts).
const GUESSES_PER_ACCOUNT_AND_ADDRESS = 5;
const GUESSES_PER_ADDRESS = 20;
const GUESSES_PER_ACCOUNT = 50;

const PASSWORD = "correct horse battery";
let team: Awaited<ReturnType<typeof createTeam>>;
// Addresses of this file only, so counters left by other test files never meet these.
const net = `10.${randomInt(1, 255)}.${randomInt(1, 255)}`;
const address = (host: number) => `${net}.${host}`;
/** A request that came through the load balancer from `peer`, with whatever the client wrote before it. */
const via = (peer: string, clientWrote?: string) => new Headers({ "x-forwarded-for": clientWrote ? `${clientWrote}, ${peer}` : peer, "user-agent": "vitest" });
const forged = () => `${randomInt(1, 224)}.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
const attempt = (email: string, password: string, headers: Headers) =>
  authorizeCredentials({ email, password }, headers).then(
    () => "ok",
    (e: { code?: string }) => (e.code?.startsWith("throttled:") ? "throttled" : (e.code ?? "thrown")),
  );

beforeAll(async () => {
  team = await createTeam(await hashPassword(PASSWORD));
});

describe("the sign-in throttle keys on the address the proxies saw", () => {
  it("throttles an address that writes a new X-Forwarded-For on every guess", async () => {
    const attacker = address(1);
    const codes: string[] = [];
    for (let i = 0; i < GUESSES_PER_ADDRESS; i++) codes.push(await attempt(`spray-${i}-${team.tag}@nowhere.example`, "guess", via(attacker, forged())));
    expect(codes.at(-1)).toBe("throttled");
    // Still the same client, whatever it writes next; another address is not affected.
    expect(await attempt(team.viewer.email, PASSWORD, via(attacker, forged()))).toBe("throttled");
    expect(await attempt(team.viewer.email, PASSWORD, via(address(2), forged()))).toBe("ok");
  });

  it("records the address the proxy saw in the audit log, not the one the client wrote", async () => {
    expect(await attempt(team.operator.email, PASSWORD, via(address(3), "203.0.113.250"))).toBe("ok");
    const audit = await testDb().auditLog.findFirstOrThrow({ where: { actorId: team.operator.id, action: "auth.sign_in" }, orderBy: { at: "desc" } });
    expect(audit.ip).toBe(address(3));
  });
});

describe("parallel guesses cannot outrun the throttle", () => {
  it("checks at most the allowed number of passwords when many guesses arrive at once", async () => {
    const before = checks.count;
    const codes = await Promise.all(Array.from({ length: 30 }, (_, i) => attempt(team.approver.email, i === 29 ? PASSWORD : `guess-${i}`, via(address(4)))));
    expect(checks.count - before).toBeLessThanOrEqual(GUESSES_PER_ACCOUNT_AND_ADDRESS);
    expect(codes.filter((c) => c === "throttled").length).toBeGreaterThanOrEqual(30 - GUESSES_PER_ACCOUNT_AND_ADDRESS);
  });
});

describe("a stranger who knows an email cannot lock its owner out", () => {
  it("throttles the stranger's address while the owner still signs in from theirs", async () => {
    const { admin } = await createTeam(await hashPassword(PASSWORD));
    const stranger = address(10);
    for (let i = 0; i < GUESSES_PER_ACCOUNT_AND_ADDRESS; i++) await attempt(admin.email, `guess-${i}`, via(stranger));
    // The stranger is stopped, even with the right password now.
    expect(await attempt(admin.email, PASSWORD, via(stranger))).toBe("throttled");
    // The owner, from their own address, is not.
    expect(await attempt(admin.email, PASSWORD, via(address(11)))).toBe("ok");
  });

  it("past the account's ceiling, closes the account to new addresses but not to the owner's", async () => {
    const { admin } = await createTeam(await hashPassword(PASSWORD));
    const home = address(20);
    expect(await attempt(admin.email, PASSWORD, via(home))).toBe("ok"); // the owner signed in here before

    // Guesses spread over many addresses, each staying under its own limit.
    const addresses = Math.ceil(GUESSES_PER_ACCOUNT / GUESSES_PER_ACCOUNT_AND_ADDRESS);
    await Promise.all(
      Array.from({ length: addresses }, async (_, a) => {
        for (let i = 0; i < GUESSES_PER_ACCOUNT_AND_ADDRESS; i++) await attempt(admin.email, `guess-${a}-${i}`, via(address(100 + a)));
      }),
    );
    const before = checks.count;
    expect(await attempt(admin.email, PASSWORD, via(address(200)))).toBe("throttled");
    expect(checks.count).toBe(before); // refused without a password check
    expect(await attempt(admin.email, PASSWORD, via(home))).toBe("ok");
  });
});

describe("the throttle's table does not grow for ever", () => {
  it("forgets counters untouched for a day once their lock has run out, and keeps the rest", async () => {
    const stale = `address:${address(250)}`;
    const locked = `address:${address(251)}`;
    const dayAgo = new Date(Date.now() - 25 * 3600_000);
    await testDb().signInThrottle.createMany({
      data: [
        { key: stale, failures: 3, windowStart: dayAgo, updatedAt: dayAgo },
        { key: locked, failures: 20, windowStart: dayAgo, updatedAt: dayAgo, lockedUntil: new Date(Date.now() + 600_000) },
      ],
    });
    await testDb().$executeRaw`UPDATE sign_in_throttle SET updated_at = ${dayAgo} WHERE key IN (${stale}, ${locked})`;
    // A new address's first attempt sweeps.
    expect(await attempt(team.viewer.email, PASSWORD, via(address(252)))).toBe("ok");
    expect(await testDb().signInThrottle.findUnique({ where: { key: stale } })).toBeNull();
    expect(await testDb().signInThrottle.findUnique({ where: { key: locked } })).not.toBeNull();
  });
});
