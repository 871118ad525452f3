import { expect, test, type APIRequestContext, type Browser, type Page, expectNoViolations } from "./fixtures";
import { DEMO_SANDBOX_KEY, emulatorUrl } from "./emulator";
import { gotoHydrated, reloadHydrated, chooseFilter, approvalRow, chooseRecipient, holdScripts, SEEDED_RECIPIENT } from "./helpers";
import { storageStateOf, type E2ERole } from "./roles";

// Transfers in NGN above this wait for a second approver (set for the "Transfer" kind in beforeAll).
const NGN_LIMIT = "500000";

interface ProviderTransfer {
  id: string;
  amount: string;
  currency: string;
  reference: string;
  status: string;
  debit_amount: string;
}

/** The provider's transfers with this reference or amount: the emulator's own state. */
async function providerTransfers(request: APIRequestContext, match: (t: ProviderTransfer) => boolean): Promise<ProviderTransfer[]> {
  const res = await request.get(`${emulatorUrl()}/v1/transfers?limit=100`, { headers: { "X-Api-Key": DEMO_SANDBOX_KEY } });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { data: ProviderTransfer[] }).data.filter(match);
}

async function pageAs(browser: Browser, role: E2ERole): Promise<Page> {
  const context = await browser.newContext({ storageState: storageStateOf(role) });
  return context.newPage();
}

