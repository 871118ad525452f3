import { expect, test, type APIRequestContext, type Page } from "./fixtures";
import { DEMO_SANDBOX_KEY, emulatorUrl, providerBalanceMoves } from "./emulator";
import { gotoHydrated, holdScripts, waitForHydration, approvalRow, setUsdThreshold, usd } from "./helpers";
import { storageStateOf } from "./roles";

// Balance moves above this need a second approver in the demo organization (set below through the UI).
const THRESHOLD = "1000.00";

async function setBalanceMoveThreshold(page: Page) {
  await setUsdThreshold(page, { label: "Balance move", value: "balance_move" }, THRESHOLD);
}

async function providerWithdrawals(request: APIRequestContext): Promise<number> {
  const res = await request.get(`${emulatorUrl()}/v1/merchant/withdrawals?limit=1`, { headers: { "X-Api-Key": DEMO_SANDBOX_KEY } });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { total: number }).total;
}

// Withdrawals from the balances page above this need a second approver (set below through the UI).
const WITHDRAW_THRESHOLD = "500.00";
const ADDRESS = "0x52908400098527886E0F7030069857D2E4169EE7";

async function setWithdrawThreshold(page: Page) {
  await setUsdThreshold(page, { label: "Withdrawal from balance", value: "balance_withdrawal" }, WITHDRAW_THRESHOLD);
}

/** Fills the balances page's withdraw form and confirms; the one enabled rail starts chosen. */
async function withdraw(page: Page, amount: string, address = ADDRESS) {
  await gotoHydrated(page, "/balances");
  const form = page.getByTestId("withdraw-balance-form");
  await form.getByLabel("Amount (USD)").fill(amount);
  await form.getByLabel("Destination address").fill(address);
  await form.getByRole("button", { name: "Review withdrawal" }).click();
  const confirm = page.getByTestId("withdraw-balance-confirm");
  await expect(confirm.getByRole("heading", { name: `Withdraw ${usd(amount)} from the withdrawal balance?` })).toBeVisible();
  await expect(confirm).toContainText(address);
  await confirm.getByRole("button", { name: "Withdraw", exact: true }).click();
}

async function move(page: Page, amount: string) {
  await gotoHydrated(page, "/balances");
  const form = page.getByTestId("move-balance-form");
  await form.getByLabel("Amount (USD)").fill(amount);
  await form.getByRole("button", { name: "Review move" }).click();
  const confirm = page.getByTestId("move-balance-confirm");
  await expect(confirm.getByRole("heading", { name: `Move ${usd(amount)} to the withdrawal balance?` })).toBeVisible();
  await confirm.getByRole("button", { name: "Move", exact: true }).click();
}

