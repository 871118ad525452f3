/**
 * Next loads a module more than once in one process: the instrumentation's copy of the queue
 * defines the jobs, a page's copy enqueues them. The page's runs must carry the definitions'
 * singleton keys, or every scope's runs would share the empty key and the `stately` policy would
 * drop all but one of them.
 */
import { describe, expect, it, vi } from "vitest";

describe("job definitions across copies of the queue module", () => {
  it("a second copy of the module sends with the singleton key the first copy defined", async () => {
    const defining = await import("./queue");
    defining.defineJob<{ org: string }>({ name: "copies-test", run: async () => {}, singletonKey: (d) => `key:${d.org}` });
    vi.resetModules();
    const enqueuing = await import("./queue");
    expect(enqueuing).not.toBe(defining);
    expect(enqueuing.sendOptions("copies-test", { org: "a" }, 5)).toEqual({ startAfter: 5, singletonKey: "key:a" });
  });
});

describe("a web worker's queue only sends", () => {
  it("a job sent by a sender (work: false) waits for a runner, which runs it once", async () => {
    const { defineJob, startJobRunner } = await import("./queue");
    const ran: string[] = [];
    const name = `sender-test-${Date.now()}`;
    defineJob<{ n: string }>({ name, policy: "standard", run: async (d) => void ran.push(d.n) });
    const sender = await startJobRunner(process.env.DATABASE_URL!, { work: false });
    let runner: Awaited<ReturnType<typeof startJobRunner>> | undefined;
    try {
      expect(await sender.send(name, { n: "one" })).toBeTruthy();
      // Longer than a runner's polling (2 s): a sender that ran jobs would have run it by now.
      await new Promise((r) => setTimeout(r, 3_000));
      expect(ran).toEqual([]);
      runner = await startJobRunner(process.env.DATABASE_URL!);
      await vi.waitFor(() => expect(ran).toEqual(["one"]), { timeout: 15_000, interval: 200 });
    } finally {
      await Promise.all([sender.stop({ graceful: false, wait: true }), runner?.stop({ graceful: false, wait: true })]);
    }
  }, 30_000);
});
