import { describe, expect, it } from "vitest";
import { collect, directive, isClient } from "@/test/sources";
import { NO_ANSWER, answerOrFailure } from "./answer-or-failure";

const sources = collect();
const clientModules = () => [...sources].filter(([file, src]) => /^(app|components)\//.test(file) && isClient(src)).map(([file, src]) => ({ file, src }));
// Server-action modules wherever their feature keeps them (first statement "use server"), by the
// "@/..." specifier a browser module imports them with: a folder filter would miss a moved one.
const actionSpecifiers = new Set([...sources].filter(([, src]) => directive("use server").test(src)).map(([file]) => `@/${file.replace(/\.tsx?$/, "")}`));

/** Every (browser module, imported server action) pair, so the check below sees each one. */
function importedActions(): { file: string; src: string; name: string }[] {
  const out: { file: string; src: string; name: string }[] = [];
  for (const { file, src } of clientModules()) {
    for (const m of src.matchAll(/import\s*\{([^}]*)\}\s*from\s*["'](@\/[\w/.()[\]-]+)["']/g)) {
      if (!actionSpecifiers.has(m[2]!)) continue;
      for (const name of m[1]!
        .split(",")
        .map((s) => s.trim())
        .filter((s) => s && !s.startsWith("type ")))
        out.push({ file, src, name });
    }
  }
  return out;
}

describe("answerOrFailure", () => {
  it("passes an action's answer through, success or failure", async () => {
    expect(await answerOrFailure(Promise.resolve({ ok: true as const, data: 1 }))).toEqual({ ok: true, data: 1 });
    expect(await answerOrFailure(Promise.resolve({ ok: false as const, error: "Enter an amount.", fieldErrors: { amount: "Enter an amount." } }))).toEqual({
      ok: false,
      error: "Enter an amount.",
      fieldErrors: { amount: "Enter an amount." },
    });
  });

  it("turns a call that never answered into a failure the form can show", async () => {
    expect(await answerOrFailure(Promise.reject(new TypeError("Failed to fetch")))).toEqual({ ok: false, error: NO_ANSWER });
  });

  it("finds the browser modules' server actions wherever the actions live", () => {
    const found = importedActions();
    expect(found.length).toBeGreaterThan(40);
    expect(found.map((f) => f.name)).toEqual(expect.arrayContaining(["createTransfer", "createRecipient", "createWithdrawal", "createFundingAccount"]));
  });

  it("is how every browser module awaits a server action", () => {
    const naked = importedActions()
      .filter(({ src, name }) => new RegExp(`await\\s+${name}\\(`).test(src))
      .map(({ file, name }) => `${file}: await ${name}(...)`);
    expect(naked).toEqual([]);
  });
});
