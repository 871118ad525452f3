import { defineConfig } from "vitest/config";
import path from "node:path";

// One config for every vitest suite: unit tests beside the code, emulator contract tests and
// integration tests against a real PostgreSQL (started by test/global-setup.ts).
export default defineConfig({
  resolve: { alias: { "@": import.meta.dirname, "server-only": path.resolve(import.meta.dirname, "test/server-only-stub.ts") } },
  test: {
    include: ["**/*.test.ts", "**/*.test.tsx"],
    exclude: ["node_modules/**", "e2e/**", ".next/**", ".data/**"],
    environment: "node",
    globalSetup: ["test/global-setup.ts"],
    setupFiles: ["test/setup-next.ts"],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: "forks",
    fileParallelism: true,
    maxWorkers: 2,
    // next-auth's ESM imports "next/server" without an extension, which Node's resolver refuses;
    // letting vite process it resolves the import the way Next's bundler does.
    server: { deps: { inline: ["next-auth"] } },
  },
});
