/**
 * The upstream client as pages and actions use it: `upstreamFor({ organizationId, environment })`
 * gives the four typed surface clients bound to that tenant and environment.
 */
import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { copyWriteAnswer } from "@/lib/ledger/feed";
import { log } from "@/lib/log";
import { ambientRequestId } from "@/lib/request-context";
import type { SurfaceCtx } from "./call";
import * as coins from "./coins";
import * as core from "./core";
import { UpstreamClient, type RequestOptions, type UpstreamClientOptions } from "./http";
import { vaultKeyProvider } from "./key-provider";
import { fastSql } from "./sql";
import { budgetLimitFor } from "./budget";
import * as pro from "./pro";
import * as stocks from "./stocks";
import type { UpstreamTarget } from "./types";

export { ALWAYS_ASK, REFERENCE_DATA, UpstreamClient } from "./http";
export type { UpstreamResult, RequestOptions, UpstreamClientOptions, WrittenAnswer } from "./http";
export { UpstreamError } from "./errors";
export { LedgerError } from "./ledger";
export { ageSeconds } from "./cache";
export type { UpstreamTarget, WriteAttempt, UpstreamSurface, UpstreamEnvironment, KeyProvider } from "./types";

// One client per process so that coalescing of identical reads works across requests; kept on
// globalThis because Next reloads modules in development.
const g = globalThis as unknown as { upstreamClient?: UpstreamClient };

export function defaultUpstreamClient(): UpstreamClient {
  g.upstreamClient ??= new UpstreamClient({
    db,
    sql: fastSql(env().DATABASE_URL),
    keys: vaultKeyProvider,
    logger: log,
    requestId: ambientRequestId,
    budgetLimit: budgetLimitFor(env().UPSTREAM_RATE_LIMIT_PER_MINUTE),
    onWritten: copyWriteAnswer,
  });
  return g.upstreamClient;
}

/** The HTTP core with the app's default client: one call to any surface (see RequestOptions). */
export function request<S extends import("zod").ZodType>(o: RequestOptions<S>) {
  return defaultUpstreamClient().request(o);
}

/** For tests and scripts: a client with its own database, key provider or fetch. */
export function createUpstreamClient(opts: UpstreamClientOptions): UpstreamClient {
  return new UpstreamClient(opts);
}

type Bind<M> = {
  [K in keyof M]: M[K] extends (ctx: SurfaceCtx, ...rest: infer A) => infer R ? (...rest: A) => R : never;
};

function bind<M extends Record<string, unknown>>(mod: M, ctx: SurfaceCtx): Bind<M> {
  const out: Record<string, unknown> = {};
  for (const [name, fn] of Object.entries(mod)) {
    if (typeof fn === "function") out[name] = (...args: unknown[]) => (fn as (...a: unknown[]) => unknown)(ctx, ...args);
  }
  return out as Bind<M>;
}

export interface Upstream {
  core: Bind<typeof core>;
  coins: Bind<typeof coins>;
  stocks: Bind<typeof stocks>;
  pro: Bind<typeof pro>;
  target: UpstreamTarget;
}

export function upstreamFor(target: UpstreamTarget, client: UpstreamClient = defaultUpstreamClient()): Upstream {
  const ctx: SurfaceCtx = { ...target, client };
  return { core: bind(core, ctx), coins: bind(coins, ctx), stocks: bind(stocks, ctx), pro: bind(pro, ctx), target };
}

export { core, coins, stocks, pro };
