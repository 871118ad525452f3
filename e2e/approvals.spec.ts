import { expect, test, type Browser, type Locator, type Page, expectNoViolations } from "./fixtures";
import { providerBalanceMoves } from "./emulator";
import { gotoHydrated, reloadHydrated, chooseFilter, approvalRow, setUsdThreshold, usd } from "./helpers";
import { storageStateOf, type E2ERole } from "./roles";

// Balance moves above this need a second approver (the same limit balances.spec.ts sets).
const THRESHOLD = "1000.00";

/** A distinct amount just above the limit, so this run's request is told apart from earlier ones. */
function uniqueAmount(): string {
  const cents = Math.floor(Math.random() * 9_900) + 100; // 1.00 .. 99.99 above the limit
  return (1000 + cents / 100).toFixed(2);
}

async function pageAs(browser: Browser, role: E2ERole): Promise<Page> {
  const context = await browser.newContext({ storageState: storageStateOf(role) });
  return context.newPage();
}

async function setBalanceMoveThreshold(page: Page) {
  await setUsdThreshold(page, { label: "Balance move", value: "balance_move" }, THRESHOLD);
}

/** Files a balance move above the limit through the Balances page's form. */
async function requestMove(page: Page, amount: string) {
  await gotoHydrated(page, "/balances");
  const form = page.getByTestId("move-balance-form");
  await form.getByLabel("Amount (USD)").fill(amount);
  await form.getByRole("button", { name: "Review move" }).click();
  await page.getByTestId("move-balance-confirm").getByRole("button", { name: "Move", exact: true }).click();
  await expect(page.getByTestId("move-balance-pending")).toContainText("Waiting for a second approver");
}

const row = (page: Page, section: string, amount: string): Locator =>
  page
    .getByTestId(section)
    .getByTestId("approval-row")
    .filter({ hasText: usd(amount) });

