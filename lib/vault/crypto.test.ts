import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  aadFor,
  decrypt,
  encrypt,
  generateWebhookSecret,
  last4Of,
  makeKeyRing,
  maskSecret,
  masterKeyRingFromEnv,
  prefixOf,
  reencrypt,
  VaultCryptoError,
  type RecordBinding,
  type Sealed,
} from "./crypto";
import { prefixProblem } from "./key-rules";

const k1 = { id: "k1", key: crypto.randomBytes(32) };
const k2 = { id: "k2", key: crypto.randomBytes(32) };
const binding: RecordBinding = {
  recordId: "4d3b3c9e-1111-4000-8000-000000000001",
  organizationId: "0f8e2a1c-2222-4000-8000-000000000002",
  environment: "sandbox",
  surface: "core",
  kind: "api_key",
};
const KEY = "sk_sandbox_demo_full_4f9c2a7e1b3d";

const flip = (b: Buffer, i = 0) => {
  const c = Buffer.from(b);
  c[i] ^= 0x01;
  return c;
};

describe("vault crypto", () => {
  it("round-trips a value, and the ciphertext does not contain it", () => {
    const ring = makeKeyRing(k1);
    const sealed = encrypt(ring, KEY, binding);
    expect(sealed.keyId).toBe("k1");
    expect(sealed.nonce).toHaveLength(12);
    expect(sealed.authTag).toHaveLength(16);
    expect(Buffer.concat([sealed.nonce, sealed.ciphertext, sealed.authTag]).includes(Buffer.from(KEY))).toBe(false);
    expect(decrypt(ring, sealed, binding)).toBe(KEY);
  });

  it("uses a fresh nonce for every value, so equal values give different ciphertexts", () => {
    const ring = makeKeyRing(k1);
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const s = encrypt(ring, KEY, binding);
      seen.add(s.nonce.toString("hex"));
    }
    expect(seen.size).toBe(200);
    const [a, b] = [encrypt(ring, KEY, binding), encrypt(ring, KEY, binding)];
    expect(a.ciphertext.equals(b.ciphertext)).toBe(false);
  });

  it.each([
    ["ciphertext", (s: Sealed): Sealed => ({ ...s, ciphertext: flip(s.ciphertext, 3) })],
    ["auth tag", (s: Sealed): Sealed => ({ ...s, authTag: flip(s.authTag, 15) })],
    ["nonce", (s: Sealed): Sealed => ({ ...s, nonce: flip(s.nonce, 0) })],
    ["truncated ciphertext", (s: Sealed): Sealed => ({ ...s, ciphertext: s.ciphertext.subarray(1) })],
  ])("detects a tampered %s", (_what, tamper) => {
    const ring = makeKeyRing(k1);
    const sealed = encrypt(ring, KEY, binding);
    expect(() => decrypt(ring, tamper(sealed), binding)).toThrow(/failed its integrity check|malformed/);
  });

  it.each([
    ["another record", { recordId: "4d3b3c9e-1111-4000-8000-000000000009" }],
    ["another organization", { organizationId: "0f8e2a1c-2222-4000-8000-000000000009" }],
    ["another environment", { environment: "production" as const }],
    ["another surface", { surface: "pro" as const }],
    ["another kind", { kind: "webhook_secret" as const }],
  ])("refuses a ciphertext moved to %s (AAD)", (_what, change) => {
    const ring = makeKeyRing(k1);
    const sealed = encrypt(ring, KEY, binding);
    expect(() => decrypt(ring, sealed, { ...binding, ...change })).toThrow(VaultCryptoError);
    expect(aadFor({ ...binding, ...change }).equals(aadFor(binding))).toBe(false);
  });

  it("refuses the wrong key under the right id, and names a missing key id without leaking anything", () => {
    const sealed = encrypt(makeKeyRing(k1), KEY, binding);
    expect(() => decrypt(makeKeyRing({ id: "k1", key: crypto.randomBytes(32) }), sealed, binding)).toThrow(/integrity check/);
    let message = "";
    try {
      decrypt(makeKeyRing(k2), sealed, binding);
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(/master key "k1", which is not configured/);
    expect(message).not.toContain(KEY);
    expect(message).not.toContain(k1.key.toString("base64"));
  });

  it("decrypts with a previous key during a rotation, and re-encrypts under the new one", () => {
    const before = encrypt(makeKeyRing(k1), KEY, binding);
    const during = makeKeyRing(k2, [k1]);
    expect(decrypt(during, before, binding)).toBe(KEY);
    const after = reencrypt(during, before, binding, k2);
    expect(after.keyId).toBe("k2");
    expect(after.nonce.equals(before.nonce)).toBe(false);
    expect(decrypt(makeKeyRing(k2), after, binding)).toBe(KEY); // the old key is no longer needed
    expect(() => decrypt(makeKeyRing(k1), after, binding)).toThrow(/not configured/);
  });

  it("reads the key ring from the environment and refuses malformed keys with a sentence", () => {
    const ring = masterKeyRingFromEnv({
      VAULT_MASTER_KEY: k2.key.toString("base64"),
      VAULT_MASTER_KEY_ID: "k2",
      VAULT_PREVIOUS_MASTER_KEYS: ` k1:${k1.key.toString("base64")} `,
    });
    expect(ring.current.id).toBe("k2");
    expect([...ring.byId.keys()].sort()).toEqual(["k1", "k2"]);
    expect(masterKeyRingFromEnv({ VAULT_MASTER_KEY: k1.key.toString("base64") }).current.id).toBe("k1");
    expect(() => masterKeyRingFromEnv({})).toThrow(/VAULT_MASTER_KEY is missing/);
    expect(() => masterKeyRingFromEnv({ VAULT_MASTER_KEY: Buffer.alloc(16).toString("base64") })).toThrow(/exactly 32 bytes/);
    expect(() => masterKeyRingFromEnv({ VAULT_MASTER_KEY: k1.key.toString("base64"), VAULT_PREVIOUS_MASTER_KEYS: "nocolon" })).toThrow(/<id>:<base64>/);
    expect(() =>
      masterKeyRingFromEnv({
        VAULT_MASTER_KEY: k1.key.toString("base64"),
        VAULT_MASTER_KEY_ID: "k1",
        VAULT_PREVIOUS_MASTER_KEYS: `k1:${k2.key.toString("base64")}`,
      }),
    ).toThrow(/new id/);
  });

  it("shows a prefix and the last four characters only", () => {
    expect(prefixOf(KEY)).toBe("sk_sandbox_");
    expect(prefixOf("sk_live_demo_live_6d2a8c4e")).toBe("sk_live_");
    expect(prefixOf("daya_sk_demo_pro_5c8e1f4a9b2d")).toBe("daya_sk_");
    expect(prefixOf("abcdef0123456789")).toBe("");
    expect(last4Of(KEY)).toBe("1b3d");
    expect(maskSecret("sk_sandbox_", "1b3d")).toBe("sk_sandbox_…1b3d");
    expect(generateWebhookSecret()).toMatch(/^[0-9a-f]{64}$/);
    expect(generateWebhookSecret()).not.toBe(generateWebhookSecret());
  });
});

