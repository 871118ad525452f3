import { randomUUID } from "node:crypto";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { storageStateOf } from "./roles";

test.use({ storageState: storageStateOf("operator") });

// The emulator's seeded full-access sandbox key for the demo merchant (public test data).
const DEMO_SANDBOX_KEY = "sk_sandbox_demo_full_4f9c2a7e1b3d";

function emulatorUrl(): string {
  const url = process.env.E2E_EMULATOR_URL;
  if (!url) throw new Error("E2E_EMULATOR_URL is not set: run this spec through `npm test`, which starts the emulator.");
  return url;
}

/** Simulates a completed deposit on the first ACTIVE funding account that can settle; returns its id. */
async function simulateCompletedDeposit(request: APIRequestContext): Promise<string> {
  const base = emulatorUrl();
  const list = await request.get(`${base}/v1/funding-accounts?status=ACTIVE&limit=50`, { headers: { "X-Api-Key": DEMO_SANDBOX_KEY } });
  expect(list.ok(), await list.text()).toBe(true);
  const accounts = ((await list.json()) as { data: { id: string }[] }).data;
  expect(accounts.length, "the emulator seed has an ACTIVE funding account").toBeGreaterThan(0);
  const refusals: string[] = [];
  for (const account of accounts) {
    const res = await request.post(`${base}/v1/sandbox/deposits`, {
      headers: { "X-Api-Key": DEMO_SANDBOX_KEY, "X-Idempotency-Key": randomUUID() },
      data: { funding_account_id: account.id, scenario: "COMPLETED" },
    });
    if (res.status() === 201) {
      const { message } = (await res.json()) as { message: string };
      const id = /Sandbox deposit ([0-9a-f-]{36}) received/.exec(message)?.[1];
      expect(id, message).toBeTruthy();
      return id!;
    }
    // An account whose settlement destination is incomplete cannot take a COMPLETED deposit; try the next.
    refusals.push(`${account.id}: ${res.status()} ${await res.text()}`);
  }
  throw new Error(`No ACTIVE funding account accepted a COMPLETED deposit:\n${refusals.join("\n")}`);
}

test.describe("live updates", () => {
  test("a deposit simulated in the emulator appears in Live activity without a reload", async ({ page, request }) => {
    await page.goto("/");
    const indicator = page.getByRole("status", { name: "Live updates" });
    await expect(indicator).toHaveText("Live", { timeout: 10_000 });
    const activity = page.getByTestId("live-activity");
    await expect(activity.getByRole("heading", { name: "Live activity" })).toBeVisible();
    // Loaded (a list or the empty state), so anything new must come from the stream.
    await expect(activity.getByTestId("recent-events").or(activity.getByTestId("recent-events-empty"))).toBeVisible();

    // Any navigation or reload of the page would lose this marker.
    await page.evaluate(() => ((window as unknown as { __liveMarker: number }).__liveMarker = 1));
    let navigations = 0;
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) navigations += 1;
    });

    const depositId = await simulateCompletedDeposit(request);

    const rows = activity.getByTestId("recent-event").filter({ hasText: depositId });
    await expect(rows.filter({ hasText: "deposit.received" })).toHaveCount(1, { timeout: 10_000 });
    await expect(rows.filter({ hasText: "deposit.completed" })).toHaveCount(1, { timeout: 10_000 });
    await expect(rows.filter({ hasText: "deposit.completed" })).toContainText("COMPLETED");

    expect(navigations).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __liveMarker?: number }).__liveMarker)).toBe(1);
    // Still live: the list changed because the stream said so, not because the page fell back to polling.
    await expect(indicator).toHaveText("Live");
  });

  test("with the stream cut the page says so, keeps updating by polling, and goes live again", async ({ page, request }) => {
    test.setTimeout(60_000);
    await page.route("**/api/live**", (route) => route.abort());
    await page.goto("/");
    const indicator = page.getByRole("status", { name: "Live updates" });
    await expect(indicator).toHaveText("Reconnecting — updating every 10 s");
    const activity = page.getByTestId("live-activity");
    await expect(activity.getByTestId("recent-events").or(activity.getByTestId("recent-events-empty"))).toBeVisible();

    const depositId = await simulateCompletedDeposit(request);
    // One polling interval (10 s) plus the webhook's trip through the app.
    await expect(activity.getByTestId("recent-event").filter({ hasText: depositId }).filter({ hasText: "deposit.completed" })).toHaveCount(1, { timeout: 25_000 });

    await page.unroute("**/api/live**");
    // Back online: the page retries at once instead of waiting out its backoff.
    await page.evaluate(() => window.dispatchEvent(new Event("online")));
    await expect(indicator).toHaveText("Live", { timeout: 10_000 });
  });

  test("the stream refuses a visitor without a session", async ({ playwright }) => {
    const anonymous = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL, storageState: { cookies: [], origins: [] } });
    const res = await anonymous.get("/api/live");
    expect(res.status()).toBe(401);
    await anonymous.dispose();
  });
});
