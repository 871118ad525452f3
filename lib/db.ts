import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { env } from "@/lib/env";

export function createDb(connectionString: string): PrismaClient {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString, max: 10 }) });
}

// One client per process, made on first use (so `next build` never needs a database), and kept on
// globalThis because Next reloads modules in development.
const globalForDb = globalThis as unknown as { prisma?: PrismaClient };
function client(): PrismaClient {
  globalForDb.prisma ??= createDb(env().DATABASE_URL);
  return globalForDb.prisma;
}

export const db: PrismaClient = new Proxy({} as PrismaClient, {
  get(_target, prop) {
    const c = client();
    const value = Reflect.get(c, prop, c);
    return typeof value === "function" ? value.bind(c) : value;
  },
});

export type Db = PrismaClient;
export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];
