/**
 * Idempotency records for writes carrying X-Idempotency-Key, scoped per merchant. Completed
 * records live in the persisted state (platform.idempotency) for 24 hours of emulated time;
 * in-flight keys live only in memory, so a crash never leaves a key blocked forever.
 */
import { createHash } from "node:crypto";
import type { EmulatorState } from "./contract";

export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;

export interface IdempotencyRecord {
  fingerprint: string;
  status: number;
  body: string;
  contentType: string;
  createdAt: number;
}

function records(state: EmulatorState): Record<string, IdempotencyRecord> {
  const existing = state.platform.idempotency;
  if (existing && typeof existing === "object") return existing as Record<string, IdempotencyRecord>;
  const fresh: Record<string, IdempotencyRecord> = {};
  state.platform.idempotency = fresh;
  return fresh;
}

/** JSON with object keys sorted at every level, so key order never changes the fingerprint. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const obj = value as Record<string, unknown>;
  const keys = Object.keys(obj)
    .filter((k) => obj[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`).join(",")}}`;
}

/** Fingerprint of a request: method, path and the canonical body (raw text when not JSON). */
export function requestFingerprint(method: string, path: string, rawBody: string): string {
  let body = rawBody;
  if (rawBody.trim() !== "") {
    try {
      body = canonicalJson(JSON.parse(rawBody));
    } catch {
      body = rawBody;
    }
  }
  return createHash("sha256").update(`${method.toUpperCase()} ${path}\n${body}`).digest("hex");
}

export class IdempotencyStore {
  private readonly inFlight = new Set<string>();

  constructor(
    private readonly state: () => EmulatorState,
    private readonly now: () => number,
    private readonly markDirty: () => void,
  ) {}

  private scoped(merchantId: string, key: string): string {
    return `${merchantId}:${key}`;
  }

  get(merchantId: string, key: string): IdempotencyRecord | undefined {
    const rec = records(this.state())[this.scoped(merchantId, key)];
    if (!rec) return undefined;
    if (this.now() - rec.createdAt > IDEMPOTENCY_RETENTION_MS) return undefined;
    return rec;
  }

  /** False when the same key is already being processed. */
  begin(merchantId: string, key: string): boolean {
    const id = this.scoped(merchantId, key);
    if (this.inFlight.has(id)) return false;
    this.inFlight.add(id);
    return true;
  }

  finish(merchantId: string, key: string, record?: Omit<IdempotencyRecord, "createdAt">): void {
    const id = this.scoped(merchantId, key);
    this.inFlight.delete(id);
    if (record) {
      records(this.state())[id] = { ...record, createdAt: this.now() };
      this.markDirty();
    }
  }

  /** Drops records older than the retention window; called from the platform's tick. */
  prune(): void {
    const all = records(this.state());
    const cutoff = this.now() - IDEMPOTENCY_RETENTION_MS;
    let removed = false;
    for (const [id, rec] of Object.entries(all)) {
      if (rec.createdAt < cutoff) {
        delete all[id];
        removed = true;
      }
    }
    if (removed) this.markDirty();
  }

  clearInFlight(): void {
    this.inFlight.clear();
  }
}
