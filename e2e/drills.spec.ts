/**
 * Fault drills against the provider (the emulator's injected faults, /__emulator/faults): while it
 * is down or slow, pages show their last figures with their age or a sentence with a retry, never
 * a crash; a write made meanwhile is neither lost nor sent twice once it is back. Every test clears
 * the faults it adds, whatever happens. (PostgreSQL restarting under webhook traffic is drilled in
 * lib/webhooks/drills-postgres-restart.test.ts; a cut live stream in live.spec.ts.)
 */
import net, { type AddressInfo } from "node:net";
import { expect, test, type APIRequestContext, type Page } from "./fixtures";
import { DEMO_SANDBOX_KEY, emulatorUrl, simulateDeposit } from "./emulator";
import { gotoHydrated, reloadHydrated } from "./helpers";
import { storageStateOf } from "./roles";

const ADDRESS = "0x52908400098527886E0F7030069857D2E4169EE7";

async function addFault(request: APIRequestContext, fault: Record<string, unknown>) {
  const res = await request.post(`${emulatorUrl()}/__emulator/faults`, { data: fault });
  expect(res.ok(), await res.text()).toBe(true);
}
async function clearFaults(request: APIRequestContext) {
  const res = await request.delete(`${emulatorUrl()}/__emulator/faults`);
  expect(res.ok(), await res.text()).toBe(true);
}

/** The provider's own count of merchant withdrawals: what really happened upstream. */
async function providerWithdrawals(request: APIRequestContext): Promise<{ total: number; newest?: { id: string; amount_usd: string } }> {
  const res = await request.get(`${emulatorUrl()}/v1/merchant/withdrawals?limit=1`, { headers: { "X-Api-Key": DEMO_SANDBOX_KEY } });
  expect(res.ok(), await res.text()).toBe(true);
  const body = (await res.json()) as { total: number; data: { id: string; amount_usd: string }[] };
  return { total: body.total, newest: body.data[0] };
}

const uniqueAmount = () => (10 + (Math.floor(Math.random() * 9_900) + 100) / 100).toFixed(2);

/** Fills the withdrawal form (under the approval limit) and confirms it in the review dialog. */
async function submitWithdrawal(page: Page) {
  await page.getByTestId("create-withdrawal-form").getByRole("button", { name: "Review withdrawal" }).click();
  await page.getByTestId("withdrawal-confirm").getByTestId("withdrawal-submit").click();
}
async function openWithdrawal(page: Page, amount: string) {
  await gotoHydrated(page, "/withdrawals/new");
  const form = page.getByTestId("create-withdrawal-form");
  await form.getByLabel("Amount (USD)").fill(amount);
  await form.getByLabel("Destination address").fill(ADDRESS);
}

/**
 * Opens the page until it shows no stale mark. Earlier tests may have spent the key's budget for the
 * minute, and data that is only old is then shown with its age until the budget has room again.
 */
async function gotoFresh(page: Page, url: string, staleMark: string) {
  await expect(async () => {
    await gotoHydrated(page, url);
    await expect(page.getByTestId(staleMark)).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 70_000 });
}

// The error boundary's text: a page that crashed instead of handling the outage.
const crashed = (page: Page) => page.getByText(/give this reference to whoever runs the app/);