test.describe("approvals", () => {
  test.beforeAll(async ({ browser }) => {
    const admin = await pageAs(browser, "admin");
    await setBalanceMoveThreshold(admin);
    await admin.context().close();
  });

  test("an admin sets a limit; a wrong amount is refused on its field", async ({ browser }) => {
    const page = await pageAs(browser, "admin");
    await gotoHydrated(page, "/settings/approvals");
    await expect(page.getByRole("heading", { level: 1, name: "Approval limits" })).toBeVisible();
    const form = page.getByTestId("threshold-form");
    await form.getByLabel("Currency").fill("NGN");
    await form.getByLabel("Approval needed above").fill("-5");
    await form.getByTestId("threshold-save").click();
    await expect(form.getByText("Enter an amount of 0 or more, such as 1000 or 1500000.50.")).toBeVisible();
    await expect(form.getByLabel("Approval needed above")).toHaveAttribute("aria-invalid", "true");
    await form.getByLabel("Approval needed above").fill("1,500,000");
    await form.getByTestId("threshold-save").click();
    await expect(page.locator('[data-testid="threshold-row"][data-currency="NGN"][data-kind="*"]')).toContainText("₦1,500,000.00");
    await expectNoViolations(page, "/settings/approvals");
    await page.context().close();
  });

  test("an admin's higher limit waits until an approver approves it in the inbox", async ({ browser }) => {
    test.slow(); // two people, four page loads
    // Grows from run to run, so it is always a raise; GBP: no other test moves it.
    const amount = String(Math.floor(Date.now() / 1000));
    const shown = `£${Number(amount).toLocaleString("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    const admin = await pageAs(browser, "admin");
    await gotoHydrated(admin, "/settings/approvals");
    const form = admin.getByTestId("threshold-form");
    await form.getByLabel("Currency").fill("GBP");
    await form.getByLabel("Approval needed above").fill(amount);
    await form.getByTestId("threshold-save").click();
    await expect(admin.getByText(/waits in Approvals for another admin or approver/)).toBeVisible();
    const limit = admin.locator('[data-testid="threshold-row"][data-currency="GBP"][data-kind="*"]');
    await reloadHydrated(admin);
    await expect(admin.getByTestId("threshold-form")).toBeVisible();
    await expect(limit.filter({ hasText: shown })).toHaveCount(0);

    const approver = await pageAs(browser, "approver");
    await gotoHydrated(approver, "/approvals");
    const summary = `Raise the any-kind approval limit to ${shown}`;
    const waiting = approvalRow(approver, "waiting", summary);
    await expect(waiting).toBeVisible({ timeout: 25_000 });
    await waiting.getByTestId("approve-open").click();
    const dialog = approver.getByTestId("approve-dialog");
    await expect(dialog.getByRole("heading", { name: "Approve this change to a control?" })).toBeVisible();
    await dialog.getByTestId("approve-confirm").click();
    await expect(approver.getByText(`Approved and applied: ${summary}.`)).toBeVisible();

    await reloadHydrated(admin);
    await expect(limit).toContainText(shown);
    await Promise.all([admin.context().close(), approver.context().close()]);
  });

  test("the limits page is for admins only", async ({ browser }) => {
    const page = await pageAs(browser, "approver");
    await gotoHydrated(page, "/settings/approvals");
    await expect(page).toHaveURL(/\/forbidden/);
    await page.context().close();
  });

  test("the approver sees the running 24-hour totals beside a waiting request", async ({ browser }) => {
    // Three people and two limits set through the UI: more steps than the default budget allows.
    test.setTimeout(90_000);
    // Limits far above anything the suite sends: they show the totals without holding any payment.
    const admin = await pageAs(browser, "admin");
    await gotoHydrated(admin, "/settings/approvals");
    const v = admin.getByTestId("velocity-form");
    for (const [scope, amount] of [
      ["Whole organization", "800000000000"],
      ["Each requester", "700000000000"],
    ] as const) {
      await v.getByLabel("Currency").fill("USD");
      await v.getByRole("combobox", { name: "Whose total" }).click();
      await admin.getByRole("option", { name: scope }).click();
      await v.getByLabel("24-hour total above which payments wait").fill(amount);
      await v.getByTestId("velocity-save").click();
      await expect(admin.getByTestId("velocity-table").getByTestId("velocity-row").filter({ hasText: scope })).toContainText(usd(amount));
    }
    await admin.context().close();

    const amount = uniqueAmount();
    const operator = await pageAs(browser, "operator");
    await gotoHydrated(operator, "/balances");
    await expect(operator.getByTestId("move-balance-form").getByTestId("velocity-usage")).toContainText(
      "of $800,000,000,000.00 in the last 24 h for the organization",
    );
    await requestMove(operator, amount);

    const approver = await pageAs(browser, "approver");
    await gotoHydrated(approver, "/approvals");
    const waiting = row(approver, "approvals-waiting", amount);
    await expect(waiting.getByTestId("velocity-usage")).toHaveText(
      /^\$[\d,]+\.\d{2} of \$800,000,000,000\.00 in the last 24 h for the organization; \$[\d,]+\.\d{2} of \$700,000,000,000\.00 in the last 24 h by Olu Operator\.$/,
    );
    await approver.context().close();

    // Withdrawn again, so the next tests' inboxes hold only their own requests.
    await gotoHydrated(operator, "/approvals");
    await row(operator, "approvals-mine", amount).getByTestId("cancel-open").click();
    await operator.getByTestId("cancel-confirm").click();
    await expect(operator.getByText("Request cancelled.")).toBeVisible();
    await operator.context().close();
  });

  test("an operator's request reaches the approver's inbox, the operator cannot approve it, the approver sends it once", async ({ browser, request }) => {
    const amount = uniqueAmount();
    const approver = await pageAs(browser, "approver");
    await gotoHydrated(approver, "/approvals");
    await expect(approver.getByRole("heading", { level: 1, name: "Approvals" })).toBeVisible();

    const operator = await pageAs(browser, "operator");
    const before = await providerBalanceMoves(request);
    await requestMove(operator, amount);
    expect((await providerBalanceMoves(request)).total).toBe(before.total);

    // The operator sees their own request with Cancel, and no way to approve it.
    await gotoHydrated(operator, "/approvals");
    const own = row(operator, "approvals-mine", amount);
    await expect(own).toContainText("Waiting for approval");
    await expect(own.getByTestId("cancel-open")).toBeVisible();
    await expect(operator.getByTestId("approve-open")).toHaveCount(0);

    // The approver's open inbox picks it up without a reload.
    const waiting = row(approver, "approvals-waiting", amount);
    await expect(waiting).toBeVisible({ timeout: 25_000 });
    await expect(waiting).toContainText("Olu Operator");
    await expect(waiting).toContainText(/Expires in/);
    await expectNoViolations(approver, "/approvals with a waiting request");

    await waiting.getByTestId("approve-open").click();
    const dialog = approver.getByTestId("approve-dialog");
    await expect(dialog.getByRole("heading", { name: `Approve and send ${usd(amount)}?` })).toBeVisible();
    await dialog.getByLabel("Note (optional)").fill("Invoice 42 checked");
    await dialog.getByTestId("approve-confirm").click();
    await expect(approver.getByText(/^Approved and sent: Move \$/)).toBeVisible();
    await expect(waiting).toHaveCount(0);
    const sent = approver.locator('[data-testid="approvals-history"] [data-testid="approval-row"][data-status="sent"]').filter({ hasText: usd(amount) });
    await expect(sent).toContainText("Approved by Abe Approver");
    await expect(sent).toContainText("Invoice 42 checked");

    const after = await providerBalanceMoves(request);
    expect(after.total).toBe(before.total + 1);
    expect(after.newest!.amount_usd).toBe(amount);
    await expect(sent).toContainText(after.newest!.id);

    await reloadHydrated(operator);
    await expect(row(operator, "approvals-mine", amount)).toHaveCount(0);
    await expect(operator.locator('[data-testid="approvals-history"] [data-status="sent"]').filter({ hasText: usd(amount) })).toBeVisible();
    await operator.context().close();
    await approver.context().close();
  });

  test("the approver rejects with a reason, which is required, and nothing moves", async ({ browser, request }) => {
    const amount = uniqueAmount();
    const operator = await pageAs(browser, "operator");
    await requestMove(operator, amount);
    const before = await providerBalanceMoves(request);

    const approver = await pageAs(browser, "approver");
    await gotoHydrated(approver, "/approvals");
    await row(approver, "approvals-waiting", amount).getByTestId("reject-open").click();
    const dialog = approver.getByTestId("reject-dialog");
    await dialog.getByTestId("reject-confirm").click();
    await expect(dialog.getByText("Say why you are rejecting it.")).toBeVisible();
    await dialog.getByLabel("Reason").fill("Not agreed with finance lead");
    await dialog.getByTestId("reject-confirm").click();
    await expect(dialog).toHaveCount(0);
    const rejected = approver
      .locator('[data-testid="approvals-history"] [data-testid="approval-row"][data-status="rejected"]')
      .filter({ hasText: usd(amount) });
    await expect(rejected).toContainText("Not agreed with finance lead");
    expect((await providerBalanceMoves(request)).total).toBe(before.total);

    // The status filter lives in the URL.
    await chooseFilter(approver, "Status", "Rejected");
    await expect(approver).toHaveURL(/status=rejected/);
    await expect(approver.locator('[data-testid="approvals-history"] [data-testid="approval-row"]:not([data-status="rejected"])')).toHaveCount(0);
    await reloadHydrated(approver);
    await expect(rejected).toBeVisible();
    await operator.context().close();
    await approver.context().close();
  });

  test("an admin cannot approve their own request and may cancel it", async ({ browser, request }) => {
    const amount = uniqueAmount();
    const admin = await pageAs(browser, "admin");
    await requestMove(admin, amount);
    const before = await providerBalanceMoves(request);
    await gotoHydrated(admin, "/approvals");
    const own = row(admin, "approvals-mine", amount);
    await expect(own).toBeVisible();
    await expect(own.getByTestId("approve-open")).toHaveCount(0);
    await expect(row(admin, "approvals-waiting", amount)).toHaveCount(0);
    await own.getByTestId("cancel-open").click();
    await admin.getByTestId("cancel-confirm").click();
    await expect(admin.getByText("Request cancelled.")).toBeVisible();
    await expect(admin.locator('[data-testid="approvals-history"] [data-status="cancelled"]').filter({ hasText: usd(amount) })).toBeVisible();
    expect((await providerBalanceMoves(request)).total).toBe(before.total);
    await admin.context().close();
  });
});
