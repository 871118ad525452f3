/**
 * The portfolio page while the Stocks provider is down, against a real emulator and PostgreSQL:
 * each fresh read is kept in the local copy, and once the read cache no longer holds an answer the
 * page shows that last portfolio, marked stale with its age, instead of an error.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GET as getPortfolio } from "@/app/api/stocks/portfolio/route";
import type { TestEmulator } from "@/emulator/testing";
import { readOne } from "@/lib/ledger/read";
import { testDb } from "@/test/factories";
import { callRoute, createTeamWithKey, startSandbox, type Team } from "@/test/fixtures";
import { signInAs } from "@/test/session";
import type { PortfolioView } from "./views";

let emu: TestEmulator;
let team: Team;

beforeAll(async () => {
  emu = await startSandbox();
});
afterAll(() => emu.close());

beforeEach(async () => {
  team = await createTeamWithKey({ surface: "stocks" });
  await emu.control.clearFaults();
  signInAs(team.viewer);
});

/**
 * The read cache forgets its portfolio answers, as it does once they are older than it keeps them
 * (its keys are hashes, so they are found by shape; other tests' portfolio answers go too, which
 * only makes their next read ask the provider).
 */
const forgetCachedReads = () => testDb().$executeRawUnsafe(`DELETE FROM upstream_cache WHERE body::text LIKE '%"usd_balance"%'`);

describe("the portfolio kept in the local copy", () => {
  it("shows the last portfolio read, stale with its age, while the provider is down", async () => {
    const fresh = await callRoute<PortfolioView>(getPortfolio, "/api/stocks/portfolio");
    expect(fresh.body.stale).toBe(false);
    const kept = await readOne({ organizationId: team.org.id, environment: "sandbox" }, "stock_portfolio", "portfolio");
    expect(kept?.data).toMatchObject({ total_value_usd: expect.any(String), positions: expect.any(Array) });

    await emu.control.setFaults({ path_prefix: "/stocks/v1/wallet", wallet_unavailable: true });
    await forgetCachedReads();
    const down = await callRoute<PortfolioView>(getPortfolio, "/api/stocks/portfolio");
    expect(down.status).toBe(200);
    expect(down.body).toMatchObject({ stale: true, fetchedAt: kept!.syncedAt.toISOString() });
    expect(down.body.data).toEqual(fresh.body.data);
  });

  it("with nothing kept, the outage is still the sentence it was", async () => {
    await emu.control.setFaults({ path_prefix: "/stocks/v1/wallet", wallet_unavailable: true });
    await forgetCachedReads();
    const r = await callRoute<{ error: string }>(getPortfolio, "/api/stocks/portfolio");
    expect(r.status).toBe(503);
  });
});
