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