describe("key prefix rules", () => {
  it("accepts each environment's own prefix, and daya_sk_ on Pro only", () => {
    expect(prefixProblem("sandbox", "core", KEY)).toBeNull();
    expect(prefixProblem("production", "coins", "sk_live_demo_live_6d2a8c4e")).toBeNull();
    expect(prefixProblem("sandbox", "pro", "daya_sk_demo_pro_5c8e1f4a9b2d")).toBeNull();
    expect(prefixProblem("production", "pro", "daya_sk_demo_pro_5c8e1f4a9b2d")).toBeNull();
    expect(prefixProblem("sandbox", "pro", KEY)).toBeNull();
  });

  it("refuses a key of the other environment, a Pro key elsewhere and a stranger with a sentence", () => {
    expect(prefixProblem("sandbox", "core", "sk_live_demo_live_6d2a8c4e")).toMatch(
      /^This is a production key \(sk_live_\): sandbox keys start with sk_sandbox_/,
    );
    expect(prefixProblem("production", "stocks", KEY)).toMatch(/^This is a sandbox key \(sk_sandbox_\): production keys start with sk_live_/);
    expect(prefixProblem("sandbox", "core", "daya_sk_demo_pro_5c8e1f4a9b2d")).toMatch(/Pro surface only/);
    expect(prefixProblem("sandbox", "core", "pk_sandbox_abcdefgh")).toMatch(/Sandbox keys start with sk_sandbox_/);
    expect(prefixProblem("production", "pro", "xx_abcdefgh")).toMatch(/Pro keys start with sk_live_ or daya_sk_/);
    expect(prefixProblem("sandbox", "core", "sk_sandbox_abc")).toMatch(/too short/);
  });
});