test.describe("balances", () => {
  test.beforeAll(async ({ browser }) => {
    const context = await browser.newContext({ storageState: storageStateOf("admin") });
    const page = await context.newPage();
    await setBalanceMoveThreshold(page);
    await setWithdrawThreshold(page);
    await context.close();
  });

  test.describe("as an operator", () => {
    test.use({ storageState: storageStateOf("operator") });

    test("shows the three balances with their last-updated time and the move history", async ({ page, request }) => {
      await gotoHydrated(page, "/balances");
      await expect(page.getByRole("heading", { level: 1, name: "Balances" })).toBeVisible();
      for (const id of ["balance-collection", "balance-withdrawal-usd", "balance-withdrawal-ngn"]) {
        await expect(page.getByTestId(id)).toContainText(/[$₦][\d,]+\.\d{2}/);
        await expect(page.getByTestId(id)).toContainText("Updated");
      }
      const { newest } = await providerBalanceMoves(request);
      await expect(page.getByTestId("balance-move-row").first()).toContainText(newest!.id);
      await expect(page.getByTestId("chart-chart-usd").getByRole("img", { name: /USD balances over the last 30 days/ })).toBeVisible();
      await page.getByRole("link", { name: "7 days" }).click();
      await expect(page).toHaveURL(/range=7d/);
      await expect(page.getByRole("link", { name: "7 days" })).toHaveAttribute("aria-current", "page");
    });

    test("a move under the threshold is sent at once and shows the provider's answer", async ({ page, request }) => {
      const before = await providerBalanceMoves(request);
      await move(page, "10.00");
      const moved = page.getByTestId("move-balance-moved");
      await expect(moved).toContainText("Moved");
      await expect(moved).toContainText(`${usd("10.00")} moved to the withdrawal balance`);
      const after = await providerBalanceMoves(request);
      expect(after.total).toBe(before.total + 1);
      expect(after.newest!.amount_usd).toBe("10.00");
      await expect(moved).toContainText(after.newest!.id);
      // The history refreshes without a reload.
      await expect(page.getByTestId("balance-move-row").first()).toContainText(after.newest!.id);
    });

    test("a move above the threshold waits for a second approver and moves nothing", async ({ page, request }) => {
      const before = await providerBalanceMoves(request);
      await move(page, "1500.00");
      const pending = page.getByTestId("move-balance-pending");
      await expect(pending).toContainText("Waiting for a second approver");
      await expect(pending.getByRole("link", { name: "Open approvals" })).toHaveAttribute("href", "/approvals");
      expect((await providerBalanceMoves(request)).total).toBe(before.total);
    });

    test("a value typed before the page is hydrated survives hydration, with no hydration error", async ({ page }) => {
      // A production build names a hydration mismatch only by React's error number (418: text differs).
      const hydrationError = /hydrat|did not match|react\.dev\/errors\/(418|419|423|425)\b|React error #(418|419|423|425)\b/i;
      const problems: string[] = [];
      page.on("console", (m) => {
        if (hydrationError.test(m.text())) problems.push(m.text());
      });
      page.on("pageerror", (e) => {
        if (hydrationError.test(e.message)) problems.push(e.message);
      });
      // Hold the page's scripts back, so the person types into the server's HTML and the server's
      // "Updated …" text is seconds older than the browser's clock when React hydrates.
      // Scripts only: the stylesheets load, so the form is painted and can be typed into.
      const release = await holdScripts(page);
      await page.goto("/balances", { waitUntil: "commit" });
      const amount = page.getByTestId("move-balance-form").getByLabel("Amount (USD)");
      await amount.fill("12.34");
      expect(await page.evaluate(() => document.documentElement.dataset.hydrated ?? null)).toBeNull();
      await page.waitForTimeout(2_000);
      release();
      await waitForHydration(page);
      // The relative words arrive once the page is live; the typed value is still there.
      await expect(page.getByTestId("balance-collection")).toContainText(/Updated .*(ago|now)/);
      await expect(amount).toHaveValue("12.34");
      expect(problems).toEqual([]);
    });

    test("the forms' code comes at the first input; what is typed and sent before it is in is kept and checked", async ({ page }) => {
      const form = page.getByTestId("move-balance-form");
      // React renders the page's streamed part in the browser instead of hydrating it when an update
      // reaches it first, in about half of the loads here. The form then finds its server HTML by
      // name and keeps it: on every load, no form code before an input.
      for (let load = 0; load < 5; load++) {
        await gotoHydrated(page, "/balances");
        await page.waitForTimeout(300);
        await expect(form.locator("xpath=ancestor::div[@data-form-on-input]")).toHaveCount(1);
      }
      // The server's HTML of the form, marked: without an input it stays (components/forms/form-on-input.tsx).
      await form.evaluate((el) => {
        el.dataset.server = "kept";
      });
      await page.waitForTimeout(1_500);
      await expect(form).toHaveAttribute("data-server", "kept");
      // Typed and sent at once with Enter: the live form takes over with the value and checks it
      // before sending; the browser does not send the page a GET with the values. (The button's
      // click is the way of every other test here.)
      await form.getByLabel("Amount (USD)").fill("1.234");
      await form.getByLabel("Amount (USD)").press("Enter");
      await expect(form.getByText("Enter an amount in US dollars with at most two decimals, for example 2500.00.")).toBeVisible();
      await expect(form).not.toHaveAttribute("data-server", "kept");
      await expect(form.getByLabel("Amount (USD)")).toHaveValue("1.234");
      await expect(form.getByLabel("Amount (USD)")).toBeFocused();
      await expect(page).toHaveURL(/\/balances$/);
      await expect(page.getByTestId("move-balance-confirm")).toHaveCount(0);
    });

    test("refuses more than the collection balance before anything is sent", async ({ page, request }) => {
      const before = await providerBalanceMoves(request);
      await gotoHydrated(page, "/balances");
      const form = page.getByTestId("move-balance-form");
      await form.getByLabel("Amount (USD)").fill("999999999.00");
      await form.getByRole("button", { name: "Review move" }).click();
      await expect(form.getByText(/The collection balance is \$[\d,]+\.\d{2}\. Enter that amount or less\./)).toBeVisible();
      await expect(page.getByTestId("move-balance-confirm")).toHaveCount(0);
      await form.getByLabel("Amount (USD)").fill("1.234");
      await form.getByLabel("Amount (USD)").blur();
      await expect(form.getByText("Enter an amount in US dollars with at most two decimals, for example 2500.00.")).toBeVisible();
      expect((await providerBalanceMoves(request)).total).toBe(before.total);
    });
  });

  test.describe("withdrawing from the balance", () => {
    test.use({ storageState: storageStateOf("operator") });

    test("a select pressed before the form's code is in opens once it is in, as the press would have", async ({ page }) => {
      await gotoHydrated(page, "/balances");
      const form = page.getByTestId("withdraw-balance-form");
      // The press is the page's first input: it sends for the form's code, which is held back.
      const release = await holdScripts(page);
      await form.getByRole("combobox", { name: "Token" }).click();
      await page.waitForTimeout(500);
      await expect(page.getByRole("listbox")).toHaveCount(0);
      release();
      await expect(page.getByRole("listbox")).toBeVisible();
      const option = page.getByRole("option").last();
      const name = (await option.textContent())?.trim() ?? "";
      await option.click();
      await expect(form.getByRole("combobox", { name: "Token" })).toContainText(name);
    });

    test("a select opened with a key before the form's code is in opens once it is in", async ({ page }) => {
      await gotoHydrated(page, "/balances");
      const trigger = page.getByTestId("withdraw-balance-form").getByRole("combobox", { name: "Token" });
      const release = await holdScripts(page);
      await trigger.focus();
      await trigger.press("Enter");
      await page.waitForTimeout(500);
      await expect(page.getByRole("listbox")).toHaveCount(0);
      release();
      await expect(page.getByRole("listbox")).toBeVisible();
    });

    test("a withdrawal under the threshold is sent at once to the provider", async ({ page, request }) => {
      const before = await providerWithdrawals(request);
      await withdraw(page, "25.00");
      const sent = page.getByTestId("withdraw-balance-sent");
      await expect(sent).toContainText("Withdrawal sent");
      expect(await providerWithdrawals(request)).toBe(before + 1);
      const href = await sent.getByRole("link", { name: "Open the withdrawal" }).getAttribute("href");
      const id = href!.split("/").pop()!;
      await expect(sent).toContainText(id);
      const res = await request.get(`${emulatorUrl()}/v1/merchant/withdrawals/${id}`, { headers: { "X-Api-Key": DEMO_SANDBOX_KEY } });
      expect(await res.json()).toMatchObject({ amount_usd: "25.00", token: "USDT", chain: "POLYGON", destination_address: ADDRESS });
      // The form is empty again, ready for a new withdrawal.
      await expect(page.getByTestId("withdraw-balance-form").getByLabel("Amount (USD)")).toHaveValue("");
    });

    test("a withdrawal above the threshold waits for a second person, who finds it in the approvals inbox and sends it once", async ({
      page,
      request,
      browser,
    }) => {
      const amount = `${600 + Math.floor(Math.random() * 300)}.${String(Math.floor(Math.random() * 100)).padStart(2, "0")}`;
      const before = await providerWithdrawals(request);
      await withdraw(page, amount);
      const pending = page.getByTestId("withdraw-balance-pending");
      await expect(pending).toContainText("Waiting for a second approver");
      await expect(pending).toContainText(`Withdraw ${usd(amount)} from the withdrawal balance as USDT on POLYGON`);
      expect(await providerWithdrawals(request)).toBe(before);

      const context = await browser.newContext({ storageState: storageStateOf("approver") });
      const approver = await context.newPage();
      try {
        await gotoHydrated(approver, "/approvals");
        const waiting = approvalRow(approver, "waiting", usd(amount));
        await expect(waiting).toContainText("Withdrawal from balance");
        await waiting.getByTestId("approve-open").click();
        await approver.getByTestId("approve-dialog").getByTestId("approve-confirm").click();
        await expect(approver.getByText(/^Approved and sent: Withdraw \$/)).toBeVisible();
      } finally {
        await context.close();
      }
      expect(await providerWithdrawals(request)).toBe(before + 1);
    });

    test("the provider's refusal lands on the amount field, and a wrong address is refused before anything is sent", async ({ page, request }) => {
      const before = await providerWithdrawals(request);
      await gotoHydrated(page, "/balances");
      const form = page.getByTestId("withdraw-balance-form");
      await form.getByLabel("Amount (USD)").fill("25.00");
      await form.getByLabel("Destination address").fill("TXYZ");
      await form.getByRole("button", { name: "Review withdrawal" }).click();
      await expect(form.getByLabel("Destination address")).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByTestId("withdraw-balance-confirm")).toHaveCount(0);

      // The provider's own minimum is not the form's rule: its answer is shown at the amount.
      await withdraw(page, "4.99");
      await expect(form.getByLabel("Amount (USD)")).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByTestId("withdraw-balance-sent")).toHaveCount(0);
      expect(await providerWithdrawals(request)).toBe(before);
    });
  });

  test.describe("as an admin", () => {
    test.use({ storageState: storageStateOf("admin") });

    test("may move the balance, as operators may", async ({ page }) => {
      await gotoHydrated(page, "/balances");
      await expect(page.getByTestId("balance-collection")).toContainText(/\$[\d,]+\.\d{2}/);
      await expect(page.getByTestId("move-balance-form").getByRole("button", { name: "Review move" })).toBeVisible();
    });
  });

  test.describe("as an approver", () => {
    test.use({ storageState: storageStateOf("approver") });

    test("sees the balances and history but no move form: approvers confirm moves, they do not start them", async ({ page }) => {
      await gotoHydrated(page, "/balances");
      await expect(page.getByTestId("balance-collection")).toContainText(/\$[\d,]+\.\d{2}/);
      await expect(page.getByTestId("balance-move-row").first()).toBeVisible();
      await expect(page.getByTestId("move-balance-form")).toHaveCount(0);
      await expect(page.getByTestId("withdraw-balance-form")).toHaveCount(0);
    });
  });

  test.describe("as a viewer", () => {
    test.use({ storageState: storageStateOf("viewer") });

    test("sees the balances and history but no move form", async ({ page }) => {
      await gotoHydrated(page, "/balances");
      await expect(page.getByTestId("balance-collection")).toContainText(/\$[\d,]+\.\d{2}/);
      await expect(page.getByTestId("balance-move-row").first()).toBeVisible();
      await expect(page.getByTestId("move-balance-form")).toHaveCount(0);
      await expect(page.getByTestId("withdraw-balance-form")).toHaveCount(0);
    });
  });
});
