import { defineConfig } from "vitest/config";
import path from "node:path";

// One config for every vitest suite: unit tests beside the code, emulator contract tests and
// integration tests against a real PostgreSQL (started by test/global-setup.ts).
export default defineConfig({
  resolve: { alias: { "@": path.resolve(__dirname), "server-only": path.resolve(__dirname, "test/server-only-stub.ts") } },
  test: {
    include: ["**/*.test.ts", "**/*.test.tsx"],
    exclude: ["node_modules/**", "e2e/**", ".next/**", ".data/**"],
    environment: "node",
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: "forks",
    fileParallelism: true,
    maxWorkers: 2,
  },
});
