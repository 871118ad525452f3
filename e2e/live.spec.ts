import { expect, test } from "./fixtures";
import { simulateDeposit } from "./emulator";
import { storageStateOf } from "./roles";

test.use({ storageState: storageStateOf("operator") });

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

    const depositId = await simulateDeposit(request, "COMPLETED");

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

    const depositId = await simulateDeposit(request, "COMPLETED");
    // One polling interval (10 s) plus the webhook's trip through the app.
    await expect(activity.getByTestId("recent-event").filter({ hasText: depositId }).filter({ hasText: "deposit.completed" })).toHaveCount(1, {
      timeout: 25_000,
    });

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
