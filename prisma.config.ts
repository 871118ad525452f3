import { defineConfig } from "prisma/config";

// Prisma 6.19 on its WebAssembly engines (no native binaries can be downloaded on our machines):
// the CLI is used only for `generate` and schema-to-schema `migrate diff`; migrations are applied
// by scripts/migrate.ts, so the adapter below is never asked to connect.
export default defineConfig({
  schema: "prisma/schema.prisma",
  experimental: { adapter: true },
  engine: "js",
  async adapter() {
    const { PrismaPg } = await import("@prisma/adapter-pg");
    return new PrismaPg({ connectionString: process.env.DATABASE_URL ?? "postgresql://localhost/unused" });
  },
});
