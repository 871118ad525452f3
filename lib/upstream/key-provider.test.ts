import { describe, expect, it } from "vitest";
import { cachingKeyProvider, KEY_CACHE_TTL_MS } from "./key-provider";
import type { ActiveApiKey, KeyProvider } from "./types";

const ORG = "11111111-1111-4111-8111-111111111111";
const OTHER = "22222222-2222-4222-8222-222222222222";

/** A vault stand-in: the current key per slot, and how many lookups reached it. */
function fakeVault() {
  const keys = new Map<string, string | null>();
  let lookups = 0;
  let fail = false;
  const inner: KeyProvider = {
    async getActiveApiKey(org, env, surface): Promise<ActiveApiKey | null> {
      lookups++;
      await new Promise((r) => setTimeout(r, 5));
      if (fail) throw new Error("database down");
      const key = keys.get(`${org}:${env}:${surface}`) ?? null;
      return key ? { id: key, key, scopes: ["Read"], prefix: key.slice(0, 11), last4: key.slice(-4) } : null;
    },
    async markKeyUsed() {},
  };
  return { inner, keys, lookups: () => lookups, setFail: (f: boolean) => (fail = f) };
}

describe("cachingKeyProvider", () => {
  it("looks a slot up once per TTL, and concurrent calls share one lookup", async () => {
    const v = fakeVault();
    v.keys.set(`${ORG}:sandbox:core`, "sk_sandbox_one_1111");
    let t = 1_000;
    const p = cachingKeyProvider(v.inner, { now: () => t, entries: new Map() });
    const answers = await Promise.all(Array.from({ length: 20 }, () => p.getActiveApiKey(ORG, "sandbox", "core")));
    expect(new Set(answers.map((a) => a?.key))).toEqual(new Set(["sk_sandbox_one_1111"]));
    expect(v.lookups()).toBe(1);
    t += KEY_CACHE_TTL_MS - 1;
    await p.getActiveApiKey(ORG, "sandbox", "core");
    expect(v.lookups()).toBe(1);
    // Another slot is its own entry.
    await p.getActiveApiKey(ORG, "sandbox", "pro");
    await p.getActiveApiKey(ORG, "production", "core");
    expect(v.lookups()).toBe(3);
  });

  it("sends a key replaced or revoked elsewhere no longer than the TTL", async () => {
    const v = fakeVault();
    v.keys.set(`${ORG}:sandbox:core`, "sk_sandbox_old_0000");
    let t = 1_000;
    const p = cachingKeyProvider(v.inner, { now: () => t, entries: new Map() });
    expect((await p.getActiveApiKey(ORG, "sandbox", "core"))?.key).toBe("sk_sandbox_old_0000");
    v.keys.set(`${ORG}:sandbox:core`, null); // revoked by another instance
    t += KEY_CACHE_TTL_MS;
    expect(await p.getActiveApiKey(ORG, "sandbox", "core")).toBeNull();
  });

  it("forgets one organization's keys at once when this instance changes them", async () => {
    const v = fakeVault();
    v.keys.set(`${ORG}:sandbox:core`, "sk_sandbox_old_0000");
    v.keys.set(`${OTHER}:sandbox:core`, "sk_sandbox_other_999");
    const p = cachingKeyProvider(v.inner, { now: () => 1_000, entries: new Map() });
    await p.getActiveApiKey(ORG, "sandbox", "core");
    await p.getActiveApiKey(OTHER, "sandbox", "core");
    v.keys.set(`${ORG}:sandbox:core`, "sk_sandbox_new_1234");
    p.forget(ORG);
    expect((await p.getActiveApiKey(ORG, "sandbox", "core"))?.key).toBe("sk_sandbox_new_1234");
    expect(v.lookups()).toBe(3);
    await p.getActiveApiKey(OTHER, "sandbox", "core");
    expect(v.lookups()).toBe(3); // the other organization's entry was kept
  });

  it("does not keep a failed lookup", async () => {
    const v = fakeVault();
    v.keys.set(`${ORG}:sandbox:core`, "sk_sandbox_one_1111");
    const p = cachingKeyProvider(v.inner, { now: () => 1_000, entries: new Map() });
    v.setFail(true);
    await expect(p.getActiveApiKey(ORG, "sandbox", "core")).rejects.toThrow("database down");
    v.setFail(false);
    expect((await p.getActiveApiKey(ORG, "sandbox", "core"))?.key).toBe("sk_sandbox_one_1111");
    expect(v.lookups()).toBe(2);
  });
});
