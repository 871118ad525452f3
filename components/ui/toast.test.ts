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
