import "server-only";
/**
 * The check a key passes before the vault stores it: the right prefix for its slot, then one cheap
 * authenticated read on its surface. A plain fetch on purpose: the typed upstream client depends
 * on the vault, not the other way round. Keys that could not be checked are not stored.
 */
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import type { VaultEnvironment, VaultSurface } from "./crypto";
import { prefixProblem } from "./key-rules";
import type { Scope } from "./schemas";

export const KEY_CHECK_TIMEOUT_MS = 5_000;

export const MESSAGES = {
  unauthorized: "The provider does not accept this key: check you copied all of it and that it is not revoked.",
  frozen:
    "The provider says this merchant account is frozen or suspended, so the key could not be used. Contact the provider's support, then add the key again.",
  unreachable: "Could not reach the provider to check this key. Try again in a minute.",
  rateLimited: "The provider is limiting requests for this key right now, so it could not be checked. Try again in a minute.",
  forbidden: "The provider refused this key for this check: make sure it belongs to this merchant and environment.",
} as const;

export type KeyCheckResult = { ok: true; warning: string | null } | { ok: false; reason: string };

export interface KeyCheckOptions {
  /** Base URLs; default: the environment's UPSTREAM_* addresses. */
  coreBase?: string;
  proBase?: string;
  timeoutMs?: number;
}

/** The cheapest authenticated read on each surface; all four need the Read scope. */
export function checkUrl(surface: VaultSurface, coreBase: string, proBase: string): string {
  const core = coreBase.replace(/\/+$/, "");
  switch (surface) {
    case "core":
      return `${core}/v1/banks`;
    case "coins":
      return `${core}/coins/v1/markets`;
    case "stocks":
      return `${core}/stocks/v1/wallet/portfolio`;
    case "pro":
      return `${proBase.replace(/\/+$/, "")}/public/v1/withdrawals/onchain/options`;
  }
}

function baseUrls(environment: VaultEnvironment): { coreBase: string; proBase: string } {
  const e = env();
  return environment === "sandbox"
    ? { coreBase: e.UPSTREAM_SANDBOX_CORE_URL, proBase: e.UPSTREAM_SANDBOX_PRO_URL }
    : { coreBase: e.UPSTREAM_PRODUCTION_CORE_URL, proBase: e.UPSTREAM_PRODUCTION_PRO_URL };
}

/** The error code from either error shape (core `{ error: { code } }`, envelope alike). */
async function errorCode(res: Response): Promise<string | null> {
  try {
    const body = (await res.json()) as { error?: { code?: unknown } | string; code?: unknown };
    if (body && typeof body.error === "object" && typeof body.error?.code === "string") return body.error.code;
    if (typeof body?.code === "string") return body.code;
  } catch {
    // A body that is not JSON carries no code; the status decides.
  }
  return null;
}

export async function checkApiKey(
  input: { environment: VaultEnvironment; surface: VaultSurface; key: string; scopes: readonly Scope[] },
  opts: KeyCheckOptions = {},
): Promise<KeyCheckResult> {
  const problem = prefixProblem(input.environment, input.surface, input.key);
  if (problem) return { ok: false, reason: problem };

  const defaults = opts.coreBase && opts.proBase ? null : baseUrls(input.environment);
  const url = checkUrl(input.surface, opts.coreBase ?? defaults!.coreBase, opts.proBase ?? defaults!.proBase);
  const where = { surface: input.surface, environment: input.environment };
  let res: Response;
  try {
    res = await fetch(url, {
      method: "GET",
      headers: { "X-Api-Key": input.key, Accept: "application/json" },
      signal: AbortSignal.timeout(opts.timeoutMs ?? KEY_CHECK_TIMEOUT_MS),
      cache: "no-store",
    });
  } catch (err) {
    // Only the error's name: a fetch error never holds the header, but nothing key-shaped is logged.
    log.warn({ ...where, error: err instanceof Error ? err.name : "unknown" }, "api key check: provider unreachable");
    return { ok: false, reason: MESSAGES.unreachable };
  }

  const statedRead = input.scopes.includes("Read");
  if (res.ok) {
    await res.body?.cancel();
    return {
      ok: true,
      warning: statedRead
        ? null
        : "The provider accepted this key for a read, so it has the Read scope, but Read is not ticked. Check the scopes it was issued with.",
    };
  }
  const code = res.status === 401 || res.status === 403 ? await errorCode(res) : (await res.body?.cancel(), null);
  log.info({ ...where, status: res.status, code }, "api key check refused or failed");
  if (res.status === 401) return { ok: false, reason: MESSAGES.unauthorized };
  if (res.status === 403 && code === "merchant_frozen") return { ok: false, reason: MESSAGES.frozen };
  if (res.status === 403 && code === "API_KEY_INVALID_SCOPE") {
    // The key authenticated; it only lacks Read. Accept it, and say so if the ticks claim Read.
    return {
      ok: true,
      warning: statedRead ? "The provider says this key lacks the Read scope, but Read is ticked. Check the scopes it was issued with." : null,
    };
  }
  if (res.status === 403) return { ok: false, reason: MESSAGES.forbidden };
  if (res.status === 429) return { ok: false, reason: MESSAGES.rateLimited };
  return { ok: false, reason: MESSAGES.unreachable };
}
