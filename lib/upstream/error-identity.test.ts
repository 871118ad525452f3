/**
 * Next bundles server code once per layer (pages and server actions), so one process can hold two
 * copies of the error classes; the shared client made by one layer throws into the other.
 */
import { describe, expect, it, vi } from "vitest";

async function freshCopies() {
  vi.resetModules();
  const errors = await import("./errors");
  const ledger = await import("./ledger");
  return { UpstreamError: errors.UpstreamError, LedgerError: ledger.LedgerError };
}

describe("error classes across module copies", () => {
  it("recognises an UpstreamError made by another copy of the module", async () => {
    const a = await freshCopies();
    const b = await freshCopies();
    expect(a.UpstreamError).not.toBe(b.UpstreamError);
    const err = new a.UpstreamError({ kind: "frozen", status: 403, code: "merchant_frozen", message: "m", userMessage: "u", surface: "core" });
    expect(err instanceof b.UpstreamError).toBe(true);
    expect(err instanceof Error).toBe(true);
    expect(err.withUserMessage("v") instanceof b.UpstreamError).toBe(true);
    expect(new Error("x") instanceof b.UpstreamError).toBe(false);
    expect(({ kind: "frozen" } as object) instanceof b.UpstreamError).toBe(false);
    expect((null as unknown as object) instanceof b.UpstreamError).toBe(false);
  });

  it("recognises a LedgerError made by another copy, and keeps the two kinds apart", async () => {
    const a = await freshCopies();
    const b = await freshCopies();
    const err = new a.LedgerError("ATTEMPT_CHANGED", "changed");
    expect(err instanceof b.LedgerError).toBe(true);
    expect(err instanceof b.UpstreamError).toBe(false);
    expect(new a.UpstreamError({ kind: "refused", status: 400, code: "x", message: "m", userMessage: "u", surface: "core" }) instanceof b.LedgerError).toBe(
      false,
    );
  });
});
