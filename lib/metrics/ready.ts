import "server-only";
/**
 * Readiness: this instance can serve people only when its database answers and the provider's
 * hosts it has keys for can be reached. Checked with short timeouts and remembered for a few
 * seconds, so load-balancer probes from every instance never add load of their own.
 */
import { db } from "@/lib/db";
import { surfaceBaseUrl } from "@/lib/upstream/config";
import type { UpstreamEnvironment, UpstreamSurface } from "@/lib/upstream/types";

export interface Readiness {
  ready: boolean;
  /** Why not, as a sentence; absent when ready. */
  reason?: string;
  checks: { database: "ok" | "unreachable"; upstream: Record<string, "ok" | "unreachable"> };
}

const TIMEOUT_MS = 2_000;
const REMEMBER_MS = 5_000;

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    p.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e: unknown) => (clearTimeout(timer), reject(e instanceof Error ? e : new Error(String(e)))),
    );
  });
}

/** Any HTTP answer (even 401 or 404) proves the host is reachable; no key is sent. */
async function reachable(url: string, fetchImpl: typeof fetch): Promise<boolean> {
  try {
    const res = await fetchImpl(url, { method: "GET", signal: AbortSignal.timeout(TIMEOUT_MS), redirect: "manual" });
    await res.body?.cancel().catch(() => undefined);
    return true;
  } catch {
    return false;
  }
}

export interface ReadinessDeps {
  db: Pick<typeof db, "$queryRawUnsafe" | "vaultSecret">;
  fetch: typeof fetch;
}

export async function checkReadiness(deps: ReadinessDeps = { db, fetch: (...a) => fetch(...a) }): Promise<Readiness> {
  let database: "ok" | "unreachable" = "ok";
  let targets: { environment: UpstreamEnvironment; surface: UpstreamSurface }[] = [];
  try {
    await withTimeout(deps.db.$queryRawUnsafe("SELECT 1"), TIMEOUT_MS);
    // Only the hosts someone has a key for matter: an unused production host is not a reason to stop.
    const rows = await withTimeout(
      deps.db.vaultSecret.findMany({
        where: { kind: "api_key", status: "active" },
        distinct: ["environment", "surface"],
        select: { environment: true, surface: true },
      }),
      TIMEOUT_MS,
    );
    targets = rows.map((r) => ({ environment: r.environment as UpstreamEnvironment, surface: r.surface as UpstreamSurface }));
  } catch {
    database = "unreachable";
  }
  const byOrigin = new Map<string, string[]>();
  for (const t of targets) {
    const origin = new URL(surfaceBaseUrl(t.surface, t.environment)).origin;
    byOrigin.set(origin, [...(byOrigin.get(origin) ?? []), `${t.environment} ${t.surface}`]);
  }
  const upstream: Record<string, "ok" | "unreachable"> = {};
  await Promise.all(
    [...byOrigin].map(async ([origin, names]) => {
      const ok = await reachable(origin, deps.fetch);
      for (const n of names) upstream[n] = ok ? "ok" : "unreachable";
    }),
  );
  const down = Object.entries(upstream)
    .filter(([, v]) => v === "unreachable")
    .map(([k]) => k)
    .sort();
  const checks = { database, upstream };
  if (database !== "ok") return { ready: false, reason: `The database did not answer within ${TIMEOUT_MS / 1000} s.`, checks };
  if (down.length > 0) return { ready: false, reason: `The provider could not be reached for ${down.join(", ")}.`, checks };
  return { ready: true, checks };
}

const g = globalThis as unknown as { readiness?: { at: number; value: Promise<Readiness> } };

/** The last answer if it is younger than a few seconds, else a fresh check (shared by concurrent probes). */
export function readiness(now = Date.now()): Promise<Readiness> {
  if (!g.readiness || now - g.readiness.at > REMEMBER_MS) g.readiness = { at: now, value: checkReadiness() };
  return g.readiness.value;
}
