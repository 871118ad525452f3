/**
 * The sweep chain of an organization holding a Pro key, against the emulator: Pro trades are read
 * under their orders and never swept on their own, so they must not bring the chain's next run
 * forward to "now".
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEED_KEYS, type TestEmulator } from "@/emulator/testing";
import { createTeamWithKey, startSandbox } from "@/test/fixtures";
import { SWEEP_EVERY_MS, runSweep } from "./jobs";

let emu: TestEmulator;
beforeAll(async () => {
  emu = await startSandbox();
}, 60_000);
afterAll(async () => {
  await emu.close();
});

describe("the sweep chain with a Pro key", () => {
  it("runs again when the Pro orders are next due, not at once for the trades", async () => {
    const team = await createTeamWithKey({ surface: "pro", key: SEED_KEYS.pro });
    const next = await runSweep({ organizationId: team.org.id, environment: "sandbox", reason: "schedule" });
    expect(next).not.toBeNull();
    expect(next!).toBeGreaterThan(SWEEP_EVERY_MS - 5_000);
    expect(next!).toBeLessThanOrEqual(SWEEP_EVERY_MS);
  }, 60_000);
});
