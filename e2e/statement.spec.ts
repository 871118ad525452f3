import fs from "node:fs/promises";
import { expect, expectNoViolations, test } from "./fixtures";
import { gotoHydrated } from "./helpers";
import { storageStateOf } from "./roles";

// The lowest role that reads data: what a viewer sees, every other role sees too.
test.use({ storageState: storageStateOf("viewer") });

test.describe("daily statement", () => {
  test("shows each currency's chart with a text summary, a day's objects, the CSV and passes axe", async ({ page }) => {
    test.setTimeout(60_000);
    await gotoHydrated(page, "/statement");
    await expect(page.getByRole("heading", { level: 1, name: "Statement" })).toBeVisible();
    await expect(page.getByTestId("statement-zone")).toContainText("Days run midnight to midnight in");

    // The dollar balance is always there (the provider reports it); its chart is an image with a summary.
    const usd = page.getByTestId("statement-currency-USD");
    const chart = usd.getByRole("img", { name: "Daily closing balance, USD", exact: true });
    await expect(chart).toBeVisible();
    await expect(chart).toHaveAccessibleDescription(
      /^Closing balance in USD from .+ on .+ to .+ on .+\. (Every day matches|\d+ of 7 days differ|The provider's balance could not)/,
    );
    // A tooltip per day, and round figures on the axis.
    await expect(usd.getByTestId("statement-chart-bar")).toHaveCount(7);
    await expect(usd.getByTestId("statement-chart-bar").last().locator("title")).toHaveText(/: closing .+, provider/);
    const days = usd.getByTestId("statement-day");
    await expect(days).toHaveCount(7);

    // A day's detail: the day's link keeps the range in the URL and lists that day's objects per line.
    const last = days.last();
    const day = await last.getAttribute("data-day");
    await last.getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`/statement\\?from=\\d{4}-\\d{2}-\\d{2}&to=${day}&day=${day}#day-detail$`));
    const detail = page.getByTestId("statement-day-detail");
    await expect(detail.getByRole("heading", { level: 2, name: /^Objects of / })).toBeVisible();
    await expect(usd.locator(`[data-day="${day}"]`)).toHaveAttribute("aria-current", "true");
    const entries = detail.getByTestId("statement-day-entry");
    if ((await entries.count()) === 0) await expect(detail).toContainText("No object moved a balance on this day.");
    else await expect(entries.first()).toContainText(/Deposits completed|Transfers|Merchant withdrawals|Withdrawals from balance|Balance moves|Fees/);

    // The review reconciliation is on the same page.
    await expect(page.getByRole("heading", { level: 2, name: "Review reconciliation" })).toBeVisible();

    await expectNoViolations(page, "/statement with a day's detail");

    // The CSV of the range on screen, through the one writer: BOM, header, one row per day and currency.
    const exportLink = page.getByTestId("statement-export");
    await expect(exportLink).toHaveAttribute("href", new RegExp(`^/api/statement/export\\?from=\\d{4}-\\d{2}-\\d{2}&to=${day}$`));
    const [download] = await Promise.all([page.waitForEvent("download"), exportLink.click()]);
    expect(download.suggestedFilename()).toMatch(/^statement-sandbox-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = await fs.readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString("utf8").trim().split("\r\n");
    expect(lines[0]).toBe(
      "environment,day,time_zone,currency,opening_balance,deposits,transfers,withdrawals,balance_withdrawals,moves_in,moves_out,fees,closing_balance,provider_balance,provider_balance_from,difference",
    );
    const usdRows = lines.filter((l) => l.split(",")[3] === "USD");
    expect(usdRows).toHaveLength(7);
    expect(usdRows.at(-1)!.split(",")[1]).toBe(day);
  });

  test("a range in the URL is kept, and the page is refused signed out", async ({ page, browser }) => {
    await gotoHydrated(page, "/statement?from=2026-01-01&to=2026-01-03");
    await expect(page.getByLabel("From", { exact: true })).toHaveValue("2026-01-01");
    await expect(page.getByLabel("To", { exact: true })).toHaveValue("2026-01-03");
    await expect(page.getByTestId("statement-currency-USD").getByTestId("statement-day")).toHaveCount(3);

    const anonymous = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const signedOut = await anonymous.newPage();
    await signedOut.goto("/statement");
    await expect(signedOut).toHaveURL(/\/sign-in/);
    await anonymous.close();
  });
});
