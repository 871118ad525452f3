/** Control API: older deposit history in bulk, reached by paging back the deposit list. */
import { describe, expect, it } from "vitest";
import { DEMO_MERCHANT_ID } from "../testing";
import { get, harnessPerSuite } from "./test-helpers";

const h = harnessPerSuite();
const history = (merchant: string, body: unknown) =>
  fetch(`${h.emu.url}/__emulator/merchants/${merchant}/history`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });

describe("POST /__emulator/merchants/{id}/history", () => {
  it("adds settled deposits older than any the merchant had, at the end of the list", async () => {
    const before = await get(h.emu, "/v1/deposits?limit=1");
    const newest = before.body.data[0].id;
    const res = await history(DEMO_MERCHANT_ID, { deposits: 250 });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ deposits_added: 250, deposits: before.body.total + 250 });

    const first = await get(h.emu, "/v1/deposits?limit=100");
    expect(first.body).toMatchObject({ total: before.body.total + 250, total_pages: Math.ceil((before.body.total + 250) / 100) });
    expect(first.body.data[0].id).toBe(newest);
    const last = await get(h.emu, `/v1/deposits?limit=100&page=${first.body.total_pages}`);
    const oldest = last.body.data.at(-1);
    expect(oldest).toMatchObject({ status: "COMPLETED", settlement_status: "COMPLETED", currency: "NGN" });
  });

  it("refuses a bad count and an unknown merchant", async () => {
    expect((await history(DEMO_MERCHANT_ID, { deposits: 0 })).status).toBe(400);
    expect((await history(DEMO_MERCHANT_ID, { deposits: 5, transfers: 1 })).status).toBe(400);
    expect((await history("no-such-merchant", { deposits: 5 })).status).toBe(404);
  });
});
