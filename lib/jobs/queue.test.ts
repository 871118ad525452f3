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

describe("a run a crash left active", () => {
  it("is failed once it expires, and its key's next run goes on", async () => {
    const { defineJob, startJobRunner } = await import("./queue");
    const ran: string[] = [];
    const name = `expiry-test-${Date.now()}`;
    defineJob<{ n: string }>({ name, singletonKey: () => "one-key", expireInSeconds: 2, run: async (d) => void ran.push(d.n) });
    const sender = await startJobRunner(process.env.DATABASE_URL!, { work: false });
    let runner: Awaited<ReturnType<typeof startJobRunner>> | undefined;
    try {
      // A runner took this run and died: the row stays active, with no one to finish it.
      const cut = await sender.send(name, { n: "cut off" }, { singletonKey: "one-key" });
      await sender.getDb().executeSql("UPDATE pgboss.job SET state = 'active', started_on = now() WHERE id = $1", [cut]);
      expect(await sender.send(name, { n: "next" }, { singletonKey: "one-key" })).toBeTruthy();
      runner = await startJobRunner(process.env.DATABASE_URL!, { maintenanceSeconds: 1 });
      await vi.waitFor(() => expect(ran).toContain("next"), { timeout: 15_000, interval: 200 });
      const { rows } = await sender.getDb().executeSql("SELECT state FROM pgboss.job WHERE id = $1", [cut]);
      expect(rows[0].state).not.toBe("active");
    } finally {
      await Promise.all([sender.stop({ graceful: false, wait: true }), runner?.stop({ graceful: false, wait: true })]);
    }
  }, 30_000);

  it("a runner stopped mid-run gives the run back to the queue at once", async () => {
    const { defineJob, startJobRunner, stopJobs } = await import("./queue");
    // This process's queue is the runner below, not an earlier test's.
    delete (globalThis as { jobBoss?: unknown }).jobBoss;
    const name = `stop-test-${Date.now()}`;
    let started = false;
    defineJob({ name, singletonKey: () => "one-key", run: () => ((started = true), new Promise<void>(() => undefined)) });
    const runner = await startJobRunner(process.env.DATABASE_URL!);
    const id = await runner.send(name, {}, { singletonKey: "one-key" });
    await vi.waitFor(() => expect(started).toBe(true), { timeout: 15_000, interval: 200 });
    const check = await startJobRunner(process.env.DATABASE_URL!, { work: false });
    try {
      await stopJobs({ graceful: false });
      const { rows } = await check.getDb().executeSql("SELECT state FROM pgboss.job WHERE id = $1", [id]);
      expect(rows[0].state).toBe("retry");
    } finally {
      await Promise.all([check.stop({ graceful: false, wait: true }), runner.stop({ graceful: false, wait: true })]);
    }
  }, 30_000);
});

describe("a queue created by an earlier release", () => {
  it("takes its definition's expiry on the next start", async () => {
    const { defineJob, startJobRunner } = await import("./queue");
    const name = `update-test-${Date.now()}`;
    defineJob({ name, run: async () => {} });
    const before = await startJobRunner(process.env.DATABASE_URL!, { work: false });
    await before.stop({ graceful: false, wait: true });
    defineJob({ name, run: async () => {}, expireInSeconds: 7 });
    const after = await startJobRunner(process.env.DATABASE_URL!, { work: false });
    try {
      const { rows } = await after.getDb().executeSql("SELECT policy, expire_seconds FROM pgboss.queue WHERE name = $1", [name]);
      expect(rows[0]).toEqual({ policy: "stately", expire_seconds: 7 });
    } finally {
      await after.stop({ graceful: false, wait: true });
    }
  }, 30_000);
});
