/**
 * Helpers for tests and the benchmark: a key provider over fixed keys, a fetch that counts the calls
 * that really leave the process, and a client pointed at a running emulator.
 */
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { UpstreamClient, type UpstreamClientOptions } from "./http";
import { SURFACE_ROOT } from "./config";
import type { ActiveApiKey, KeyProvider, UpstreamSurface } from "./types";

export function fixedKeys(keys: Partial<Record<UpstreamSurface, string | null>>): KeyProvider & { used: string[] } {
  const used: string[] = [];
  return {
    used,
    async getActiveApiKey(_org, _env, surface): Promise<ActiveApiKey | null> {
      const key = keys[surface];
      if (!key) return null;
      return { id: `key-${surface}`, key, scopes: ["Read", "Write", "Trade"], prefix: key.slice(0, 11), last4: key.slice(-4) };
    },
    async markKeyUsed(id) {
      used.push(id);
    },
  };
}

export interface CountingFetch {
  fetch: typeof fetch;
  calls: { method: string; url: string; headers: Headers; body: string | null }[];
  count(filter?: (c: { method: string; url: string }) => boolean): number;
}

export function countingFetch(inner: typeof fetch = fetch): CountingFetch {
  const calls: CountingFetch["calls"] = [];
  return {
    calls,
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push({
        method: init?.method ?? "GET",
        url: String(input),
        headers: new Headers(init?.headers),
        body: typeof init?.body === "string" ? init.body : null,
      });
      return inner(input, init);
    }) as typeof fetch,
    count: (filter) => calls.filter((c) => !filter || filter(c)).length,
  };
}

/** Base URLs of a local emulator: Coins and Stocks under the core address, Pro under `/pro`. */
export function emulatorBaseUrl(emulatorUrl: string) {
  return (surface: UpstreamSurface) => `${emulatorUrl}${surface === "pro" ? "/pro" : ""}${SURFACE_ROOT[surface]}`;
}

export function emulatorClient(db: PrismaClient, emulatorUrl: string, keys: KeyProvider, opts: Partial<UpstreamClientOptions> = {}): UpstreamClient {
  return new UpstreamClient({ db, keys, baseUrl: emulatorBaseUrl(emulatorUrl), ...opts });
}
