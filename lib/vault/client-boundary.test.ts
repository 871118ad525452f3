/**
 * Static scan: no browser code can reach the vault's secrets. From every "use client" module the
 * value imports are followed (type-only imports are erased by the compiler, so they are skipped),
 * through any module path except into "use server" action modules (the browser gets only a reference
 * to those); none may reach a module that decrypts or reads the vault. And every
 * module that decrypts imports `server-only` (so `next build` refuses it in a client bundle) or is
 * reached from server code only.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";

import { collect, directive, isClient, type Sources } from "@/test/sources";

/** A server-action module: the client bundle gets a reference to call it, never its code or imports. */
const isServerActions = (src: string) => directive("use server").test(src);
const importsServerOnly = (src: string) => /^\s*import\s+["']server-only["']/m.test(src);
/** A module that decrypts a stored secret (or is the cipher itself). */
const decrypts = (src: string) => /createDecipheriv\(|\bdecrypt\(/.test(src);

/** Module specifiers a file imports at runtime (not `import type` / `export type`, not all-type braces). */
function valueImports(src: string): string[] {
  const specs: string[] = [];
  const stmt = /(?:^|\n)\s*(import|export)\s+(type\s+)?([^;'"]*?)\s*(?:from\s+)?["']([^"']+)["']/g;
  for (const m of src.matchAll(stmt)) {
    if (m[2]) continue;
    const clause = m[3] ?? "";
    const braces = /^\{([^}]*)\}$/.exec(clause.trim());
    if (
      braces &&
      braces[1]!
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean)
        .every((s) => s.startsWith("type "))
    )
      continue;
    if (m[1] === "export" && !/from|\*|\{/.test(m[0])) continue;
    specs.push(m[4]!);
  }
  for (const m of src.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)) specs.push(m[1]!);
  return specs;
}

function resolve(from: string, spec: string, sources: Sources): string | null {
  let base: string;
  if (spec.startsWith("@/")) base = spec.slice(2);
  else if (spec.startsWith(".")) base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  else return null; // a package
  for (const cand of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) if (sources.has(cand)) return cand;
  return null;
}

/** Every module reachable from a client module, with one path that reaches it (for the message). */
function clientReachable(sources: Sources): Map<string, string[]> {
  const seen = new Map<string, string[]>();
  const queue: string[][] = [...sources.entries()].filter(([, src]) => isClient(src)).map(([f]) => [f]);
  for (const trail of queue) seen.set(trail[0]!, trail);
  while (queue.length) {
    const trail = queue.shift()!;
    const file = trail[trail.length - 1]!;
    for (const spec of valueImports(sources.get(file)!)) {
      const next = resolve(file, spec, sources);
      if (next && !seen.has(next) && !isServerActions(sources.get(next)!)) {
        const t = [...trail, next];
        seen.set(next, t);
        queue.push(t);
      }
    }
  }
  return seen;
}

/** Vault modules browser code may use: value lists, form schemas and prefix rules, no secrets and no cipher. */
const CLIENT_SAFE_VAULT = new Set(["lib/vault/values.ts", "lib/vault/schemas.ts", "lib/vault/key-rules.ts"]);

describe("the vault stays on the server", () => {
  const sources = collect();
  const reachable = clientReachable(sources);

  it("scans the real tree (client modules found, the key forms among them)", () => {
    expect([...sources.values()].filter(isClient).length).toBeGreaterThan(20);
    expect(reachable.has("app/(dashboard)/settings/api-keys/_components/key-dialog.tsx")).toBe(true);
    expect(reachable.has("lib/vault/schemas.ts")).toBe(true); // followed through the forms' imports
  });

  it("no client module reaches a vault module other than the form schemas and prefix rules", () => {
    const offending = [...reachable.entries()].filter(([f]) => f.startsWith("lib/vault/") && !CLIENT_SAFE_VAULT.has(f)).map(([, trail]) => trail.join(" -> "));
    expect(offending).toEqual([]);
  });

  it("the modules browser code may use neither decrypt nor import anything that does", () => {
    for (const f of CLIENT_SAFE_VAULT) {
      const src = sources.get(f)!;
      expect(decrypts(src), f).toBe(false);
      // Only each other (the schemas build on the value lists).
      expect(
        valueImports(src).filter((s) => (s.startsWith(".") || s.startsWith("@/")) && !CLIENT_SAFE_VAULT.has(resolve(f, s, sources) ?? "")),
        f,
      ).toEqual([]);
    }
  });

  it("every module that decrypts imports server-only or is reached from server code only", () => {
    const decrypting = [...sources.entries()].filter(([, src]) => decrypts(src)).map(([f]) => f);
    expect(decrypting).toEqual(expect.arrayContaining(["lib/vault/crypto.ts", "lib/vault/index.ts"]));
    const exposed = decrypting.filter((f) => !importsServerOnly(sources.get(f)!) && reachable.has(f));
    expect(exposed.map((f) => reachable.get(f)!.join(" -> "))).toEqual([]);
    // The vault's entry points that read the database of secrets are server-only outright.
    for (const f of ["lib/vault/index.ts", "lib/vault/check.ts"]) expect(importsServerOnly(sources.get(f)!), f).toBe(true);
  });
});

describe("the scan itself", () => {
  const fake = (files: Record<string, string>): Sources => new Map(Object.entries(files));

  it("follows value imports through other modules, and skips type-only ones", () => {
    const sources = fake({
      "components/a.tsx": `"use client";\nimport { b } from "@/lib/b";\nimport type { Secret } from "@/lib/vault";\nimport { type X } from "@/lib/vault/crypto";`,
      "lib/b.ts": `export { open } from "./vault/index";`,
      "lib/vault/index.ts": `import "server-only";\nimport { decrypt } from "./crypto";`,
      "lib/vault/crypto.ts": `export function decrypt() {}`,
    });
    const r = clientReachable(sources);
    expect(r.get("lib/vault/index.ts")).toEqual(["components/a.tsx", "lib/b.ts", "lib/vault/index.ts"]);
    expect(r.has("lib/vault/crypto.ts")).toBe(true);
  });

  it("leaves server-only trees and server actions alone, and sees dynamic imports", () => {
    const sources = fake({
      "components/form.tsx": `"use client";\nimport { addKey } from "@/lib/actions/add-key";`,
      "lib/actions/add-key.ts": `"use server";\nimport * as vault from "@/lib/vault";`,
      "app/page.tsx": `import { listSecrets } from "@/lib/vault";`,
      "lib/vault/index.ts": `import "server-only";`,
      "components/c.tsx": `'use client'\nconst m = () => import("@/lib/x");`,
      "lib/x.ts": `export const x = 1;`,
    });
    const r = clientReachable(sources);
    expect(r.has("lib/vault/index.ts")).toBe(false);
    expect(r.has("lib/x.ts")).toBe(true);
  });
});
