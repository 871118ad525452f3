/**
 * The default key provider: the vault, loaded on first use so that importing the client never
 * pulls in the vault's master key handling until a call is made, behind a short in-process cache.
 *
 * Why a cache: the vault's lookup is a database query and an AES-GCM decrypt on every upstream
 * call, which `npm run bench:client` measured above the client's 2 ms overhead budget. Why it stays
 * safe: entries live KEY_CACHE_TTL_MS at most, so a key revoked or replaced on another instance
 * stops being sent everywhere within that time; on the instance that made the change the actions
 * call `forgetCachedKeys` after their commit, so there it stops at once. See docs/architecture.md.
 */
import type { ActiveApiKey, KeyProvider, UpstreamEnvironment, UpstreamSurface } from "./types";

export const KEY_CACHE_TTL_MS = 5_000;

interface Entry {
  expiresAt: number;
  value: Promise<ActiveApiKey | null>;
}

export interface CachingKeyProvider extends KeyProvider {
  /** Drops this organization's cached keys (every surface and environment), or all when none is given. */
  forget(organizationId?: string): void;
}

/**
 * Wraps a provider so one slot's key is looked up at most once per `ttlMs`; concurrent lookups of
 * one slot share a single query. A failed lookup is not kept.
 */
export function cachingKeyProvider(inner: KeyProvider, opts: { ttlMs?: number; now?: () => number; entries?: Map<string, Entry> } = {}): CachingKeyProvider {
  const ttlMs = opts.ttlMs ?? KEY_CACHE_TTL_MS;
  const now = opts.now ?? Date.now;
  const entries = opts.entries ?? new Map<string, Entry>();
  const slot = (organizationId: string, environment: UpstreamEnvironment, surface: UpstreamSurface) => `${organizationId}:${environment}:${surface}`;
  return {
    getActiveApiKey(organizationId, environment, surface) {
      const k = slot(organizationId, environment, surface);
      const t = now();
      const hit = entries.get(k);
      if (hit && hit.expiresAt > t) return hit.value;
      const value = inner.getActiveApiKey(organizationId, environment, surface);
      const entry = { expiresAt: t + ttlMs, value };
      entries.set(k, entry);
      value.catch(() => {
        if (entries.get(k) === entry) entries.delete(k);
      });
      if (entries.size > 10_000) {
        for (const [key, e] of entries) if (e.expiresAt <= t) entries.delete(key); // bounded: expired slots go
      }
      return value;
    },
    markKeyUsed: (id) => inner.markKeyUsed(id),
    forget(organizationId) {
      if (organizationId === undefined) return entries.clear();
      for (const k of entries.keys()) if (k.startsWith(`${organizationId}:`)) entries.delete(k);
    },
  };
}

// Kept on globalThis so the client (made once per process) and the actions that invalidate share
// one cache even when Next reloads modules in development.
const g = globalThis as unknown as { upstreamKeyCache?: Map<string, Entry> };
g.upstreamKeyCache ??= new Map();

export const vaultKeyProvider: CachingKeyProvider = cachingKeyProvider(
  {
    async getActiveApiKey(organizationId, environment, surface) {
      const vault = await import("@/lib/vault");
      return vault.getActiveApiKey(organizationId, environment, surface);
    },
    async markKeyUsed(id) {
      const vault = await import("@/lib/vault");
      await vault.markKeyUsed(id);
    },
  },
  { entries: g.upstreamKeyCache },
);

/** Called after a key is added, replaced or revoked: this instance uses the new state at once. */
export function forgetCachedKeys(organizationId: string): void {
  vaultKeyProvider.forget(organizationId);
}
