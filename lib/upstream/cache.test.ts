import { describe, expect, it } from "vitest";
import { Coalescer } from "./cache";

/** Calls the test settles by hand, numbered in the order they began. */
function calls() {
  const started: { n: number; settle: (v: number) => void; fail: (e: Error) => void }[] = [];
  const fn = () =>
    new Promise<number>((settle, fail) => {
      started.push({ n: started.length + 1, settle, fail });
    });
  return { started, fn };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

/** A coalescer on a clock the test moves. */
function coalescer() {
  let t = 1_000;
  return { c: new Coalescer(() => t), advance: (ms: number) => (t += ms), at: () => t };
}

describe("Coalescer", () => {
  it("run: callers during a call share it", async () => {
    const { c } = coalescer();
    const { started, fn } = calls();
    const a = c.run("k", fn);
    const b = c.run("k", fn);
    expect(started).toHaveLength(1);
    started[0]!.settle(1);
    expect(await Promise.all([a, b])).toEqual([1, 1]);
    expect(c.size).toBe(0);
  });

  it("runAfter: shares a call in flight that began after the last write", async () => {
    const { c, advance, at } = coalescer();
    const { started, fn } = calls();
    const wrote = at();
    advance(5);
    const a = c.runAfter("k", wrote, fn);
    advance(5);
    const b = c.runAfter("k", wrote, fn);
    expect(started).toHaveLength(1);
    started[0]!.settle(1);
    expect(await Promise.all([a, b])).toEqual([1, 1]);
  });

  it("runAfter: a call that left before the last write is not shared; everyone asking meanwhile shares the next", async () => {
    const { c, advance, at } = coalescer();
    const { started, fn } = calls();
    const before = c.runAfter("k", 0, fn);
    advance(5);
    const wrote = at();
    advance(5);
    const second = c.runAfter("k", wrote, fn);
    const third = c.runAfter("k", wrote, fn);
    expect(started).toHaveLength(1);
    started[0]!.settle(1);
    expect(await before).toBe(1);
    await tick();
    expect(started).toHaveLength(2);
    started[1]!.settle(2);
    expect(await Promise.all([second, third])).toEqual([2, 2]);
    expect(c.size).toBe(0);
  });

  it("runAfter: a failed call in flight does not fail the callers waiting for the next one", async () => {
    const { c, advance, at } = coalescer();
    const { started, fn } = calls();
    const first = c.runAfter("k", 0, fn);
    advance(1);
    const second = c.runAfter("k", at(), fn);
    started[0]!.fail(new Error("provider down"));
    await expect(first).rejects.toThrow("provider down");
    await tick();
    started[1]!.settle(2);
    expect(await second).toBe(2);
  });

  it("keys are separate: a call on one key is never shared by another", async () => {
    const { c } = coalescer();
    const { started, fn } = calls();
    const cached = c.run("k:c", fn);
    const latest = c.runAfter("k:l", 0, fn);
    const other = c.runAfter("j:l", 0, fn);
    expect(started).toHaveLength(3);
    started.forEach((s) => s.settle(s.n));
    expect(await Promise.all([cached, latest, other])).toEqual([1, 2, 3]);
  });
});
