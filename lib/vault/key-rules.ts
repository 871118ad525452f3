/**
 * Which key prefixes each environment and surface accept (provider notes: sandbox keys start
 * `sk_sandbox_`, production keys `sk_live_`; `daya_sk_` keys are Pro keys, valid on Pro only).
 * Pure, so the rule can be unit-tested and shared by scripts.
 */
import type { VaultEnvironment, VaultSurface } from "./crypto";

export const ENVIRONMENT_PREFIX: Record<VaultEnvironment, string> = { sandbox: "sk_sandbox_", production: "sk_live_" };
export const PRO_PREFIX = "daya_sk_";

/** The shortest believable key: its prefix plus 8 characters (the emulator's shortest has 8). */
const MIN_BODY = 8;

export function acceptedPrefixes(environment: VaultEnvironment, surface: VaultSurface): string[] {
  return surface === "pro" ? [ENVIRONMENT_PREFIX[environment], PRO_PREFIX] : [ENVIRONMENT_PREFIX[environment]];
}

/** A sentence saying why this key cannot go in this slot, or null when its shape fits. */
export function prefixProblem(environment: VaultEnvironment, surface: VaultSurface, key: string): string | null {
  const own = ENVIRONMENT_PREFIX[environment];
  const other = ENVIRONMENT_PREFIX[environment === "sandbox" ? "production" : "sandbox"];
  if (key.startsWith(other)) {
    return environment === "sandbox"
      ? `This is a production key (${other}): sandbox keys start with ${own}. Add it under Production instead.`
      : `This is a sandbox key (${other}): production keys start with ${own}. Add it under Sandbox instead.`;
  }
  if (key.startsWith(PRO_PREFIX) && surface !== "pro") {
    return `Keys starting with ${PRO_PREFIX} work on the Pro surface only. Add it as the Pro key, or use a key starting with ${own} here.`;
  }
  const prefix = acceptedPrefixes(environment, surface).find((p) => key.startsWith(p));
  if (!prefix) {
    return surface === "pro"
      ? `Pro keys start with ${own} or ${PRO_PREFIX}: check you copied the whole key.`
      : `${environment === "sandbox" ? "Sandbox" : "Production"} keys start with ${own}: check you copied the whole key.`;
  }
  if (key.length < prefix.length + MIN_BODY) return "This key is too short: check you copied all of it.";
  return null;
}
