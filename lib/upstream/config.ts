/** Base URL per surface and environment, from the validated environment (never hard-coded). */
import { env } from "@/lib/env";
import type { UpstreamEnvironment, UpstreamSurface } from "./types";

/** Version root of each surface under its base address. */
export const SURFACE_ROOT: Record<UpstreamSurface, string> = {
  core: "/v1",
  coins: "/coins/v1",
  stocks: "/stocks/v1",
  pro: "/public/v1",
};

export function surfaceBaseUrl(surface: UpstreamSurface, environment: UpstreamEnvironment): string {
  const e = env();
  const base =
    surface === "pro"
      ? environment === "sandbox"
        ? e.UPSTREAM_SANDBOX_PRO_URL
        : e.UPSTREAM_PRODUCTION_PRO_URL
      : environment === "sandbox"
        ? e.UPSTREAM_SANDBOX_CORE_URL
        : e.UPSTREAM_PRODUCTION_CORE_URL;
  return `${base.replace(/\/+$/, "")}${SURFACE_ROOT[surface]}`;
}
