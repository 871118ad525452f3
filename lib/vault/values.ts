/**
 * API keys' and webhook secrets' value lists and their names, for the pages that show or pick them.
 * Imports no zod, so the settings page ships without it; the forms' rules are in `schemas.ts`.
 */
import type { Environment as PrismaEnvironment } from "@/lib/generated/prisma/enums";

export const ENVIRONMENTS = ["sandbox", "production"] as const satisfies readonly PrismaEnvironment[];
export const SURFACES = ["core", "coins", "stocks", "pro"] as const;
export const WEBHOOK_SURFACES = ["core", "pro"] as const;
export const SCOPES = ["Read", "Write", "Trade"] as const;

export type Environment = PrismaEnvironment;
export type Surface = (typeof SURFACES)[number];
export type WebhookSurface = (typeof WEBHOOK_SURFACES)[number];
export type Scope = (typeof SCOPES)[number];

export const ENVIRONMENT_LABELS: Record<Environment, string> = { sandbox: "Sandbox", production: "Production" };
export const SURFACE_LABELS: Record<Surface, string> = { core: "Core", coins: "Coins", stocks: "Stocks", pro: "Pro" };

/** How long a replaced webhook secret is still accepted, so deliveries signed with it still land. */
export const WEBHOOK_ROTATION_WINDOW_MS = 24 * 60 * 60 * 1000;