test.describe("drill: the provider down or slow", () => {
  test.afterEach(async ({ request }) => clearFaults(request));

  test.describe("reads", () => {
    test.use({ storageState: storageStateOf("viewer") });

    test("pages with figures show them with their age, lists show the local copy with its age, and all recover", async ({ page, request }) => {
      test.setTimeout(120_000);
      await gotoFresh(page, "/balances", "balances-stale");
      await expect(page.getByTestId("balances-error")).toHaveCount(0);
      await gotoHydrated(page, "/transfers");
      const rows = await page.getByTestId("transfer-row").count();
      expect(rows).toBeGreaterThan(0);
      await gotoHydrated(page, "/balances");
      const figure = async () => /\$[\d,]+\.\d{2}/.exec((await page.getByTestId("balance-collection").textContent()) ?? "")?.[0];
      const collection = await figure();
      expect(collection).toBeTruthy();

      // Every surface answers 503, as a provider outage would.
      await addFault(request, { path_prefix: "/", error_status: 503 });
      // The balances are the local copy's: the outage changes nothing on them but the age they show.
      await reloadHydrated(page);
      await expect(page.getByRole("region", { name: "Current balances" }).getByTestId("synced-note")).toContainText(/Synced .+ago/);
      expect(await figure()).toBe(collection);
      await expect(page.getByTestId("balances-error")).toHaveCount(0);
      await expect(page.getByRole("heading", { level: 1, name: "Balances" })).toBeVisible();
      await expect(crashed(page)).toHaveCount(0);

      // Lists read the local copy: the outage changes nothing on them but the age they show.
      await gotoHydrated(page, "/transfers");
      await expect(page.getByTestId("transfer-row")).toHaveCount(rows);
      await expect(page.getByTestId("synced-note")).toContainText(/Synced .+ago/);
      await expect(page.getByTestId("read-error")).toHaveCount(0);
      await expect(crashed(page)).toHaveCount(0);
      // Refresh asks the provider, which does not answer: nothing breaks, the copy stays.
      await page.getByTestId("synced-note").getByRole("button", { name: "Refresh" }).click();
      await expect(page.getByTestId("synced-refresh-answer")).not.toBeEmpty();
      await expect(page.getByTestId("transfer-row")).toHaveCount(rows);

      // The provider is back: the figures are current again.
      await clearFaults(request);
      await gotoFresh(page, "/balances", "balances-stale");
      await expect(page.getByTestId("balances-error")).toHaveCount(0);
    });
  });

  test.describe("writes", () => {
    test.use({ storageState: storageStateOf("operator") });

    test("a withdrawal while the provider is down fails with a sentence and sends nothing; the same attempt afterwards sends it once", async ({
      page,
      request,
    }) => {
      test.setTimeout(60_000);
      const amount = uniqueAmount();
      const before = await providerWithdrawals(request);
      await openWithdrawal(page, amount);
      await addFault(request, { path_prefix: "/v1/merchant/withdrawals", method: "POST", error_status: 503 });
      await submitWithdrawal(page);
      await expect(page.getByTestId("form-error")).toContainText(/\S/, { timeout: 25_000 });
      await expect(page).toHaveURL(/\/withdrawals\/new$/);
      expect((await providerWithdrawals(request)).total).toBe(before.total);

      await clearFaults(request);
      // The same form, so the same attempt: sent once now, and never again.
      await submitWithdrawal(page);
      await expect(page).toHaveURL(/\/withdrawals\/[0-9a-f-]{36}$/, { timeout: 20_000 });
      const after = await providerWithdrawals(request);
      expect(after.total).toBe(before.total + 1);
      expect(after.newest?.amount_usd).toBe(amount);
      expect(page.url()).toContain(after.newest!.id);
    });

    test("a withdrawal whose answer never comes back is retried with the same key and exists once", async ({ page, request }) => {
      test.setTimeout(90_000);
      const amount = uniqueAmount();
      const before = await providerWithdrawals(request);
      await openWithdrawal(page, amount);
      // The first attempt is held past the app's write timeout; the provider still carries it out
      // when the app gives up on it, so only the answer is lost.
      await addFault(request, { path_prefix: "/v1/merchant/withdrawals", method: "POST", latency_ms: 25_000, times: 1 });
      await submitWithdrawal(page);
      await expect(page).toHaveURL(/\/withdrawals\/[0-9a-f-]{36}$/, { timeout: 45_000 });
      const after = await providerWithdrawals(request);
      expect(after.total).toBe(before.total + 1);
      expect(after.newest?.amount_usd).toBe(amount);
      expect(page.url()).toContain(after.newest!.id);
    });
  });
});

/**
 * A TCP proxy in front of the app that can cut the live stream's connections, as a load balancer
 * or a flaky network would: everything else passes, so the page can still poll.
 */
async function streamCutter(appUrl: string) {
  const target = new URL(appUrl);
  const live = new Set<net.Socket>();
  const open = new Set<net.Socket>();
  let cut = false;
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    open.add(client);
    const drop = () => {
      live.delete(client);
      open.delete(client);
      client.destroy();
      upstream.destroy();
    };
    client.on("error", drop).on("close", drop);
    upstream.on("error", drop).on("close", drop);
    client.on("data", (chunk: Buffer) => {
      // Requests on one connection come one after another, so a chunk starting a request names it.
      if (chunk.subarray(0, 13).toString("latin1") === "GET /api/live") {
        if (cut) return drop();
        live.add(client);
      }
      upstream.write(chunk);
    });
    upstream.pipe(client);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://localhost:${(server.address() as AddressInfo).port}`,
    cut() {
      cut = true;
      for (const s of live) s.destroy();
    },
    restore() {
      cut = false;
    },
    close() {
      // The browser keeps connections open (the stream, keep-alive): closing waits for none of them.
      for (const s of open) s.destroy();
      return new Promise((r) => server.close(r));
    },
  };
}

test.describe("drill: the live stream cut while live", () => {
  test.use({ storageState: storageStateOf("operator") });

  // live.spec.ts opens a page whose stream is refused from the start; here a stream that was live drops.
  test("the page says so and keeps updating, then reconnects by itself", async ({ page, request }) => {
    test.setTimeout(60_000);
    const cutter = await streamCutter(test.info().project.use.baseURL!);
    try {
      await gotoHydrated(page, `${cutter.url}/`);
      const indicator = page.getByRole("status", { name: "Live updates" });
      await expect(indicator).toHaveText("Live", { timeout: 10_000 });
      const activity = page.getByTestId("live-activity");
      await expect(activity.getByTestId("recent-events").or(activity.getByTestId("recent-events-empty"))).toBeVisible();
      let navigations = 0;
      page.on("framenavigated", (frame) => {
        if (frame === page.mainFrame()) navigations += 1;
      });

      cutter.cut();
      await expect(indicator).toHaveText("Reconnecting — updating every 10 s");
      const depositId = await simulateDeposit(request, "COMPLETED");
      // While the stream is down the page polls: the deposit shows without the stream.
      await expect(activity.getByTestId("recent-event").filter({ hasText: depositId }).filter({ hasText: "deposit.completed" })).toHaveCount(1, {
        timeout: 25_000,
      });
      await expect(indicator).toHaveText("Reconnecting — updating every 10 s");

      // The network is back: no reload, no online event; the page's own retry brings the stream back.
      cutter.restore();
      await expect(indicator).toHaveText("Live", { timeout: 20_000 });
      const next = await simulateDeposit(request, "COMPLETED");
      await expect(activity.getByTestId("recent-event").filter({ hasText: next }).filter({ hasText: "deposit.completed" })).toHaveCount(1, { timeout: 10_000 });
      expect(navigations).toBe(0);
    } finally {
      await cutter.close();
    }
  });
});
