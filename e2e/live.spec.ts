import { expect, test } from "./fixtures";
import { simulateDeposit } from "./emulator";
import { gotoHydrated } from "./helpers";
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

test.describe("coming back to a page", () => {
  test("shows the server's new render, not the last visit's cache, and does not ask the list's route again", async ({ page }) => {
    // A live change while away would rightly make the page ask again; polling stands in for the stream.
    await page.route("**/api/live**", (r) => r.abort());
    await page.clock.install();
    const link = (href: string) => page.locator(`nav[aria-label=Main] a[href="${href}"]`);
    await gotoHydrated(page, "/transfers");
    await expect(page.getByRole("heading", { level: 1, name: "Transfers" })).toBeVisible();
    await link("/recipients").click();
    await expect(page.getByRole("heading", { level: 1, name: "Recipients" })).toBeVisible();
    // Away long enough for the first visit's cached list to be stale (the client's staleTime is 15 s).
    await page.clock.fastForward(20_000);

    const asked: string[] = [];
    page.on("request", (req) => {
      if (new URL(req.url()).pathname === "/api/transfers") asked.push(req.url());
    });
    await link("/transfers").click();
    await expect(page.getByRole("heading", { level: 1, name: "Transfers" })).toBeVisible();
    await expect(page.getByRole("table").first()).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(asked).toEqual([]);
  });
});

test.describe("the overview's live activity", () => {
  test("comes with the page: no request for it on arrival", async ({ page }) => {
    // The stream's changes would rightly make the list ask again; polling stands in for it.
    await page.route("**/api/live**", (r) => r.abort());
    const asked: string[] = [];
    page.on("request", (req) => {
      if (new URL(req.url()).pathname === "/api/events/recent") asked.push(req.url());
    });
    await gotoHydrated(page, "/");
    const activity = page.getByTestId("live-activity");
    await expect(activity.getByTestId("recent-events").or(activity.getByTestId("recent-events-empty"))).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(asked).toEqual([]);
  });
});
