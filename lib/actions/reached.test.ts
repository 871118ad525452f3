import { describe, expect, it } from "vitest";
import { collect, isClient } from "@/test/sources";
import { NO_ANSWER, reached } from "./reached";

const clientModules = () => [...collect()].filter(([file, src]) => /^(app|components)\//.test(file) && isClient(src)).map(([file, src]) => ({ file, src }));

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
