import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { NO_ANSWER, reached } from "./reached";

const ROOT = path.resolve(import.meta.dirname, "../..");

function clientModules(): { file: string; src: string }[] {
  const out: { file: string; src: string }[] = [];
  const walk = (rel: string) => {
    for (const e of fs.readdirSync(path.join(ROOT, rel), { withFileTypes: true })) {
      const child = path.posix.join(rel, e.name);
      if (e.isDirectory()) walk(child);
      else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) {
        const src = fs.readFileSync(path.join(ROOT, child), "utf8");
        if (/^\s*["']use client["']/.test(src)) out.push({ file: child, src });
      }
    }
  };
  ["app", "components"].forEach(walk);
  return out;
}

describe("reached", () => {
  it("passes an action's answer through, success or failure", async () => {
    expect(await reached(Promise.resolve({ ok: true as const, data: 1 }))).toEqual({ ok: true, data: 1 });
    expect(await reached(Promise.resolve({ ok: false as const, error: "Enter an amount.", fieldErrors: { amount: "Enter an amount." } }))).toEqual({
      ok: false,
      error: "Enter an amount.",
      fieldErrors: { amount: "Enter an amount." },
    });
  });

  it("turns a call that never answered into a failure the form can show", async () => {
    expect(await reached(Promise.reject(new TypeError("Failed to fetch")))).toEqual({ ok: false, error: NO_ANSWER });
  });

  it("is how every browser module awaits a server action", () => {
    const naked: string[] = [];
    for (const { file, src } of clientModules()) {
      for (const m of src.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']@\/lib\/actions\/([\w-]+)["']/g)) {
        if (m[2] === "reached" || m[2] === "safe-action") continue;
        for (const name of m[1]!.split(",").map((s) => s.trim()).filter((s) => s && !s.startsWith("type "))) {
          if (new RegExp(`await\\s+${name}\\(`).test(src)) naked.push(`${file}: await ${name}(...)`);
        }
      }
    }
    expect(naked).toEqual([]);
  });
});
