import { describe, expect, it } from "vitest";
import { createRng, hashSeed } from "./rng";

describe("rng", () => {
  it("repeats the same sequence for the same seed and differs for another", () => {
    const a = createRng(42);
    const b = createRng(42);
    const c = createRng(43);
    const seqA = Array.from({ length: 5 }, () => a.next());
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(seqA);
    expect(Array.from({ length: 5 }, () => c.next())).not.toEqual(seqA);
    expect(createRng("42:core:m").uuid()).toBe(createRng("42:core:m").uuid());
    expect(hashSeed("a")).not.toBe(hashSeed("b"));
  });

  it("stays in range and produces v4-shaped UUIDs", () => {
    const r = createRng(1);
    for (let i = 0; i < 500; i++) {
      const n = r.next();
      expect(n >= 0 && n < 1).toBe(true);
      const k = r.int(-2, 2);
      expect(Number.isInteger(k) && k >= -2 && k <= 2).toBe(true);
    }
    const seen = new Set(Array.from({ length: 200 }, () => r.int(1, 3)));
    expect([...seen].sort()).toEqual([1, 2, 3]);
    expect(r.uuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(["x", "y"]).toContain(r.pick(["x", "y"]));
    expect(() => r.pick([])).toThrow(RangeError);
    expect(() => r.int(3, 1)).toThrow(RangeError);
  });
});
