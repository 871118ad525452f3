import { describe, expect, it } from "vitest";
import { Coalescer } from "./cache";

/** A call the test settles by hand, numbered in the order the calls began. */
function calls() {
  const started: { n: number; settle: (v: number) => void; fail: (e: Error) => void }[] = [];
  const fn = () =>
    new Promise<number>((settle, fail) => {
      started.push({ n: started.length + 1, settle: (v) => settle(v), fail });
    });
  return { started, fn };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe("Coalescer", () => {
  it("run: callers during a call share it", async () => {
    const c = new Coalescer();
    const { started, fn } = calls();
    const a = c.run("k", fn);
    const b = c.run("k", fn);
    expect(started).toHaveLength(1);
    started[0]!.settle(1);
    expect(await Promise.all([a, b])).toEqual([1, 1]);
    expect(c.size).toBe(0);
  });

  it("runFresh: a caller during a call gets the next call, which a burst shares", async () => {
    const c = new Coalescer();
    const { started, fn } = calls();
    const first = c.runFresh("k", fn);
    const second = c.runFresh("k", fn);
    const third = c.runFresh("k", fn);
    expect(started).toHaveLength(1);
    started[0]!.settle(1);
    expect(await first).toBe(1);
    await tick();
    // The two who asked while the first call was out share one call begun after they asked.
    expect(started).toHaveLength(2);
    started[1]!.settle(2);
    expect(await Promise.all([second, third])).toEqual([2, 2]);
    expect(c.size).toBe(0);
  });

  it("runFresh: a failed call in flight does not fail the callers waiting for the next one", async () => {
    const c = new Coalescer();
    const { started, fn } = calls();
    const first = c.runFresh("k", fn);
    const second = c.runFresh("k", fn);
    started[0]!.fail(new Error("provider down"));
    await expect(first).rejects.toThrow("provider down");
    await tick();
    started[1]!.settle(2);
    expect(await second).toBe(2);
  });

  it("runFresh never shares a run() call on another key, and each key has its own queue", async () => {
    const c = new Coalescer();
    const { started, fn } = calls();
    const cached = c.run("k:c", fn);
    const latest = c.runFresh("k:l", fn);
    const other = c.runFresh("j:l", fn);
    expect(started).toHaveLength(3);
    started.forEach((s) => s.settle(s.n));
    expect(await Promise.all([cached, latest, other])).toEqual([1, 2, 3]);
  });
});
