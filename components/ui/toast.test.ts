import { describe, expect, it, vi } from "vitest";

const sonner = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() }));
vi.mock("sonner", () => ({ toast: sonner }));

import { toast } from "@/components/ui/toast";

describe("toast (sonner loaded on first use)", () => {
  it("hands each kind, message and options to sonner once it has loaded", async () => {
    toast.success("Saved.");
    toast.error("Refused.");
    toast.info("Waiting for approval.", { duration: 10_000 });
    toast.warning("Key expires soon.", { duration: 15_000 });
    await vi.waitFor(() => expect(sonner.warning).toHaveBeenCalled(), { timeout: 10_000 });
    expect(sonner.success).toHaveBeenCalledWith("Saved.", undefined);
    expect(sonner.error).toHaveBeenCalledWith("Refused.", undefined);
    expect(sonner.info).toHaveBeenCalledWith("Waiting for approval.", { duration: 10_000 });
    expect(sonner.warning).toHaveBeenCalledWith("Key expires soon.", { duration: 15_000 });
  });
});

describe("sonner stays out of the pages' bundles", () => {
  it("is imported only by this wrapper and the toaster, which both load it on demand", async () => {
    const { readdirSync, readFileSync } = await import("node:fs");
    const { join } = await import("node:path");
    const direct: string[] = [];
    const walk = (dir: string) => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        const p = join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && /from "sonner"/.test(readFileSync(p, "utf8"))) direct.push(p);
      }
    };
    for (const dir of ["app", "components", "lib"]) walk(dir);
    expect(direct.sort()).toEqual(["components/ui/sonner.tsx", "components/ui/toast.ts"].sort());
  });
});
