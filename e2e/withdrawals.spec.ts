import { randomUUID } from "node:crypto";
import { expect, test, type APIRequestContext, type Browser, type Page, expectNoViolations } from "./fixtures";
import { DEMO_SANDBOX_KEY, emulatorUrl } from "./emulator";
import { gotoHydrated, chooseFilter, approvalRow, usd } from "./helpers";
import { storageStateOf, type E2ERole } from "./roles";

// The demo organization's seeded limit (lib/approvals/seed-demo.ts): USD withdrawals above it wait for an approver.
const THRESHOLD = 1000;
const ADDRESS = "0x52908400098527886E0F7030069857D2E4169EE7";
// The emulator fails withdrawals to this address when it submits them (emulator/ASSUMPTIONS.md).
const BLOCKED = "0x000000000000000000000000000000000000dEaD";

interface ProviderWithdrawal {
  id: string;
  amount_usd: string;
  status: string;
  destination_address: string;
}

async function provider<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(`${emulatorUrl()}${path}`, { headers: { "X-Api-Key": DEMO_SANDBOX_KEY } });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as T;
}
const providerTotal = async (request: APIRequestContext, status?: string) =>
  (await provider<{ total: number }>(request, `/v1/merchant/withdrawals?limit=1${status ? `&status=${status}` : ""}`)).total;
const providerWithdrawal = (request: APIRequestContext, id: string) => provider<ProviderWithdrawal>(request, `/v1/merchant/withdrawals/${id}`);

async function advanceClock(request: APIRequestContext, ms: number) {
  const res = await request.post(`${emulatorUrl()}/__emulator/clock`, { data: { advance_ms: ms } });
  expect(res.ok(), await res.text()).toBe(true);
}

/** A distinct amount, so this run's withdrawal is told apart from earlier ones. */
const uniqueAmount = (base: number) => (base + (Math.floor(Math.random() * 9_900) + 100) / 100).toFixed(2);

async function pageAs(browser: Browser, role: E2ERole): Promise<Page> {
  const context = await browser.newContext({ storageState: storageStateOf(role) });
  return context.newPage();
}

/** Fills the new-withdrawal form and confirms it in the review dialog. */
async function withdraw(page: Page, amount: string, address: string) {
  await gotoHydrated(page, "/withdrawals/new");
  const form = page.getByTestId("create-withdrawal-form");
  await form.getByLabel("Amount (USD)").fill(amount);
  await form.getByLabel("Destination address").fill(address);
  await form.getByRole("button", { name: "Review withdrawal" }).click();
  const confirm = page.getByTestId("withdrawal-confirm");
  await expect(confirm.getByRole("heading", { name: `Withdraw ${usd(amount)}?` })).toBeVisible();
  await expect(confirm).toContainText(address);
  await confirm.getByTestId("withdrawal-submit").click();
}

/** Withdraws under the limit and returns the new withdrawal's id from the detail page's URL. */
async function withdrawNow(page: Page, amount: string, address: string): Promise<string> {
  await withdraw(page, amount, address);
  await expect(page).toHaveURL(/\/withdrawals\/[0-9a-f-]{36}$/);
  return page.url().split("/").pop()!;
}

