/**
 * The registry of money movements that can wait for a second approver. Each kind (transfer,
 * merchant_withdrawal, balance_move, pro_order, ...) says how to validate what will be sent, how to
 * describe it to the approver, and how to send it upstream with a given attempt key.
 *
 * A kind lives in its feature's lib module (`lib/<area>/executor.ts`) or in `lib/approvals/executors/<kind>.ts`:
 *
 *   export const balanceMove = defineExecutor("balance_move", {
 *     label: "Balance move",
 *     payloadSchema: z.object({ ... }),
 *     describe: (p) => ({ summary: `Move USD ${p.amount} ...`, amount: p.amount, currency: "USD" }),
 *     execute: async ({ upstream, payload, attemptKey, userId }) => {
 *       const r = await upstream.core.transferBalance(payload, { attemptKey, userId });
 *       return { resourceId: r.data.data.id, status: r.data.data.status };
 *     },
 *   });
 *
 * and is listed with one import line in `lib/approvals/executors/index.ts`.
 *
 * `execute` must send through the typed upstream clients with the attempt key it is given: the
 * idempotency ledger turns a second call with the same key into a retry (or a replay of the stored
 * answer), which is what makes an approval retry safe. It may be called more than once for one
 * request (retry after an unknown outcome), never with a different key.
 */
import "server-only";
import Decimal from "decimal.js";
import type { z } from "zod";
import { upstreamFor, type Upstream } from "@/lib/upstream";
import type { Environment as PrismaEnvironment } from "@/lib/generated/prisma/enums";

/** The Prisma enum: the two environments are declared once, in the schema. */
export type Environment = PrismaEnvironment;

export interface MovementDescription {
  /** A sentence for the approver, e.g. "Move USD 12,500.00 from collection to withdrawal balance". */
  summary: string;
  /** Decimal string, never a float. */
  amount: string;
  /** ISO code or the provider's asset code, upper case (e.g. USD, NGN, USDT). */
  currency: string;
}

export interface ExecuteInput<P> {
  organizationId: string;
  environment: Environment;
  payload: P;
  /** The attempt key stored with the request: the same on every try. */
  attemptKey: string;
  /** Who caused this send: the requester (sent at once) or the approver. */
  userId: string;
  /** The typed upstream clients for this organization and environment (made on first use). */
  upstream: Upstream;
}

/** What the provider answered, kept on the request and shown in the inbox. No secrets. */
export interface ExecuteResult {
  resourceId?: string;
  status?: string;
  [k: string]: unknown;
}

export interface ExecutorDef<S extends z.ZodType> {
  /** A short name for menus and the thresholds page, e.g. "Transfer". */
  label?: string;
  payloadSchema: S;
  describe(payload: z.output<S>): MovementDescription;
  execute(input: ExecuteInput<z.output<S>>): Promise<ExecuteResult>;
  /** Where the sent resource's own page is, so the inbox links its reference there (optional). */
  detailHref?(resourceId: string): string;
  /**
   * Whose threshold applies when it is not the kind's own: a Pro order replace is judged by the
   * Pro order limit, since replacing an order resizes it like placing a new one.
   */
  thresholdKind?: string;
  /**
   * Whether this payload needs a second person whatever its amount (e.g. a new settlement
   * destination: every later deposit goes there). False or absent: the threshold decides.
   */
  alwaysNeedsApproval?(payload: z.output<S>): boolean;
}

export interface Executor<S extends z.ZodType = z.ZodType> extends ExecutorDef<S> {
  kind: string;
  label: string;
}

const KIND = /^[a-z][a-z0-9_]{1,40}$/;

// Kept on globalThis so a module reload in development re-registers the same kinds into one map.
const g = globalThis as unknown as { approvalExecutors?: Map<string, Executor> };
const registry = (g.approvalExecutors ??= new Map<string, Executor>());

function defaultLabel(kind: string): string {
  const words = kind.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Register a kind. Defining the same kind again replaces it (development reloads modules). */
export function defineExecutor<S extends z.ZodType>(kind: string, def: ExecutorDef<S>): Executor<S> {
  if (!KIND.test(kind) || kind === "*") {
    throw new Error(`Approval kind "${kind}" must be lower-case letters, digits and underscores.`);
  }
  const executor: Executor<S> = { ...def, kind, label: def.label ?? defaultLabel(kind) };
  registry.set(kind, executor as unknown as Executor);
  return executor;
}

/** Remove a kind; for tests that register their own executors. */
export function removeExecutor(kind: string): void {
  registry.delete(kind);
}

export function findExecutor(kind: string): Executor | undefined {
  return registry.get(kind);
}

/** Every registered kind, sorted by label, for the thresholds page. */
export function listExecutors(): { kind: string; label: string }[] {
  return [...registry.values()].map((e) => ({ kind: e.kind, label: e.label })).sort((a, b) => a.label.localeCompare(b.label));
}

export class UnknownKindError extends Error {
  constructor(readonly kind: string) {
    super(`No approval executor is registered for "${kind}".`);
    this.name = "UnknownKindError";
  }
}

export function getExecutor(kind: string): Executor {
  const e = registry.get(kind);
  if (!e) throw new UnknownKindError(kind);
  return e;
}

/**
 * Checks a description before it is stored or compared with a threshold: a positive decimal amount
 * and a currency code. An executor that describes a payload wrongly is a bug, not a user error.
 */
export function normalizeDescription(kind: string, d: MovementDescription): MovementDescription {
  let amount: Decimal;
  try {
    amount = new Decimal(d.amount);
  } catch {
    throw new Error(`Approval executor "${kind}" described an amount that is not a decimal.`);
  }
  if (!amount.isFinite() || amount.isNegative()) throw new Error(`Approval executor "${kind}" described a negative or infinite amount.`);
  const currency = d.currency.trim().toUpperCase();
  if (!/^[A-Z0-9]{2,12}$/.test(currency)) throw new Error(`Approval executor "${kind}" described an invalid currency.`);
  return { summary: d.summary.trim().slice(0, 500), amount: amount.toFixed(), currency };
}

/** Run an executor with the upstream client bound to the organization and environment. */
export async function runExecutor(executor: Executor, input: Omit<ExecuteInput<unknown>, "upstream"> & { upstream?: Upstream }): Promise<ExecuteResult> {
  let upstream = input.upstream;
  const ctx = {
    organizationId: input.organizationId,
    environment: input.environment,
    payload: input.payload,
    attemptKey: input.attemptKey,
    userId: input.userId,
    // Made on first use, so executors that never call upstream (tests) never build a client.
    get upstream() {
      upstream ??= upstreamFor({ organizationId: input.organizationId, environment: input.environment });
      return upstream;
    },
  };
  return executor.execute(ctx);
}
