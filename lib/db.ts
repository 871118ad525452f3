import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { env } from "@/lib/env";

// One client per process; in development Next reloads modules, so keep it on globalThis.
const globalForDb = globalThis as unknown as { prisma?: PrismaClient };

export function createDb(connectionString: string): PrismaClient {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString, max: 10 }) });
}

export const db: PrismaClient = globalForDb.prisma ?? createDb(env().DATABASE_URL);
if (process.env.NODE_ENV !== "production") globalForDb.prisma = db;

export type Db = PrismaClient;
export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];