test.describe("merchant withdrawals", () => {
  test("an operator withdraws; the detail page follows it to SETTLED as emulated time passes, with tx id, hash and timeline", async ({ browser, request }) => {
    const page = await pageAs(browser, "operator");
    const amount = uniqueAmount(10);
    const before = await providerTotal(request);
    await gotoHydrated(page, "/withdrawals/new");
    await expect(page.getByTestId("create-withdrawal-form").getByText(/Up to \$[\d,]+\.\d{2}, the withdrawal balance/)).toBeVisible();
    await expectNoViolations(page, "/withdrawals/new");
    const id = await withdrawNow(page, amount, ADDRESS);

    expect(await providerTotal(request)).toBe(before + 1);
    expect(await providerWithdrawal(request, id)).toMatchObject({ amount_usd: amount, status: "PENDING", destination_address: ADDRESS });
    await expect(page.getByRole("heading", { level: 1, name: `Withdrawal ${id.slice(0, 8)}` })).toBeVisible();
    const status = page.getByTestId("withdrawal-status");
    await expect(status).toContainText("PENDING");
    await expect(page.getByTestId("withdrawal-fields")).toContainText(usd(amount));
    await expect(page.getByTestId("withdrawal-tx-hash")).toContainText("Not on chain yet");

    // Emulated time: submitted after 10 s, settled 60 s later. The page updates from the live stream.
    await advanceClock(request, 10_000);
    await expect(status).toContainText("SUBMITTED", { timeout: 20_000 });
    const submitted = await providerWithdrawal(request, id);
    await expect(page.getByTestId("withdrawal-provider-tx-id")).toContainText((submitted as unknown as { provider_tx_id: string }).provider_tx_id);
    await expect(page.getByTestId("withdrawal-tx-hash").getByRole("link")).toHaveAttribute("href", /^https:\/\/amoy\.polygonscan\.com\/tx\/0x[0-9a-f]{64}$/);
    await advanceClock(request, 60_000);
    await expect(status).toContainText("SETTLED", { timeout: 20_000 });
    expect((await providerWithdrawal(request, id)).status).toBe("SETTLED");
    const timeline = page.getByRole("list", { name: "Withdrawal timeline" });
    await expect(timeline.getByTestId("timeline-entry").filter({ hasText: "withdrawal.completed" })).toBeVisible({ timeout: 20_000 });
    await expect(timeline.getByTestId("timeline-entry").filter({ hasText: "withdrawal.submitted" })).toBeVisible();
    await expectNoViolations(page, "/withdrawals/[id] settled");
    await page.context().close();
  });

  test("a withdrawal the provider fails shows its failure code and message", async ({ browser, request }) => {
    const page = await pageAs(browser, "operator");
    const id = await withdrawNow(page, uniqueAmount(5), BLOCKED);
    await advanceClock(request, 10_000);
    const failure = page.getByTestId("withdrawal-failure");
    await expect(failure).toContainText("destination_rejected", { timeout: 20_000 });
    await expect(failure).toContainText("The destination address is blocked by the wallet provider; amount and fee were refunded to the withdrawal balance.");
    await expect(page.getByTestId("withdrawal-status")).toContainText("FAILED");
    expect((await providerWithdrawal(request, id)).status).toBe("FAILED");
    await expectNoViolations(page, "/withdrawals/[id] failed");
    await page.context().close();
  });

  test("bad input is refused on its field before anything is sent", async ({ browser, request }) => {
    const page = await pageAs(browser, "operator");
    const before = await providerTotal(request);
    await gotoHydrated(page, "/withdrawals/new");
    const form = page.getByTestId("create-withdrawal-form");
    await form.getByRole("button", { name: "Review withdrawal" }).click();
    await expect(form.getByText("Enter the amount to withdraw, in US dollars.")).toBeVisible();
    await expect(form.getByText("Enter the destination address.")).toBeVisible();
    await form.getByLabel("Amount (USD)").fill("12.345");
    await form.getByLabel("Destination address").fill("TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL");
    await form.getByRole("button", { name: "Review withdrawal" }).click();
    await expect(form.getByText("Enter an amount in US dollars with at most two decimals, for example 2500.00.")).toBeVisible();
    await expect(form.getByText("This is not a POLYGON address. Enter 0x followed by 40 hexadecimal characters.")).toBeVisible();
    await expect(form.getByLabel("Destination address")).toHaveAttribute("aria-invalid", "true");
    // More than the withdrawal balance: refused before anything is sent.
    await form.getByLabel("Amount (USD)").fill("999999999.00");
    await form.getByLabel("Destination address").fill(ADDRESS);
    await form.getByRole("button", { name: "Review withdrawal" }).click();
    await expect(form.getByText(/^The withdrawal balance is \$[\d,]+\.\d{2}\. Enter that amount or less/)).toBeVisible();
    await expect(page.getByTestId("withdrawal-confirm")).toHaveCount(0);
    await expectNoViolations(page, "/withdrawals/new with errors");
    expect(await providerTotal(request)).toBe(before);
    await page.context().close();
  });

  test("above the limit it waits for an approver, the requester cannot approve, and approval sends it exactly once", async ({ browser, request }) => {
    const amount = uniqueAmount(THRESHOLD);
    const operator = await pageAs(browser, "operator");
    const before = await providerTotal(request);
    await withdraw(operator, amount, ADDRESS);
    const pending = operator.getByTestId("withdrawal-pending");
    await expect(pending).toContainText("Waiting for a second approver");
    await expect(pending).toContainText(`Withdraw ${usd(amount)} as USDT on POLYGON`);
    expect(await providerTotal(request)).toBe(before);

    await gotoHydrated(operator, "/approvals");
    const own = approvalRow(operator, "mine", usd(amount));
    await expect(own).toContainText("Waiting for approval");
    await expect(operator.getByTestId("approve-open")).toHaveCount(0);

    const approver = await pageAs(browser, "approver");
    await gotoHydrated(approver, "/approvals");
    const waiting = approvalRow(approver, "waiting", usd(amount));
    await expect(waiting).toContainText("Merchant withdrawal");
    await waiting.getByTestId("approve-open").click();
    await approver.getByTestId("approve-dialog").getByTestId("approve-confirm").click();
    await expect(approver.getByText(/^Approved and sent: Withdraw \$/)).toBeVisible();

    expect(await providerTotal(request)).toBe(before + 1);
    const newest = (await provider<{ data: ProviderWithdrawal[] }>(request, "/v1/merchant/withdrawals?limit=1")).data[0]!;
    expect(newest).toMatchObject({ amount_usd: amount, destination_address: ADDRESS, status: "PENDING" });
    // Reloading the approvals page (or a second click) sends nothing more.
    await gotoHydrated(approver, "/approvals");
    expect(await providerTotal(request)).toBe(before + 1);

    await gotoHydrated(operator, `/withdrawals/${newest.id}`);
    await expect(operator.getByTestId("withdrawal-fields")).toContainText(usd(amount));
    await operator.context().close();
    await approver.context().close();
  });

  test("the list filters by status and pages through the provider's withdrawals, both in the URL", async ({ browser, request }) => {
    // Enough withdrawals for a second page of 20, made straight at the provider.
    const missing = 21 - (await providerTotal(request));
    for (let i = 0; i < missing; i++) {
      const res = await request.post(`${emulatorUrl()}/v1/merchant/withdrawals`, {
        headers: { "X-Api-Key": DEMO_SANDBOX_KEY, "X-Idempotency-Key": randomUUID() },
        data: { amount_usd: "5.00", token: "USDT", chain: "POLYGON", destination_address: ADDRESS },
      });
      expect(res.status(), await res.text()).toBe(201);
    }
    const total = await providerTotal(request);
    const page = await pageAs(browser, "viewer");
    await gotoHydrated(page, "/withdrawals");
    await expect(page.getByRole("heading", { level: 1, name: "Withdrawals" })).toBeVisible();
    await expect(page.getByRole("link", { name: "New withdrawal" })).toHaveCount(0);
    await expect(page.getByTestId("withdrawal-row")).toHaveCount(20);
    const pager = page.getByRole("navigation", { name: "Withdrawal pages" });
    await expect(pager).toContainText(`${total} withdrawals · page 1 of ${Math.ceil(total / 20)}`);
    await expectNoViolations(page, "/withdrawals");
    await pager.getByRole("link", { name: "Older" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(pager).toContainText("page 2 of");

    await chooseFilter(page, "Status", "FAILED");
    await expect(page).toHaveURL(/status=FAILED/);
    await expect(page).not.toHaveURL(/page=2/);
    const failed = await providerTotal(request, "FAILED");
    await expect(page.getByTestId("withdrawal-row")).toHaveCount(Math.min(failed, 20));
    await expect(page.getByTestId("withdrawal-row").filter({ hasNotText: "FAILED" })).toHaveCount(0);
    await page.context().close();
  });

  test("a viewer cannot open the form", async ({ browser }) => {
    const page = await pageAs(browser, "viewer");
    await gotoHydrated(page, "/withdrawals/new");
    await expect(page).toHaveURL(/\/forbidden/);
    await page.context().close();
  });
});
