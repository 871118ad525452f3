/**
 * The one way this project runs the Prisma CLI. Prisma 6.19 runs here only on its WebAssembly
 * engines, and its schema engine leaves long timers armed; the preload unrefs them so the CLI exits.
 */
import { execFileSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(__dirname, "..");

export function prisma(args: string[], opts: { capture?: boolean } = {}): string {
  const out = execFileSync(
    process.execPath,
    ["-r", path.join(root, "scripts/machine/prisma-cli-timers.cjs"), path.join(root, "node_modules/prisma/build/index.js"), ...args],
    { cwd: root, stdio: opts.capture ? ["ignore", "pipe", "inherit"] : "inherit", encoding: "utf8", env: process.env },
  );
  return out ?? "";
}

export function generateClient(): void {
  prisma(["generate"], { capture: true });
}

// `npm run prisma -- <args>` (e.g. `npm run prisma -- generate`).
if (require.main === module) prisma(process.argv.slice(2));
