import { expect, test, type APIRequestContext } from "./fixtures";
import { ageDemoKey } from "./db";
import { emulatorUrl } from "./emulator";
import { gotoHydrated } from "./helpers";
import { ROLES, storageStateOf } from "./roles";

// The emulator's seeded full-access sandbox key for the demo merchant (public test data).
const DEMO_SANDBOX_KEY = "sk_sandbox_demo_full_4f9c2a7e1b3d";

async function emulatorGet<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(`${emulatorUrl()}${path}`, { headers: { "X-Api-Key": DEMO_SANDBOX_KEY } });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as T;
}

const SYMBOL: Record<string, string> = { USD: "$", NGN: "₦" };
const money = (currency: string, amount: string) =>
  `${SYMBOL[currency]}${Number(amount).toLocaleString("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

test.describe("overview", () => {
  test.use({ storageState: storageStateOf("viewer") });

  test("shows the provider's balances, each linking to the balances page", async ({ page, request }) => {
    const balances = page.getByTestId("overview-balances");
    // The balances are the local copy's, swept every few seconds while shown: a move an earlier spec made at the provider may take one sweep to show.
    await expect(async () => {
      const { data } = await emulatorGet<{ data: { collection_balance_usd: string; withdrawal_balance_usd: string; withdrawal_balance_ngn: string } }>(
        request,
        "/v1/merchant/balance",
      );
      await gotoHydrated(page, "/");
      await expect(balances.getByTestId("balance-collection")).toContainText(money("USD", data.collection_balance_usd), { timeout: 2_000 });
      await expect(balances.getByTestId("balance-withdrawal-usd")).toContainText(money("USD", data.withdrawal_balance_usd), { timeout: 2_000 });
      await expect(balances.getByTestId("balance-withdrawal-ngn")).toContainText(money("NGN", data.withdrawal_balance_ngn), { timeout: 2_000 });
    }).toPass({ timeout: 25_000 });
    await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
    await expect(page.getByTestId("overview-environment")).toHaveText("Sandbox");
    await expect(page.getByTestId("overview-role")).toHaveText("Viewer");
    await balances.getByTestId("balance-collection").getByRole("link").click();
    await expect(page).toHaveURL(/\/balances$/);
    await expect(page.getByRole("heading", { level: 1, name: "Balances" })).toBeVisible();
  });

  test("counts today's deposits by status and the review queue, each linking to its filtered page", async ({ page, request }) => {
    const today = new Date().toISOString().slice(0, 10);
    const completed = page.getByTestId("deposits-today-COMPLETED");
    const inReview = page.getByTestId("in-review-link");
    // The app caches provider reads for 10 s, so a deposit made by an earlier spec may take one refresh to show.
    await expect(async () => {
      const review = await emulatorGet<{ total: number }>(request, "/v1/deposits?status=REQUIRES_REVIEW&limit=1");
      const completedToday = await emulatorGet<{ total: number }>(request, `/v1/deposits?status=COMPLETED&from=${today}&limit=1`);
      await gotoHydrated(page, "/");
      await expect(completed).toHaveText(new RegExp(`^${completedToday.total}Completed$`), { timeout: 2_000 });
      await expect(inReview).toHaveText(new RegExp(`^${review.total} deposits? in the review queue$`), { timeout: 2_000 });
    }).toPass({ timeout: 25_000 });
    await expect(completed).toHaveAttribute("href", `/deposits?status=COMPLETED&from=${today}`);
    await expect(page.getByTestId("deposits-today-REQUIRES_REVIEW")).toHaveAttribute("href", `/deposits?status=REQUIRES_REVIEW&from=${today}`);

    await expect(inReview).toHaveAttribute("href", "/deposits/review");
    await expect(page.getByTestId("pending-approvals-link")).toHaveAttribute("href", "/approvals");
    await expect(page.getByTestId("overview-events-link")).toHaveAttribute("href", "/events");

    await completed.click();
    await expect(page).toHaveURL(new RegExp(`/deposits\\?status=COMPLETED&from=${today}$`));
  });
});

test.describe("overview per role", () => {
  test("every role sees its role and the live events; only admins see the team's recent activity", async ({ browser }) => {
    const titles = { admin: "Admin", approver: "Approver", operator: "Operator", viewer: "Viewer" } as const;
    for (const role of ROLES) {
      const context = await browser.newContext({ storageState: storageStateOf(role) });
      const page = await context.newPage();
      await gotoHydrated(page, "/");
      await expect(page.getByTestId("overview-role")).toHaveText(titles[role]);
      await expect(page.getByTestId("overview-balances")).toBeVisible();
      await expect(page.getByTestId("live-activity")).toBeVisible();
      // The audit trail (who changed what) is for admins only.
      await expect(page.getByRole("heading", { name: "Recent activity" }), `${role} and the recent activity`).toHaveCount(role === "admin" ? 1 : 0);
      await expect(page.getByRole("link", { name: "Open the audit log" })).toHaveCount(role === "admin" ? 1 : 0);
      await context.close();
    }
  });

  test.describe("API key age", () => {
    test.afterEach(async () => {
      await ageDemoKey("sandbox", "coins", 0);
    });

    test("admins are reminded of a key 80 days old or more, with a link to replace it; other roles are not", async ({ browser }) => {
      await ageDemoKey("sandbox", "coins", 82);
      const admin = await browser.newContext({ storageState: storageStateOf("admin") });
      const operator = await browser.newContext({ storageState: storageStateOf("operator") });
      try {
        const page = await admin.newPage();
        await gotoHydrated(page, "/");
        const reminder = page.getByTestId("key-age-reminder");
        await expect(reminder).toContainText("An API key is 80 days old or more");
        await expect(reminder).toContainText("Sandbox Coins key, 82 days old");
        await reminder.getByRole("link", { name: "Open API keys" }).click();
        await expect(page).toHaveURL(/\/settings\/api-keys/);
        await expect(page.getByTestId("key-row-sandbox-coins").getByTestId("key-age")).toContainText("Rotate soon");

        const other = await operator.newPage();
        await gotoHydrated(other, "/");
        await expect(other.getByTestId("overview-role")).toBeVisible();
        await expect(other.getByTestId("key-age-reminder")).toHaveCount(0);
      } finally {
        await admin.close();
        await operator.close();
      }
    });
  });
});
