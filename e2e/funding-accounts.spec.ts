import { expect, test, type APIRequestContext, type Page, expectNoViolations } from "./fixtures";
import { demoOrganizationId, withDb } from "./db";
import { DEMO_SANDBOX_KEY, emulatorUrl } from "./emulator";
import { gotoHydrated, reloadHydrated, chooseFilter, chosenFilter } from "./helpers";
import { storageStateOf } from "./roles";

test.use({ storageState: storageStateOf("operator") });

// The emulator's demo merchant (public sandbox test data, see emulator/README.md).
const DEMO_MERCHANT_ID = "7b1d5c1e-0000-4000-8000-000000000001";
const CUSTOMER = /Amaka Obi/;

async function control(request: APIRequestContext, path: string, data: unknown) {
  const res = await request.post(`${emulatorUrl()}/__emulator${path}`, { data });
  expect(res.ok(), await res.text()).toBe(true);
}

async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByRole("combobox", { name: label, exact: true }).click();
  await page.getByRole("option", { name: option }).first().click();
}

async function openForm(page: Page) {
  await gotoHydrated(page, "/funding-accounts/new");
  await expect(page.getByRole("heading", { level: 1, name: "New funding account" })).toBeVisible();
}

const form = (page: Page) => page.getByRole("form", { name: "New funding account" });

/** Creates a permanent NGN account settling to the merchant balance and waits until it is ACTIVE. */
async function createActiveNgnAccount(page: Page, request: APIRequestContext): Promise<string> {
  await openForm(page);
  await choose(page, "Customer", CUSTOMER);
  await choose(page, "Type", "Permanent");
  await form(page).getByRole("button", { name: "Create funding account" }).click();
  await expect(page).toHaveURL(/\/funding-accounts\/[0-9a-f-]{36}$/, { timeout: 15_000 });
  const id = page.url().split("/").pop()!;
  // The provider activates a new account 2 s of emulated time after creation.
  await control(request, "/clock", { advance_ms: 3_000 });
  await expect(page.getByTestId("account-summary").getByText("ACTIVE", { exact: true })).toBeVisible({ timeout: 15_000 });
  return id;
}

