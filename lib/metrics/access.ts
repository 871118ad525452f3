import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import { AuthorizationError, authorize } from "@/lib/auth/session";
import { env } from "@/lib/env";

/** Deployment-wide figures for the operator's scraper; one organization's own for its admin. */
export type MetricsScope = { kind: "deployment" } | { kind: "organization"; organizationId: string };

export type MetricsAccess = { ok: true; scope: MetricsScope } | { ok: false; status: 401 | 403; error: string };

const digest = (v: string) => createHash("sha256").update(v).digest();

/**
 * Who may read /api/metrics, and what: a scraper with `Authorization: Bearer <METRICS_TOKEN>` (the
 * operator's) reads the deployment's figures; a signed-in admin (the role that manages settings)
 * reads only their own organization's, since every other figure is about other tenants too. A wrong token is refused even with a session, so a
 * misconfigured scraper is noticed instead of working by accident in someone's browser.
 */
export async function metricsAccess(request: Request): Promise<MetricsAccess> {
  const header = request.headers.get("authorization");
  if (header) {
    const token = env().METRICS_TOKEN;
    const given = /^Bearer\s+(.+)$/i.exec(header)?.[1]?.trim() ?? "";
    // Compared as SHA-256 digests: equal length, constant time, whatever the caller sends.
    if (token && given && timingSafeEqual(digest(given), digest(token))) return { ok: true, scope: { kind: "deployment" } };
    return {
      ok: false,
      status: 401,
      error: token ? "The metrics token is not right." : "Metrics by token are off: set METRICS_TOKEN, or sign in as an admin.",
    };
  }
  try {
    const user = await authorize("settings:manage");
    return { ok: true, scope: { kind: "organization", organizationId: user.organizationId } };
  } catch (err) {
    if (err instanceof AuthorizationError) return { ok: false, status: err.status, error: err.message };
    throw err;
  }
}
