import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../processes";
import { benchScripts, runOrder, usesApp } from "./plan";

const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> };

describe("npm run bench's plan", () => {
  it("runs every bench:* script of package.json, and nothing else", () => {
    const names = benchScripts(pkg).map((b) => b.name);
    expect(names).toEqual(
      Object.keys(pkg.scripts)
        .filter((s) => s.startsWith("bench:"))
        .map((s) => s.slice(6)),
    );
    expect(names).toContain("webhooks");
    expect(names).not.toContain("bench");
  });

  it("knows which benchmarks measure the running app, from their own code", () => {
    const byName = new Map(benchScripts(pkg).map((b) => [b.name, b]));
    for (const name of ["pages", "concurrency", "pro"]) expect(usesApp(byName.get(name)!), name).toBe(true);
    for (const name of ["webhooks", "emulator", "live", "search", "backfill"]) expect(usesApp(byName.get(name)!), name).toBe(false);
  });

  it("runs those with their own server first, so no idle app takes their CPU", () => {
    const ordered = runOrder(benchScripts(pkg));
    const firstApp = ordered.findIndex(usesApp);
    expect(firstApp).toBeGreaterThan(0);
    expect(ordered.slice(firstApp).every(usesApp)).toBe(true);
    expect(ordered).toHaveLength(benchScripts(pkg).length);
  });
});
