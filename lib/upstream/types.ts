/**
 * Shared names of the upstream client: surfaces, environments, the key provider and the context a
 * typed surface client needs to make a call.
 */
import type { Environment as PrismaEnvironment } from "@/lib/generated/prisma/enums";
export const UPSTREAM_SURFACES = ["core", "coins", "stocks", "pro"] as const;
export type UpstreamSurface = (typeof UPSTREAM_SURFACES)[number];
/** The Prisma enum: the two environments are declared once, in the schema. */
export type UpstreamEnvironment = PrismaEnvironment;

export const SURFACE_LABEL: Record<UpstreamSurface, string> = {
  core: "the payments API",
  coins: "Coins",
  stocks: "Stocks",
  pro: "Pro",
};

export const ENVIRONMENT_LABEL: Record<UpstreamEnvironment, string> = { sandbox: "sandbox", production: "production" };

/** An API key as the vault hands it to the client; `key` never leaves the server process. */
export interface ActiveApiKey {
  id: string;
  key: string;
  scopes: string[];
  prefix: string;
  last4: string;
}

/** Where the client gets keys from; the default reads the vault, tests inject their own. */
export interface KeyProvider {
  getActiveApiKey(organizationId: string, environment: UpstreamEnvironment, surface: UpstreamSurface): Promise<ActiveApiKey | null>;
  markKeyUsed(id: string): Promise<void>;
}

/** Who is calling: the tenant and environment, derived on the server from the session. */
export interface UpstreamTarget {
  organizationId: string;
  environment: UpstreamEnvironment;
}

/**
 * One write attempt as the form submitted it: `attemptKey` is the UUID the browser generated when
 * the form opened, so a double click, a reload or a retry lands on the same ledger row.
 */
export interface WriteAttempt {
  attemptKey: string;
  userId?: string | null;
}

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
