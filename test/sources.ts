/**
 * The project's own TypeScript sources, read once per test file, for static scans (which modules
 * reach the browser, which call what). Tests and generated code are left out.
 */
import fs from "node:fs";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "..");
const SCANNED = ["app", "components", "lib", "proxy.ts", "instrumentation.ts"];
const SKIP = /(^|\/)(node_modules|generated)\/|\.test\.tsx?$/;

export type Sources = Map<string, string>;

export function collect(): Sources {
  const out: Sources = new Map();
  const walk = (rel: string) => {
    const abs = path.join(ROOT, rel);
    if (!fs.existsSync(abs) || SKIP.test(rel)) return;
    if (fs.statSync(abs).isDirectory()) {
      for (const e of fs.readdirSync(abs)) walk(path.posix.join(rel, e));
    } else if (/\.tsx?$/.test(rel)) out.set(rel, fs.readFileSync(abs, "utf8"));
  };
  SCANNED.forEach(walk);
  return out;
}

export const directive = (name: string) => new RegExp(`^(?:\\s|//[^\\n]*\\n|/\\*[\\s\\S]*?\\*/)*["']${name}["']`);
export const isClient = (src: string) => directive("use client").test(src);
