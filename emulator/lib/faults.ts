/**
 * Injected faults for resilience testing (POST /__emulator/faults). Each fault matches requests by
 * path prefix (and optionally method) and can add latency, hang, answer an error status, storm 429s,
 * make wallet endpoints unavailable, or corrupt the JSON body. Faults live in memory only.
 */
import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { Rng, Surface } from "./contract";

export const FaultInputSchema = z
  .object({
    path_prefix: z.string().startsWith("/", "path_prefix must start with /").default("/"),
    method: z
      .string()
      .regex(/^[A-Za-z]+$/, "method must be an HTTP method")
      .transform((m) => m.toUpperCase())
      .optional(),
    latency_ms: z.number().int().min(0).max(120_000).optional(),
    error_status: z.number().int().min(400).max(599).optional(),
    error_code: z.string().min(1).max(100).optional(),
    error_rate: z.number().min(0).max(1).optional(),
    rate_limit_storm: z.boolean().optional(),
    retry_after_seconds: z.number().int().min(1).max(3600).optional(),
    wallet_unavailable: z.boolean().optional(),
    timeout: z.union([z.boolean(), z.number().int().min(1).max(600_000)]).optional(),
    malformed_json: z.boolean().optional(),
    times: z.number().int().min(1).optional(),
  })
  .strict()
  .refine(
    (f) =>
      f.latency_ms !== undefined ||
      f.error_status !== undefined ||
      f.rate_limit_storm === true ||
      f.wallet_unavailable === true ||
      (f.timeout !== undefined && f.timeout !== false) ||
      f.malformed_json === true,
    { message: "a fault needs at least one effect: latency_ms, error_status, rate_limit_storm, wallet_unavailable, timeout or malformed_json" },
  );

export type FaultInput = z.infer<typeof FaultInputSchema>;

export interface Fault extends FaultInput {
  id: string;
  created_at: string;
  /** Requests this fault has affected so far. */
  hits: number;
}

/** Paths of the wallet service behind the envelope surfaces (Pro withdrawal options, Coins withdrawals, Stocks wallet). */
const WALLET_PATH = /\/(?:withdrawals|wallet|crypto-withdrawals|fiat-withdrawals)(?:\/|$)/;

export function isWalletPath(surface: Surface, path: string): boolean {
  return surface !== "core" && WALLET_PATH.test(path);
}

export class FaultStore {
  private faults: Fault[] = [];

  constructor(private readonly rng: Rng) {}

  add(input: FaultInput, nowIso: string): Fault {
    const fault: Fault = { ...input, id: randomUUID(), created_at: nowIso, hits: 0 };
    this.faults.push(fault);
    return fault;
  }

  list(): Fault[] {
    return this.faults.map((f) => ({ ...f }));
  }

  clear(): void {
    this.faults = [];
  }

  remove(id: string): boolean {
    const before = this.faults.length;
    this.faults = this.faults.filter((f) => f.id !== id);
    return this.faults.length !== before;
  }

  get size(): number {
    return this.faults.length;
  }

  /** Faults that fire for this request; counts the hit and retires faults whose `times` ran out. */
  match(method: string, path: string): Fault[] {
    if (this.faults.length === 0) return [];
    const fired: Fault[] = [];
    for (const f of this.faults) {
      if (!path.startsWith(f.path_prefix)) continue;
      if (f.method && f.method !== method.toUpperCase()) continue;
      if (f.error_rate !== undefined && this.rng.next() >= f.error_rate) continue;
      f.hits++;
      fired.push(f);
    }
    if (fired.length > 0) this.faults = this.faults.filter((f) => f.times === undefined || f.hits < f.times);
    return fired;
  }
}
