import { describe, expect, it } from "vitest";
import { runsJobs, workerCount } from "./serve";

describe("npm start's worker count", () => {
  it("runs one worker per core unless WEB_CONCURRENCY says how many", () => {
    expect(workerCount({}, 2)).toBe(2);
    expect(workerCount({ WEB_CONCURRENCY: "1" }, 2)).toBe(1);
    expect(workerCount({ WEB_CONCURRENCY: "4" }, 2)).toBe(4);
  });

  it("falls back to one per core for a value that is not a positive whole number", () => {
    for (const bad of ["0", "-1", "1.5", "two", ""]) expect(workerCount({ WEB_CONCURRENCY: bad }, 3)).toBe(3);
  });
});

describe("npm start's jobs worker", () => {
  it("runs one when JOB_QUEUE is on, as by default; with off or send the instance only enqueues", () => {
    expect(runsJobs({})).toBe(true);
    expect(runsJobs({ JOB_QUEUE: "on" })).toBe(true);
    expect(runsJobs({ JOB_QUEUE: "off" })).toBe(false);
    expect(runsJobs({ JOB_QUEUE: "send" })).toBe(false);
  });
});
