/**
 * The fixed merchants and API keys of the sandbox. Exact strings: tests, the README and the app's
 * development configuration all refer to them.
 */
import type { ApiKeyRecord, Merchant, Scope } from "./contract";

export const DEMO_MERCHANT_ID = "7b1d5c1e-0000-4000-8000-000000000001";
export const FROZEN_MERCHANT_ID = "7b1d5c1e-0000-4000-8000-000000000002";
export const SECOND_MERCHANT_ID = "7b1d5c1e-0000-4000-8000-000000000003";

export const SEED_KEYS = {
  full: "sk_sandbox_demo_full_4f9c2a7e1b3d",
  readonly: "sk_sandbox_demo_readonly_8e2b6d1c",
  noread: "sk_sandbox_demo_noread_3a7f9e2d",
  pro: "daya_sk_demo_pro_5c8e1f4a9b2d",
  live: "sk_live_demo_live_6d2a8c4e",
  frozen: "sk_sandbox_frozen_9b4e7a1c",
  second: "sk_sandbox_second_2c6f8a3e",
} as const;

export type SeedKeyName = keyof typeof SEED_KEYS;

const ALL: Scope[] = ["Read", "Write", "Trade"];

export function seedMerchants(): Merchant[] {
  return [
    { id: DEMO_MERCHANT_ID, name: "Demo Merchant", frozen: false },
    { id: FROZEN_MERCHANT_ID, name: "Frozen Merchant", frozen: true },
    { id: SECOND_MERCHANT_ID, name: "Second Merchant", frozen: false },
  ];
}

export function seedKeys(): ApiKeyRecord[] {
  const key = (k: string, merchant_id: string, environment: "sandbox" | "live", scopes: Scope[], frozen = false): ApiKeyRecord => ({
    key: k,
    merchant_id,
    environment,
    scopes: [...scopes],
    frozen,
  });
  return [
    key(SEED_KEYS.full, DEMO_MERCHANT_ID, "sandbox", ALL),
    key(SEED_KEYS.readonly, DEMO_MERCHANT_ID, "sandbox", ["Read"]),
    key(SEED_KEYS.noread, DEMO_MERCHANT_ID, "sandbox", ["Write", "Trade"]),
    key(SEED_KEYS.pro, DEMO_MERCHANT_ID, "sandbox", ALL),
    key(SEED_KEYS.live, DEMO_MERCHANT_ID, "live", ALL),
    key(SEED_KEYS.frozen, FROZEN_MERCHANT_ID, "sandbox", ALL, true),
    key(SEED_KEYS.second, SECOND_MERCHANT_ID, "sandbox", ALL),
  ];
}
