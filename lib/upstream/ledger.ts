/**
 * The idempotency ledger: every write attempt is stored (its X-Idempotency-Key and a hash of the
 * request) before anything is sent, unique per organization and browser attempt key. Whatever
 * happens next (double click, timeout, page reload, server restart), the same attempt finds its row
 * and reuses its key, so the provider sees a retry, never a second request. The outcome is kept with
 * it, so a repeat of an attempt that already succeeded returns the stored answer without a call.
 */
import { createHash, randomUUID } from "node:crypto";
import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";
import type { UpstreamEnvironment, UpstreamSurface } from "./types";

export type AttemptStatus = "pending" | "succeeded" | "failed" | "unknown";

export interface BeginAttemptInput {
  organizationId: string;
  environment: UpstreamEnvironment;
  surface: UpstreamSurface;
  /** What the write is, e.g. `core.createTransfer`: part of the hash, so a key never crosses endpoints. */
  operation: string;
  attemptKey: string;
  requestBody: unknown;
  userId?: string | null;
}

export type BeginAttemptResult =
  | { kind: "send"; id: string; idempotencyKey: string; retry: boolean }
  | { kind: "replay"; id: string; idempotencyKey: string; responseStatus: number; responseBody: unknown };

/** Refusals of the ledger itself; the message is a sentence for the form. */
/** Branded like UpstreamError, so `instanceof` holds across the copies Next makes per layer. */
const LEDGER_ERROR_BRAND = Symbol.for("merchant-ops.LedgerError");

export class LedgerError extends Error {
  static [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[LEDGER_ERROR_BRAND] === true;
  }

  constructor(
    readonly code: "ATTEMPT_CHANGED" | "ATTEMPT_KEY_INVALID",
    message: string,
  ) {
    super(message);
    this.name = "LedgerError";
    Object.defineProperty(this, LEDGER_ERROR_BRAND, { value: true });
  }
}

/** JSON with keys sorted at every level, so the same request always hashes the same. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

export function requestHash(operation: string, body: unknown): string {
  return createHash("sha256").update(operation).update("\n").update(canonicalJson(body)).digest("hex");
}

const ATTEMPT_KEY = /^[A-Za-z0-9_-]{16,100}$/;

type LedgerDb = Pick<PrismaClient, "idempotencyRecord">;

function isUniqueViolation(err: unknown): boolean {
  return typeof err === "object" && err !== null && (err as { code?: string }).code === "P2002";
}

export async function beginAttempt(db: LedgerDb, input: BeginAttemptInput): Promise<BeginAttemptResult> {
  if (!ATTEMPT_KEY.test(input.attemptKey)) {
    throw new LedgerError("ATTEMPT_KEY_INVALID", "This form has expired. Reload the page and submit it again.");
  }
  const hash = requestHash(input.operation, input.requestBody);
  const where = { organizationId_attemptKey: { organizationId: input.organizationId, attemptKey: input.attemptKey } };

  for (let round = 0; round < 3; round++) {
    const existing = await db.idempotencyRecord.findUnique({ where });
    if (!existing) {
      try {
        const created = await db.idempotencyRecord.create({
          data: {
            organizationId: input.organizationId,
            environment: input.environment,
            surface: input.surface,
            operation: input.operation,
            attemptKey: input.attemptKey,
            idempotencyKey: randomUUID(),
            requestHash: hash,
            status: "pending",
            createdById: input.userId ?? null,
          },
        });
        return { kind: "send", id: created.id, idempotencyKey: created.idempotencyKey, retry: false };
      } catch (err) {
        // A concurrent submission of the same attempt (double click) created it first: read theirs.
        if (isUniqueViolation(err)) continue;
        throw err;
      }
    }

    if (existing.status === "succeeded" && existing.requestHash === hash) {
      return {
        kind: "replay",
        id: existing.id,
        idempotencyKey: existing.idempotencyKey,
        responseStatus: existing.responseStatus ?? 200,
        responseBody: (existing.responseBody as { v?: unknown } | null)?.v ?? null,
      };
    }
    if (existing.status === "failed") {
      // The provider refused the last try, so nothing happened: the user may correct the form and
      // send again. A new key is needed, since the provider replays a stored refusal for the old one.
      const claimed = await db.idempotencyRecord.updateMany({
        where: { id: existing.id, status: "failed", updatedAt: existing.updatedAt },
        data: {
          idempotencyKey: randomUUID(),
          requestHash: hash,
          operation: input.operation,
          status: "pending",
          responseStatus: null,
          responseBody: Prisma.DbNull,
        },
      });
      if (claimed.count === 0) continue; // another submission claimed it in between: look again
      const row = await db.idempotencyRecord.findUniqueOrThrow({ where });
      return { kind: "send", id: row.id, idempotencyKey: row.idempotencyKey, retry: false };
    }
    if (existing.requestHash !== hash || existing.operation !== input.operation) {
      throw new LedgerError(
        "ATTEMPT_CHANGED",
        existing.status === "succeeded"
          ? "This form was already submitted and went through. Reload the page to start a new one."
          : "This form was already submitted with other values and its outcome is not confirmed yet. Submit the same values again to finish it safely, or reload the page to start a new one.",
      );
    }
    // pending or unknown with the same request: a retry of the same attempt, same key.
    return { kind: "send", id: existing.id, idempotencyKey: existing.idempotencyKey, retry: true };
  }
  throw new LedgerError("ATTEMPT_CHANGED", "This form is being submitted from somewhere else at the same moment. Wait a moment and reload the page.");
}

export async function finishAttempt(
  db: LedgerDb,
  id: string,
  outcome: { status: Exclude<AttemptStatus, "pending">; responseStatus?: number | null; responseBody?: unknown },
): Promise<void> {
  await db.idempotencyRecord.update({
    where: { id },
    data: {
      status: outcome.status,
      responseStatus: outcome.responseStatus ?? null,
      responseBody: outcome.responseBody === undefined ? undefined : ({ v: outcome.responseBody ?? null } as Prisma.InputJsonValue),
    },
  });
}
