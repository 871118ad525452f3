/** Which benchmarks `npm run bench` runs (all.ts), and in what order. */
import fs from "node:fs";
import path from "node:path";
import { ROOT } from "../processes";

export interface BenchScript {
  name: string;
  script: string;
  command: string;
}

/** The `bench:*` scripts of package.json, in their order there. */
export function benchScripts(pkg: { scripts?: Record<string, string> }): BenchScript[] {
  return Object.entries(pkg.scripts ?? {})
    .filter(([script]) => /^bench:[\w-]+$/.test(script))
    .map(([script, command]) => ({ name: script.slice("bench:".length), script, command }));
}

/** Whether a benchmark measures the running app (it calls `runningApp` of common.ts), read from its script. */
export function usesApp(b: { command: string }): boolean {
  const file = b.command.split(/\s+/).find((part) => part.endsWith(".ts"));
  return file !== undefined && /\brunningApp\(/.test(fs.readFileSync(path.join(ROOT, file), "utf8"));
}

/**
 * The benchmarks that bring their own server (the emulator, the webhook route in-process, the
 * export, search and backfill databases) first, with no app idling beside them: its sweeps and
 * backfill took CPU from them on a 2-core machine. Then those that need the app, started once.
 */
export function runOrder<T extends { command: string }>(benches: readonly T[]): T[] {
  return [...benches.filter((b) => !usesApp(b)), ...benches.filter(usesApp)];
}
