/**
 * The default key provider: the vault, loaded on first use so that importing the client never
 * pulls in the vault's master key handling until a call is made.
 */
import type { KeyProvider } from "./types";

export const vaultKeyProvider: KeyProvider = {
  async getActiveApiKey(organizationId, environment, surface) {
    const vault = await import("@/lib/vault");
    return vault.getActiveApiKey(organizationId, environment, surface);
  },
  async markKeyUsed(id) {
    const vault = await import("@/lib/vault");
    await vault.markKeyUsed(id);
  },
};
