import fs from "node:fs";
import path from "node:path";
import { it } from "vitest";
import { valueImports } from "@/lib/vault/client-boundary.test";
const ROOT = process.cwd();
it("scan", () => {
  const sources = new Map<string, string>();
  const walk = (rel: string) => { const abs = path.join(ROOT, rel); if (!fs.existsSync(abs) || /node_modules|generated|\.test\./.test(rel)) return; if (fs.statSync(abs).isDirectory()) { for (const e of fs.readdirSync(abs)) walk(path.posix.join(rel, e)); } else if (/\.tsx?$/.test(rel)) sources.set(rel, fs.readFileSync(abs, "utf8")); };
  ["app", "components", "lib"].forEach(walk);
  const resolve = (from: string, spec: string) => { let base: string; if (spec.startsWith("@/")) base = spec.slice(2); else if (spec.startsWith(".")) base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec)); else return spec; for (const c of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) if (sources.has(c)) return c; return null; };
  const isClient = (s: string) => /^(?:\s|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*["']use client["']/.test(s);
  const isActions = (s: string) => /^(?:\s|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*["']use server["']/.test(s);
  for (const start of (process.env.START ?? "").split(",")) {
    const q: [string, boolean, string[]][] = [[start, false, [start]]]; const seen = new Set<string>();
    while (q.length) { const [cur, inClient, t] = q.shift()!; if (cur === "zod" && inClient) { console.log(t.join(" -> ")); continue; } const s = sources.get(cur); if (!s) continue; if (isActions(s) && inClient) continue; const client = inClient || isClient(s);
      for (const m of s.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)) void m;
      for (const sp of valueImports(s)) { if (client && s.includes(`import("${sp}")`)) continue; const n = resolve(cur, sp); const key = `${n}|${client}`; if (n && !seen.has(key)) { seen.add(key); q.push([n, client, [...t, n]]); } } }
  }
});