const ngn = (amount: string) => `₦${Number(amount).toLocaleString("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
/** A distinct amount in [base, base + 999.99], so this run's transfer is told apart from earlier ones. */
const uniqueAmount = (base: number) => (base + Math.floor(Math.random() * 99_999) / 100).toFixed(2);
const form = (page: Page) => page.getByRole("form", { name: "New transfer" });

async function openForm(page: Page) {
  await gotoHydrated(page, "/transfers/new");
  await expect(page.getByRole("heading", { level: 1, name: "New transfer" })).toBeVisible();
}

/** Fills the form for a saved recipient and confirms; the quote must be on screen before review. */
async function sendTo(page: Page, amount: string, reference: string) {
  await openForm(page);
  await chooseRecipient(page, "Adaeze");
  await form(page).getByLabel("Amount (NGN)").fill(amount);
  await form(page).getByLabel("Reference").fill(reference);
  await expect(page.getByTestId("quote-debit")).toContainText("$");
  await form(page).getByRole("button", { name: "Review transfer" }).click();
  const dialog = page.getByTestId("transfer-confirm");
  await expect(dialog.getByRole("heading", { name: `Send ${ngn(amount)}?` })).toBeVisible();
  await expect(dialog).toContainText("Adaeze Okonkwo, Access Bank ••••0031");
  await dialog.getByTestId("transfer-send").click();
}

test.describe("transfers", () => {
  test.beforeAll(async ({ browser }) => {
    const admin = await pageAs(browser, "admin");
    await gotoHydrated(admin, "/settings/approvals");
    const f = admin.getByTestId("threshold-form");
    await f.getByLabel("Currency").fill("NGN");
    await f.getByRole("combobox", { name: "Applies to" }).click();
    await admin.getByRole("option", { name: "Transfer", exact: true }).click();
    await f.getByLabel("Approval needed above").fill(NGN_LIMIT);
    await f.getByTestId("threshold-save").click();
    await expect(admin.locator('[data-testid="threshold-row"][data-currency="NGN"][data-kind="transfer"]')).toContainText("₦500,000.00");
    await admin.context().close();
  });

  test("an operator sends a transfer under the limit and follows it in the list and on its page", async ({ browser, request, emulator }) => {
    test.setTimeout(90_000);
    const page = await pageAs(browser, "operator");
    const amount = uniqueAmount(20_000);
    const reference = `E2E-${Date.now().toString(36)}`;
    await openForm(page);
    await expectNoViolations(page, "/transfers/new");
    await sendTo(page, amount, reference);

    await expect(page).toHaveURL(/\/transfers\/[0-9a-f-]{36}$/, { timeout: 15_000 });
    const id = page.url().split("/").pop()!;
    const [sent] = await providerTransfers(request, (t) => t.id === id);
    expect(sent).toMatchObject({ amount, currency: "NGN", reference });
    await expect(page.getByRole("heading", { level: 1, name: `Transfer ${reference}` })).toBeVisible();
    await expect(page.getByTestId("transfer-summary")).toContainText(ngn(amount));
    await expect(page.getByTestId("transfer-money")).toContainText(`$${Number(sent!.debit_amount).toLocaleString("en-GB", { minimumFractionDigits: 2 })}`);
    // The provider completes it 30 s of emulated time later: moving the emulator's clock past that
    // saves waiting them out in real time. The webhook updates the page without a reload.
    await emulator.advanceClock(31_000);
    await expect(page.getByTestId("transfer-summary").getByText("COMPLETED", { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId("timeline-entry").filter({ hasText: "transfer.completed" })).toBeVisible({ timeout: 30_000 });
    await expectNoViolations(page, "/transfers/[id]");

    await gotoHydrated(page, "/transfers");
    const row = page.getByTestId("transfer-row").filter({ hasText: reference });
    await expect(row).toContainText(ngn(amount));
    await expect(row).toContainText("Adaeze Okonkwo, Access Bank ••••0031");
    await chooseFilter(page, "Status", "Failed");
    await expect(page).toHaveURL(/status=FAILED/);
    await expect(row).toHaveCount(0);
    await reloadHydrated(page);
    await expect(page.getByTestId("transfer-row").first()).toContainText("FAILED");
    await expectNoViolations(page, "/transfers?status=FAILED");
    await page.context().close();
  });

  test("a transfer above the limit waits; the operator cannot approve it; an approver sends it exactly once", async ({ browser, request }) => {
    const amount = uniqueAmount(600_000);
    const reference = `E2E-4E-${Date.now().toString(36)}`;
    const operator = await pageAs(browser, "operator");
    await sendTo(operator, amount, reference);
    await expect(operator.getByTestId("transfer-pending")).toContainText("Waiting for a second approver");
    await expect(operator.getByTestId("transfer-pending")).toContainText(`Transfer ${ngn(amount)} to Adaeze Okonkwo, Access Bank ••••0031`);
    expect(await providerTransfers(request, (t) => t.reference === reference)).toHaveLength(0);

    await gotoHydrated(operator, "/approvals");
    const mine = approvalRow(operator, "mine", ngn(amount));
    await expect(mine).toContainText("Waiting for approval");
    await expect(operator.getByTestId("approve-open")).toHaveCount(0);

    const approver = await pageAs(browser, "approver");
    await gotoHydrated(approver, "/approvals");
    const waiting = approvalRow(approver, "waiting", ngn(amount));
    await expect(waiting).toContainText(`Transfer ${ngn(amount)} to Adaeze Okonkwo, Access Bank ••••0031`);
    await waiting.getByTestId("approve-open").click();
    await approver.getByTestId("approve-dialog").getByTestId("approve-confirm").click();
    await expect(approver.getByText(`Approved and sent: Transfer ${ngn(amount)}`)).toBeVisible();

    const sent = await providerTransfers(request, (t) => t.reference === reference);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ amount, currency: "NGN" });
    await gotoHydrated(approver, `/transfers/${sent[0]!.id}`);
    await expect(approver.getByTestId("transfer-summary")).toContainText(ngn(amount));
    await operator.context().close();
    await approver.context().close();
  });

  test("an admin, who may approve, cannot approve their own transfer; another approver sends it once", async ({ browser, request }) => {
    const amount = uniqueAmount(700_000);
    const reference = `E2E-SELF-${Date.now().toString(36)}`;
    const admin = await pageAs(browser, "admin");
    await sendTo(admin, amount, reference);
    await expect(admin.getByTestId("transfer-pending")).toContainText("Waiting for a second approver");

    await gotoHydrated(admin, "/approvals");
    const own = approvalRow(admin, "mine", ngn(amount));
    await expect(own).toContainText("Waiting for approval");
    await expect(own.getByTestId("approve-open")).toHaveCount(0);
    // Not offered among the requests waiting for this admin either: the requester is never the second pair of eyes.
    await expect(approvalRow(admin, "waiting", ngn(amount))).toHaveCount(0);
    expect(await providerTransfers(request, (t) => t.reference === reference)).toHaveLength(0);

    const approver = await pageAs(browser, "approver");
    await gotoHydrated(approver, "/approvals");
    const waiting = approvalRow(approver, "waiting", ngn(amount));
    await waiting.getByTestId("approve-open").click();
    await approver.getByTestId("approve-dialog").getByTestId("approve-confirm").click();
    await expect(approver.getByText(`Approved and sent: Transfer ${ngn(amount)}`)).toBeVisible();
    expect(await providerTransfers(request, (t) => t.reference === reference)).toHaveLength(1);
    await admin.context().close();
    await approver.context().close();
  });

  test("the recipient list pressed before the form's code is in opens once it is in, as the press would have", async ({ browser }) => {
    const page = await pageAs(browser, "operator");
    await openForm(page);
    // The press is the page's first input: it sends for the form's code, which is held back.
    const release = await holdScripts(page);
    await form(page).getByRole("combobox", { name: "Recipient" }).click();
    await page.waitForTimeout(500);
    await expect(page.getByRole("combobox", { name: "Search recipients" })).toHaveCount(0);
    release();
    await page.getByRole("combobox", { name: "Search recipients" }).fill("0031");
    await page.getByRole("option", { name: SEEDED_RECIPIENT }).click();
    await expect(form(page).getByRole("combobox", { name: "Recipient" })).toContainText("Adaeze Okonkwo");
  });

  test("the recipient list opened with Enter before the form's code is in opens once it is in", async ({ browser }) => {
    const page = await pageAs(browser, "operator");
    await openForm(page);
    const release = await holdScripts(page);
    await form(page).getByRole("combobox", { name: "Recipient" }).focus();
    await form(page).getByRole("combobox", { name: "Recipient" }).press("Enter");
    await page.waitForTimeout(500);
    await expect(page.getByRole("combobox", { name: "Search recipients" })).toHaveCount(0);
    release();
    await expect(page.getByRole("combobox", { name: "Search recipients" })).toBeVisible();
  });

  test("bad input is refused on its field, by the form and by the provider", async ({ browser }) => {
    const page = await pageAs(browser, "operator");
    await openForm(page);
    await form(page).getByRole("button", { name: "Review transfer" }).click();
    await expect(form(page).getByText("Choose who receives the money.")).toBeVisible();
    await expect(form(page).getByText("Enter the amount to send.")).toBeVisible();
    await expect(form(page).getByLabel("Amount")).toHaveAttribute("aria-invalid", "true");

    await chooseRecipient(page, "0031");
    await form(page).getByLabel("Amount (NGN)").fill("12.345");
    await form(page).getByRole("button", { name: "Review transfer" }).click();
    await expect(form(page).getByText("Enter an amount with at most two decimals, for example 25000.00.")).toBeVisible();

    // More than the withdrawal balance covers: refused before anything is sent.
    await form(page).getByLabel("Amount (NGN)").fill("400000000");
    await expect(page.getByTestId("quote-debit")).toContainText("$");
    await form(page).getByRole("button", { name: "Review transfer" }).click();
    await expect(form(page).getByText(/more than the withdrawal balance/)).toBeVisible();

    // Below the provider's minimum: the provider's refusal lands on the amount.
    await form(page).getByLabel("Amount (NGN)").fill("5");
    await form(page).getByRole("button", { name: "Review transfer" }).click();
    await page.getByTestId("transfer-confirm").getByTestId("transfer-send").click();
    await expect(page.locator("#transfer-amount-error")).toContainText("100");
    await expect(form(page).getByLabel("Amount (NGN)")).toHaveAttribute("aria-invalid", "true");

    // A new bank account: the number is checked, then looked up and its holder shown.
    await form(page).getByLabel("A new Nigerian bank account").check();
    await page.getByRole("combobox", { name: "Bank" }).click();
    await page.getByRole("combobox", { name: "Search banks" }).fill("044");
    await page.getByRole("option", { name: /^Access Bank/ }).click();
    await form(page).getByLabel("Account number").fill("123");
    await form(page).getByLabel("Account number").blur();
    await expect(form(page).getByText("Enter the 10-digit account number.")).toBeVisible();
    await form(page).getByLabel("Account number").fill("0690000035");
    await form(page).getByRole("button", { name: "Look up account" }).click();
    await expect(page.getByTestId("resolved-account")).toContainText("Emeka Nwosu");
    await expectNoViolations(page, "/transfers/new with errors");
    await page.context().close();
  });

  test("the form shows what is used of the 24-hour limit in the chosen currency, set on Approval limits", async ({ browser }) => {
    // A limit far above anything the suite sends, so no other test's transfer is held by it.
    const admin = await pageAs(browser, "admin");
    await gotoHydrated(admin, "/settings/approvals");
    const v = admin.getByTestId("velocity-form");
    await v.getByLabel("Currency").fill("NGN");
    await v.getByLabel("24-hour total above which payments wait").fill("900000000000");
    await v.getByTestId("velocity-save").click();
    await expect(admin.getByTestId("velocity-table")).toContainText("₦900,000,000,000.00");
    await expect(admin.getByTestId("velocity-table")).toContainText("Whole organization");
    await admin.context().close();

    const page = await pageAs(browser, "operator");
    await openForm(page);
    await chooseRecipient(page, "Adaeze");
    await expect(form(page).getByTestId("velocity-usage")).toHaveText(/^₦[\d,]+\.\d{2} of ₦900,000,000,000\.00 in the last 24 h for the organization\.$/);
    await page.context().close();
  });

  test("a viewer sees transfers but cannot send one", async ({ browser }) => {
    const page = await pageAs(browser, "viewer");
    await gotoHydrated(page, "/transfers");
    await expect(page.getByRole("heading", { level: 1, name: "Transfers" })).toBeVisible();
    await expect(page.getByTestId("transfer-row").first()).toBeVisible();
    await expect(page.getByRole("link", { name: "New transfer" })).toHaveCount(0);
    await gotoHydrated(page, "/transfers/new");
    await expect(page).toHaveURL(/\/forbidden/);
    await page.context().close();
  });
});
