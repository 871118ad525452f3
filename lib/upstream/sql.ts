/**
 * A minimal SQL runner for the two hot, loss-tolerant tables of the client: the rate budget and the
 * read cache. Production uses its own small pg pool with `synchronous_commit=off`: a budget count
 * or a cached read lost in a database crash costs nothing that matters, while waiting for the WAL
 * flush on every upstream call cost about 3 ms per call (measured in scripts/bench/client.ts). The
 * idempotency ledger never uses this: its rows must be durable before a write is sent.
 */
import { Pool } from "pg";
import type { PrismaClient } from "@/lib/generated/prisma/client";

export interface SqlRunner {
  query<T>(sql: string, params: unknown[]): Promise<T[]>;
}

export function prismaSql(db: Pick<PrismaClient, "$queryRawUnsafe">): SqlRunner {
  return { query: <T>(sql: string, params: unknown[]) => db.$queryRawUnsafe<T[]>(sql, ...params) };
}

export function fastSql(connectionString: string, max = 5): SqlRunner & { end(): Promise<void> } {
  const pool = new Pool({ connectionString, max, options: "-c synchronous_commit=off" });
  // An idle client's error (database restart) must not crash the process; the next query reconnects.
  pool.on("error", () => undefined);
  return {
    query: async <T>(sql: string, params: unknown[]) => (await pool.query(sql, params)).rows as T[],
    end: () => pool.end(),
  };
}