test.describe("funding accounts", () => {
  test("an operator opens a temporary NGN account and sees its bank details, copy buttons and expiry", async ({ page }) => {
    await openForm(page);
    await choose(page, "Customer", CUSTOMER);
    await form(page).getByLabel("Amount (NGN)").fill("50000");
    await expect(page.getByRole("combobox", { name: "Settle deposits to" })).toHaveText("Merchant balance (USD)");
    await form(page).getByRole("button", { name: "Create funding account" }).click();

    await expect(page).toHaveURL(/\/funding-accounts\/[0-9a-f-]{36}$/, { timeout: 15_000 });
    await expect(page.getByRole("heading", { name: "How the customer pays" })).toBeVisible();
    await expect(page.getByTestId("instruction-account-number")).toHaveText(/^\d{10}$/, { timeout: 10_000 });
    await expect(page.getByRole("button", { name: "Copy account number" })).toBeVisible();
    await expect(page.getByTestId("account-summary")).toContainText("₦50,000.00");
    await expect(page.getByTestId("account-summary").getByTestId("countdown")).toContainText(/\d+ min/);
    await expect(page.getByTestId("settlement-destination")).toContainText("Merchant balance (USD)");
  });

  test("an operator opens a permanent crypto account paying out NGN, with the bank looked up and a current rate, then changes its settlement", async ({
    page,
    request,
  }) => {
    await openForm(page);
    await choose(page, "Customer", CUSTOMER);
    await choose(page, "Rail", "Crypto address");
    await choose(page, "Type", "Permanent");
    await choose(page, "Asset", "USDT");
    await choose(page, "Chain", "TRON");
    await choose(page, "Settle deposits to", "NGN payout to a bank account");
    await choose(page, "Destination bank", "Access Bank (044)");
    await form(page).getByLabel("Account number").fill("0690000031");
    await form(page).getByRole("button", { name: "Look up account" }).click();
    await expect(page.getByTestId("resolved-account")).toContainText("Adaeze Okonkwo");
    await form(page)
      .getByRole("button", { name: /Get current USDT rate/ })
      .click();
    await expect(page.getByTestId("rate-quote")).toContainText(/₦[\d,]+\.\d{2}/);
    await expect(page.getByTestId("rate-quote").getByTestId("countdown")).toContainText(/min/);
    await form(page).getByRole("button", { name: "Create funding account" }).click();

    // Deposits will leave the merchant: a second person approves, seeing the resolved holder.
    await expect(page).toHaveURL(/\/approvals$/, { timeout: 15_000 });
    await expect(page.getByText(/^Waiting for approval: Open a permanent USDT address on TRON .* held by Adaeze Okonkwo/)).toBeVisible();
    const approver = await page
      .context()
      .browser()!
      .newContext({ storageState: storageStateOf("approver") })
      .then((c) => c.newPage());
    await gotoHydrated(approver, "/approvals");
    const waiting = approver.getByTestId("approvals-waiting").getByTestId("approval-row").filter({ hasText: "held by Adaeze Okonkwo" }).first();
    await waiting.getByTestId("approve-open").click();
    await approver.getByTestId("approve-dialog").getByTestId("approve-confirm").click();
    await expect(approver.getByText(/^Approved and sent: Open a permanent USDT address/)).toBeVisible();
    const link = approver
      .getByTestId("approvals-history")
      .getByTestId("approval-row")
      .filter({ hasText: "held by Adaeze Okonkwo" })
      .first()
      .getByTestId("approval-resource-link");
    const href = await link.getAttribute("href");
    await approver.context().close();
    await gotoHydrated(page, href!);
    await expect(page.getByTestId("instruction-address")).toHaveText(/^T[1-9A-HJ-NP-Za-km-z]{33}$/, { timeout: 10_000 });
    await expect(page.getByRole("button", { name: "Copy address" })).toBeVisible();
    await expect(page.getByTestId("settlement-destination")).toContainText("Adaeze Okonkwo");

    // Permanent and active: its future deposits can settle elsewhere.
    await control(request, "/clock", { advance_ms: 3_000 });
    await expect(page.getByTestId("account-summary").getByText("ACTIVE", { exact: true })).toBeVisible({ timeout: 15_000 });
    await page.getByRole("button", { name: "Change settlement" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("combobox", { name: "Settle deposits to" }).click();
    await page.getByRole("option", { name: "Merchant balance (USD)" }).click();
    await dialog.getByRole("button", { name: "Change settlement" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("settlement-destination")).toContainText("Merchant balance (USD)");
    await expect(page.getByTestId("settlement-destination")).not.toContainText("Adaeze Okonkwo");
  });

  test("every invalid input of the create form gets its message on the field", async ({ page }) => {
    await openForm(page);
    const create = form(page).getByRole("button", { name: "Create funding account" });
    await create.click();
    await expect(page.getByText("Choose the customer this account is for.")).toBeVisible();

    await choose(page, "Customer", CUSTOMER);
    const amount = form(page).getByLabel("Amount (NGN)");
    await create.click();
    await expect(page.getByText("Enter the amount the customer will send, in whole naira.")).toBeVisible();
    await expect(amount).toHaveAttribute("aria-invalid", "true");
    await amount.fill("1500.50");
    await create.click();
    await expect(page.getByText("Enter whole naira only: digits, no decimals or separators.")).toBeVisible();
    await amount.fill("999");
    await create.click();
    await expect(page.getByText("The amount must be at least NGN 1,000.")).toBeVisible();

    await amount.fill("5000");
    await choose(page, "Settle deposits to", "Stablecoin on chain");
    await form(page).getByLabel("Destination address").fill("0x1234");
    await create.click();
    await expect(page.getByText("Choose the stablecoin to pay out.")).toBeVisible();
    await expect(page.getByText("Choose the chain to pay out on.")).toBeVisible();
    await expect(page.getByText("Enter an EVM address: 0x followed by 40 hexadecimal characters.")).toBeVisible();
    await expect(page.getByText("Choose a rate: this settlement converts currency at a quoted rate.")).toBeVisible();

    await choose(page, "Rail", "Crypto address");
    await choose(page, "Type", "Permanent");
    await choose(page, "Settle deposits to", "NGN payout to a bank account");
    await form(page).getByLabel("Account number").fill("12345");
    await create.click();
    await expect(page.getByText("Choose USDC or USDT.")).toBeVisible();
    await expect(page.getByText("Choose the chain the customer will send on.")).toBeVisible();
    await expect(page.getByText("Choose the destination bank.")).toBeVisible();
    await expect(page.getByText("Enter the 10-digit account number.")).toBeVisible();

    await choose(page, "Destination bank", "Access Bank (044)");
    await form(page).getByLabel("Account number").fill("0690000032");
    await create.click();
    await expect(page.getByText("Look up the account and confirm its name before creating.")).toBeVisible();

    // An account outside the provider's records: its refusal lands on the account number.
    await form(page).getByLabel("Account number").fill("1234567890");
    await form(page).getByRole("button", { name: "Look up account" }).click();
    await expect(form(page).getByLabel("Account number")).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL(/\/funding-accounts\/new$/);
  });

  test("an amount over 15 digits and an expired rate get their message on the field; the provider's refusal of a rate is the approval's outcome", async ({
    page,
  }) => {
    await openForm(page);
    await choose(page, "Customer", CUSTOMER);
    const amount = form(page).getByLabel("Amount (NGN)");
    const create = form(page).getByRole("button", { name: "Create funding account" });
    await amount.fill("1234567890123456");
    await create.click();
    await expect(page.getByText("The amount is too large. Enter at most 15 digits.")).toBeVisible();
    await expect(amount).toHaveAttribute("aria-invalid", "true");
    // Leading zeros are not digits of the amount: fifteen significant digits pass this rule.
    await amount.fill("0123456789012345");
    await amount.blur();
    await expect(page.getByText("The amount is too large. Enter at most 15 digits.")).toHaveCount(0);

    await amount.fill("5000");
    await choose(page, "Settle deposits to", "Stablecoin on chain");
    await choose(page, "Pay out as", "USDT");
    await choose(page, "Pay out on", "BASE");
    await form(page).getByLabel("Destination address").fill("0x52908400098527886E0F7030069857D2E4169EE7");
    const picker = page.getByTestId("rate-picker");
    // A rate about to expire (its expiry moved to two seconds from now, so the test need not wait
    // 30 minutes): once it passes, its id is withdrawn and the picker says so.
    await page.route("**/api/rates?*", async (route) => {
      const res = await route.fetch();
      await route.fulfill({ response: res, json: { ...(await res.json()), expiresAt: new Date(Date.now() + 2_000).toISOString() } });
    });
    await picker.getByRole("button", { name: /Get current USDT rate/ }).click();
    await expect(picker.getByTestId("rate-quote")).toBeVisible();
    await expect(picker.getByText("The rate expired. Get a new one before creating.")).toBeVisible();
    await expect(picker.getByTestId("rate-quote")).toHaveCount(0);
    await create.click();
    await expect(picker.getByText("Choose a rate: this settlement converts currency at a quoted rate.")).toBeVisible();

    // A rate of the wrong side (the app is made to receive a SELL rate where a BUY one is needed):
    // the provider refuses it and its sentence lands on the rate field, not in a generic banner.
    await page.unroute("**/api/rates?*");
    await page.route("**/api/rates?*", (route) => route.continue({ url: route.request().url().replace("side=BUY", "side=SELL") }));
    await picker.getByRole("button", { name: /Get current USDT rate/ }).click();
    await expect(picker.getByTestId("rate-quote")).toBeVisible();
    // Deposits settle on-chain, so the account waits for a second person; the provider's refusal
    // of the rate is the approved request's outcome, told to the approver.
    await create.click();
    await expect(page).toHaveURL(/\/approvals$/, { timeout: 15_000 });
    const approver = await page
      .context()
      .browser()!
      .newContext({ storageState: storageStateOf("approver") })
      .then((c) => c.newPage());
    await gotoHydrated(approver, "/approvals");
    const waiting = approver
      .getByTestId("approvals-waiting")
      .getByTestId("approval-row")
      .filter({ hasText: "whose deposits settle to the USDT address" })
      .first();
    await waiting.getByTestId("approve-open").click();
    await approver.getByTestId("approve-dialog").getByTestId("approve-confirm").click();
    await expect(approver.getByText(/^Approved, but sending failed: The provider refused some fields/)).toBeVisible();
    await approver.context().close();
  });

  test("a simulated deposit appears on the detail page and changes status live, without a reload", async ({ page, request }) => {
    test.setTimeout(60_000);
    await createActiveNgnAccount(page, request);
    await expect(page.getByTestId("account-deposits-empty")).toBeVisible();
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));

    // COMPLETED at once.
    await choose(page, "Scenario", "Completed");
    await page.getByLabel(/Amount \(NGN, optional\)/).fill("75000");
    await page.getByRole("button", { name: "Simulate deposit" }).click();
    await expect(page.getByTestId("simulate-result")).toContainText("Sandbox deposit");
    const completed = page.getByTestId("account-deposit").filter({ hasText: "₦75,000.00" });
    await expect(completed).toContainText("COMPLETED", { timeout: 10_000 });

    // The default flow: received now, processing after 5 s and the outcome 60 s later (emulated time),
    // each change reaching the page through webhooks and the live stream.
    await choose(page, "Scenario", /Default flow/);
    await page.getByLabel(/Amount \(NGN, optional\)/).fill("20000");
    await page.getByRole("button", { name: "Simulate deposit" }).click();
    const flowing = page.getByTestId("account-deposit").filter({ hasText: "₦20,000.00" });
    await expect(flowing).toContainText("RECEIVED", { timeout: 10_000 });
    await control(request, "/clock", { advance_ms: 6_000 });
    await expect(flowing).toContainText("PROCESSING", { timeout: 10_000 });
    await control(request, "/clock", { advance_ms: 61_000 });
    await expect(flowing).toContainText("COMPLETED", { timeout: 10_000 });

    for (const [scenario, status] of [
      ["Requires review", "REQUIRES_REVIEW"],
      ["Failed", "FAILED"],
      ["Processing", "PROCESSING"],
    ] as const) {
      await choose(page, "Scenario", new RegExp(`^${scenario}$`));
      await page.getByRole("button", { name: "Simulate deposit" }).click();
      await expect(page.getByTestId("account-deposit").first()).toContainText(status, { timeout: 10_000 });
    }
    await expect(page.getByRole("region", { name: "Funding account timeline" }).getByText("funding_account.active")).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
  });

  test("after an answer that never arrived, sending the form again creates one account, not two", async ({ page, request }) => {
    const total = async () => {
      const res = await request.get(`${emulatorUrl()}/v1/funding-accounts?limit=1`, { headers: { "X-Api-Key": DEMO_SANDBOX_KEY } });
      expect(res.ok(), await res.text()).toBe(true);
      return ((await res.json()) as { total: number }).total;
    };
    const before = await total();
    await openForm(page);
    await choose(page, "Customer", CUSTOMER);
    await choose(page, "Type", "Permanent");
    // The provider creates the account but every answer arrives broken, retries included.
    await control(request, "/faults", { path_prefix: "/v1/funding-accounts", method: "POST", malformed_json: true, times: 20 });
    try {
      await form(page).getByRole("button", { name: "Create funding account" }).click();
      await expect(page.getByTestId("form-error")).toBeVisible({ timeout: 20_000 });
    } finally {
      const res = await request.delete(`${emulatorUrl()}/__emulator/faults`);
      expect(res.ok()).toBe(true);
    }
    expect(await total()).toBe(before + 1);
    await form(page).getByRole("button", { name: "Create funding account" }).click();
    await expect(page).toHaveURL(/\/funding-accounts\/[0-9a-f-]{36}$/, { timeout: 15_000 });
    expect(await total()).toBe(before + 1);
  });

  test("the quota meter counts today's new accounts for the whole team, warns from 80 % and stops at the limit before the provider is asked", async ({
    page,
    request,
  }) => {
    const total = async () => {
      const res = await request.get(`${emulatorUrl()}/v1/funding-accounts?limit=1`, { headers: { "X-Api-Key": DEMO_SANDBOX_KEY } });
      expect(res.ok(), await res.text()).toBe(true);
      return ((await res.json()) as { total: number }).total;
    };
    // Creations made today by other people or app instances, written as the app records them.
    const tag = `e2e-quota-${Date.now()}`;
    const TODAY = "(now() AT TIME ZONE 'UTC')::date";
    const usedToday = () =>
      withDb(async (pg) => {
        const { rows } = await pg.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM funding_account_slots WHERE organization_id = $1 AND environment = 'sandbox' AND day = ${TODAY}`,
          [await demoOrganizationId(pg)],
        );
        return rows[0]!.n;
      });
    const fillTo = (target: number) =>
      withDb(async (pg) => {
        const org = await demoOrganizationId(pg);
        await pg.query(
          `INSERT INTO funding_account_slots (id, organization_id, environment, day, attempt_key, status, updated_at)
           SELECT gen_random_uuid(), $1, 'sandbox', ${TODAY}, $2 || '-' || gen_random_uuid(), 'created', now()
           FROM generate_series(1, GREATEST(0, $3 - (SELECT count(*) FROM funding_account_slots WHERE organization_id = $1 AND environment = 'sandbox' AND day = ${TODAY}))) g`,
          [org, tag, target],
        );
      });
    const meter = page.getByTestId("funding-quota");
    try {
      const before = await usedToday();
      expect(before).toBeLessThan(799);
      await gotoHydrated(page, "/funding-accounts");
      await expect(meter.getByTestId("funding-quota-count")).toHaveText(`${before} of 1,000 today`);
      await expect(meter).toHaveAttribute("data-level", "ok");
      await expect(meter.getByRole("meter", { name: "New funding accounts today" })).toHaveAttribute("aria-valuenow", String(before));

      // A creation through the form counts.
      await openForm(page);
      await choose(page, "Customer", CUSTOMER);
      await choose(page, "Type", "Permanent");
      await form(page).getByRole("button", { name: "Create funding account" }).click();
      await expect(page).toHaveURL(/\/funding-accounts\/[0-9a-f-]{36}$/, { timeout: 15_000 });
      await gotoHydrated(page, "/funding-accounts");
      await expect(meter.getByTestId("funding-quota-count")).toHaveText(`${before + 1} of 1,000 today`);

      await fillTo(800);
      await reloadHydrated(page);
      await expect(meter.getByTestId("funding-quota-count")).toHaveText("800 of 1,000 today");
      await expect(meter).toHaveAttribute("data-level", "warning");
      await expect(meter.getByTestId("funding-quota-note")).toHaveText(
        "80 % of today's limit is used: 200 more can be opened until midnight UTC. Beyond the limit the provider may freeze the merchant.",
      );
      await expectNoViolations(page, "/funding-accounts with the quota warning");

      await fillTo(1000);
      const accounts = await total();
      await openForm(page);
      await expect(meter.getByTestId("funding-quota-count")).toHaveText("1,000 of 1,000 today");
      await expect(meter).toHaveAttribute("data-level", "full");
      await choose(page, "Customer", CUSTOMER);
      await choose(page, "Type", "Permanent");
      await form(page).getByRole("button", { name: "Create funding account" }).click();
      await expect(page.getByTestId("form-error")).toHaveText(
        "Today's limit of 1,000 new funding accounts is reached, and the provider may freeze a merchant that opens more. No account was opened; try again after midnight UTC.",
      );
      await expect(page).toHaveURL(/\/funding-accounts\/new$/);
      expect(await total()).toBe(accounts);
    } finally {
      await withDb(async (pg) => pg.query("DELETE FROM funding_account_slots WHERE attempt_key LIKE $1", [`${tag}-%`]));
    }
  });

  test("a frozen merchant sees a banner and a disabled form instead of a new account", async ({ page, request }) => {
    await openForm(page);
    await choose(page, "Customer", CUSTOMER);
    await choose(page, "Type", "Permanent");
    await control(request, `/merchants/${DEMO_MERCHANT_ID}/freeze`, { frozen: true });
    try {
      await form(page).getByRole("button", { name: "Create funding account" }).click();
      const banner = page.getByTestId("frozen-banner");
      await expect(banner).toBeVisible();
      await expect(banner).toContainText("New funding accounts are blocked");
      await expect(banner).toContainText(/frozen this merchant account: new funding accounts, conversions, transfers and withdrawals are blocked/);
      await expect(form(page).getByRole("button", { name: "Create funding account" })).toBeDisabled();
      await expect(page.getByRole("combobox", { name: "Customer" })).toBeDisabled();
      await expect(page).toHaveURL(/\/funding-accounts\/new$/);
    } finally {
      await control(request, `/merchants/${DEMO_MERCHANT_ID}/freeze`, { frozen: false });
    }
  });

  test("the create form and a detail page with deposits have no axe violations", async ({ page }) => {
    await openForm(page);
    await choose(page, "Rail", "Crypto address");
    await choose(page, "Type", "Permanent");
    await choose(page, "Settle deposits to", "NGN payout to a bank account");
    await expectNoViolations(page, "/funding-accounts/new");
    await gotoHydrated(page, "/funding-accounts?status=ACTIVE");
    await page.getByTestId("funding-account-row").first().getByRole("link").click();
    await expect(page.getByRole("heading", { name: "How the customer pays" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Deposits" }).getByRole("table").or(page.getByTestId("account-deposits-empty"))).toBeVisible();
    await expectNoViolations(page, "a funding account's page");
  });

  test("filters live in the URL", async ({ page }) => {
    await gotoHydrated(page, "/funding-accounts");
    await expect(page.getByRole("heading", { level: 1, name: "Funding accounts" })).toBeVisible();
    await chooseFilter(page, "Rail", "Crypto address");
    await expect(page).toHaveURL(/rail=CRYPTO_ADDRESS/);
    const rows = page.getByTestId("funding-account-row");
    await expect(rows.first()).toBeVisible();
    await expect(rows.filter({ hasNotText: "Crypto address" })).toHaveCount(0);
    await reloadHydrated(page);
    await expect(chosenFilter(page, "Rail")).toHaveText("Crypto address");
  });
});

test.describe("funding accounts as a viewer", () => {
  test.use({ storageState: storageStateOf("viewer") });

  test("a viewer reads accounts but cannot create one or simulate a deposit", async ({ page }) => {
    await gotoHydrated(page, "/funding-accounts");
    await expect(page.getByRole("heading", { level: 1, name: "Funding accounts" })).toBeVisible();
    await expect(page.getByRole("link", { name: "New funding account" })).toHaveCount(0);
    await page.getByTestId("funding-account-row").first().getByRole("link").click();
    await expect(page.getByRole("heading", { name: "How the customer pays" })).toBeVisible();
    await expect(page.getByTestId("simulate-deposit")).toHaveCount(0);
    await gotoHydrated(page, "/funding-accounts/new");
    await expect(page).toHaveURL(/\/forbidden/);
  });
});
