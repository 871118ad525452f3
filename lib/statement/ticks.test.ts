import { describe, expect, it } from "vitest";
import { niceTicks } from "./ticks";

describe("round axis ticks", () => {
  it("step by 1, 2, 2.5 or 5 times a power of ten and cover the values", () => {
    expect(niceTicks(0, 1058.75)).toEqual([0, 500, 1000, 1500]);
    expect(niceTicks(0, 50000)).toEqual([0, 20000, 40000, 60000]);
    expect(niceTicks(0, 48000)).toEqual([0, 20000, 40000, 60000]);
    expect(niceTicks(0, 40000)).toEqual([0, 10000, 20000, 30000, 40000]);
    expect(niceTicks(-30, 40)).toEqual([-40, -20, 0, 20, 40]);
    expect(niceTicks(0, 0.3)).toEqual([0, 0.1, 0.2, 0.3]);
  });

  it("give a flat series an axis around it", () => {
    const t = niceTicks(1000, 1000);
    expect(t[0]).toBeLessThan(1000);
    expect(t.at(-1)).toBeGreaterThan(1000);
    expect(niceTicks(0, 0)).toEqual([-1, -0.5, 0, 0.5, 1]);
  });
});
