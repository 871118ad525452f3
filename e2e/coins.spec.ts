import { randomBytes, randomUUID } from "node:crypto";
import Decimal from "decimal.js";
import { expect, test, type APIRequestContext, expectNoViolations } from "./fixtures";
import { DEMO_SANDBOX_KEY, emulatorUrl } from "./emulator";
import { gotoHydrated, chooseFilter } from "./helpers";
import { storageStateOf } from "./roles";

interface Order {
  id: string;
  side: string;
  status: string;
  quote_amount: string | null;
  executed_price: string | null;
}
interface Address {
  id: string;
  address: string;
  label: string;
}
interface CryptoWithdrawal {
  id: string;
  amount: string;
  asset: string;
  status: string;
  tx_hash: string | null;
}
interface FiatWithdrawal {
  id: string;
  amount: string;
  account_number: string;
  status: string;
}

const headers = { "X-Api-Key": DEMO_SANDBOX_KEY };

async function provider<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(`${emulatorUrl()}/coins/v1${path}`, { headers });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { data: T }).data;
}

async function advanceClock(request: APIRequestContext, ms: number) {
  const res = await request.post(`${emulatorUrl()}/__emulator/clock`, { data: { advance_ms: ms } });
  expect(res.ok(), await res.text()).toBe(true);
}

async function saveAddress(request: APIRequestContext, label: string): Promise<Address> {
  const res = await request.post(`${emulatorUrl()}/coins/v1/crypto-withdrawals/addresses`, {
    headers,
    data: { address: `0x${randomBytes(20).toString("hex")}`, asset: "USDC", chain: "base", label },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: Address }).data;
}

/** A distinct amount, so this run's record is told apart from earlier ones. */
const uniqueAmount = (base: number) => (base + (Math.floor(Math.random() * 9_900) + 100) / 100).toFixed(2);
const grouped = (amount: string) => Number(amount).toLocaleString("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

test.describe("coins markets", () => {
  test("every market with its figures; the stale SOL/NGN price is marked; base and quote filters live in the URL", async ({ pageAs }) => {
    const page = await pageAs("viewer");
    await gotoHydrated(page, "/coins/markets");
    await expect(page.getByRole("heading", { level: 1, name: "Markets" })).toBeVisible();
    const rows = page.getByTestId("market-row");
    await expect(rows).toHaveCount(10);
    await expect(page.locator('[data-testid="market-row"][data-market="SOL/NGN"]').getByTestId("stale-price")).toContainText(/Stale price · \d+ h \d+ min old/);
    await expect(page.locator('[data-stale="true"]')).toHaveCount(1);
    const btcNgn = page.locator('[data-testid="market-row"][data-market="BTC/NGN"]');
    await expect(btcNgn).toContainText("75 bps (0.75 %)");
    await expect(btcNgn).toContainText("₦2,000.00");
    // A viewer cannot trade.
    await expect(page.getByRole("link", { name: /^Trade/ })).toHaveCount(0);
    await expectNoViolations(page, "/coins/markets");

    await chooseFilter(page, "Base asset", /^BTC · bip122:/);
    await expect(page).toHaveURL(/base_caid=bip122/);
    await expect(rows).toHaveCount(2);
    await chooseFilter(page, "Quote asset", "NGN · iso4217:NGN");
    await expect(page).toHaveURL(/quote_caid=iso4217%3ANGN|quote_caid=iso4217:NGN/);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toHaveAttribute("data-market", "BTC/NGN");

    // The filtered view survives a reload (it is the URL).
    await gotoHydrated(page, page.url());
    await expect(rows).toHaveCount(1);
    await page.getByRole("button", { name: "Clear filters" }).click();
    await expect(rows).toHaveCount(10);
    await page.context().close();
  });
});

test.describe("coins orders", () => {
  test("an operator sees the minimum and fee, is refused under the minimum, places an order, and finds it executed and listed", async ({ pageAs, request }) => {
    const page = await pageAs("operator");
    await gotoHydrated(page, "/coins/markets");
    await page.getByRole("link", { name: "Trade BTC/NGN" }).click();
    await expect(page).toHaveURL(/\/coins\/orders\/new\?market=BTC-NGN/);
    await expect(page.getByRole("heading", { level: 1, name: "New Coins order" })).toBeVisible();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    const form = page.getByTestId("coins-order-form");
    await expect(form.getByTestId("coins-order-minimum")).toHaveText("₦2,000.00");
    await expect(form.getByTestId("coins-order-fee")).toContainText("75 bps (0.75 %)");

    const before = (await provider<{ orders: Order[] }>(request, "/orders?limit=100")).orders.length;
    await form.getByLabel("Amount to spend (NGN)").fill("1500");
    await form.getByTestId("coins-order-submit").click();
    await expect(form.getByText("This order is worth 1500.00 NGN; the market's minimum is 2000.00 NGN.")).toBeVisible();
    await expect(form.getByLabel("Amount to spend (NGN)")).toHaveAttribute("aria-invalid", "true");
    expect((await provider<{ orders: Order[] }>(request, "/orders?limit=100")).orders.length).toBe(before);

    const amount = uniqueAmount(2_000);
    await form.getByLabel("Amount to spend (NGN)").fill(amount);
    await expect(form.getByTestId("coins-order-fee")).toContainText("≈ ₦");
    await expectNoViolations(page, "/coins/orders/new");
    await form.getByTestId("coins-order-submit").click();
    await expect(page).toHaveURL(/\/coins\/orders\/[0-9a-f-]{36}$/);
    const id = page.url().split("/").pop()!;
    const placed = await provider<Order>(request, `/orders/${id}`);
    expect(placed).toMatchObject({ side: "buy", quote_amount: amount });
    await expect(page.getByTestId("coins-order-fields")).toContainText(`₦${grouped(amount)}`);

    // The provider executes it after 5 s of its time; the page polls until it does.
    await advanceClock(request, 6_000);
    await expect(page.getByTestId("coins-order-status")).toContainText("completed", { timeout: 20_000 });
    const done = await provider<Order>(request, `/orders/${id}`);
    await expect(page.getByTestId("coins-order-fields")).toContainText(`₦${grouped(done.executed_price!)} per BTC`);
    await expectNoViolations(page, "/coins/orders/[id]");

    // Listed, and found again with the side and base filters.
    await gotoHydrated(page, "/coins/orders");
    await expect(page.getByTestId("coins-order-row").filter({ hasText: id.slice(0, 8) })).toContainText("completed");
    await chooseFilter(page, "Side", "sell");
    await expect(page).toHaveURL(/side=sell/);
    await expect(page.getByTestId("coins-order-row").filter({ hasText: id.slice(0, 8) })).toHaveCount(0);
    await chooseFilter(page, "Side", "buy");
    await chooseFilter(page, "Base asset", "BTC");
    await expect(page).toHaveURL(/base_asset=BTC/);
    await expect(page.getByTestId("coins-order-row").filter({ hasText: id.slice(0, 8) })).toBeVisible();
    await expect(page.getByTestId("coins-order-row").filter({ hasNotText: "BTC/" })).toHaveCount(0);
    await page.context().close();
  });

  test("the list pages with the provider's cursor, newer and older, in the URL", async ({ pageAs, request }) => {
    // Enough orders for a second page of 20, placed straight at the provider.
    const have = (await provider<{ orders: Order[] }>(request, "/orders?limit=21")).orders.length;
    for (let i = have; i < 21; i++) {
      const res = await request.post(`${emulatorUrl()}/coins/v1/orders`, {
        headers: { ...headers, "X-Idempotency-Key": randomUUID() },
        data: { side: "buy", market: "USDT-USD", amount: "5.00" },
      });
      expect(res.status(), await res.text()).toBe(201);
    }
    const page = await pageAs("viewer");
    await gotoHydrated(page, "/coins/orders");
    await expect(page.getByRole("link", { name: "New order" })).toHaveCount(0);
    await expect(page.getByTestId("coins-order-row")).toHaveCount(20);
    // The order's id, not the whole row: an order placed just above may complete meanwhile.
    const firstId = () => page.getByTestId("coins-order-row").first().getByRole("link");
    const firstOnPage1 = await firstId().textContent();
    const pager = page.getByRole("navigation", { name: "Coins order pages" });
    await expect(pager).toContainText("Page 1 · 20 orders, more on older pages");
    await expectNoViolations(page, "/coins/orders");
    await pager.getByRole("link", { name: "Older" }).click();
    await expect(page).toHaveURL(/cursor=/);
    await expect(pager).toContainText("Page 2");
    await expect(firstId()).not.toHaveText(firstOnPage1!);
    await pager.getByRole("link", { name: "Newer" }).click();
    await expect(pager).toContainText("Page 1");
    await expect(firstId()).toHaveText(firstOnPage1!);
    await page.context().close();
  });

  test("a viewer cannot open the order form", async ({ pageAs }) => {
    const page = await pageAs("viewer");
    await gotoHydrated(page, "/coins/orders/new");
    await expect(page).toHaveURL(/\/forbidden/);
    await page.context().close();
  });
});

test.describe("coins balances and transactions", () => {
  test("each asset's balances, with USD values that add up to the total", async ({ pageAs }) => {
    const page = await pageAs("viewer");
    await gotoHydrated(page, "/coins/balances");
    await expect(page.getByRole("heading", { level: 1, name: "Coins balances" })).toBeVisible();
    await expect(page.getByTestId("coins-balance-row")).toHaveCount(7);
    const total = (await page.getByTestId("coins-portfolio-total").locator("p").nth(1).textContent())!;
    await expect(page.getByTestId("coins-balance-sum")).toHaveText(total);
    await expect(page.locator("tfoot")).toContainText("matches the total");
    await expect(page.locator('[data-testid="coins-balance-row"][data-asset="BTC"]')).toContainText(/BTC \d\.\d{8}/);
    await expectNoViolations(page, "/coins/balances");
    await page.context().close();
  });

  test("the ledger filters by type in the URL", async ({ pageAs }) => {
    const page = await pageAs("viewer");
    await gotoHydrated(page, "/coins/transactions");
    await expect(page.getByTestId("coins-transaction-row").first()).toBeVisible();
    await expectNoViolations(page, "/coins/transactions");
    await chooseFilter(page, "Type", "fee");
    await expect(page).toHaveURL(/type=fee/);
    await expect(page.getByTestId("coins-transaction-row").first()).toBeVisible();
    await expect(page.getByTestId("coins-transaction-row").filter({ hasNotText: "fee" })).toHaveCount(0);
    await page.context().close();
  });
});

test.describe("coins withdrawals", () => {
  test("an operator renames a saved address, then clears its label with an empty one", async ({ pageAs, request }) => {
    const saved = await saveAddress(request, `Vendor ${randomUUID().slice(0, 6)}`);
    const page = await pageAs("operator");
    const row = page.locator(`[data-testid="coins-address-row"][data-address="${saved.address}"]`);
    // Saved at the provider, not here: the page shows the copy, which has it after the next sweep
    // (every 5 s while the page is open).
    await expect(async () => {
      await gotoHydrated(page, "/coins/withdrawals");
      await expect(row).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 40_000 });
    await expect(page.locator('[data-testid="coins-asset-chain-row"][data-asset="USDC"][data-chain="base"]')).toBeVisible();
    await expect(row.getByTestId("coins-address-label")).toHaveText(saved.label);

    const renamed = `Cold wallet ${randomUUID().slice(0, 6)}`;
    await row.getByRole("button", { name: `Rename ${saved.label}` }).click();
    let dialog = page.getByTestId("rename-address-dialog");
    await dialog.getByLabel("Label").fill(renamed);
    await dialog.getByRole("button", { name: "Save label" }).click();
    await expect(row.getByTestId("coins-address-label")).toHaveText(renamed);
    expect((await provider<Address[]>(request, "/crypto-withdrawals/addresses")).find((a) => a.id === saved.id)?.label).toBe(renamed);

    await row.getByRole("button", { name: `Rename ${renamed}` }).click();
    dialog = page.getByTestId("rename-address-dialog");
    await dialog.getByLabel("Label").fill("");
    await dialog.getByRole("button", { name: "Save label" }).click();
    await expect(row.getByTestId("coins-address-label")).toHaveText("No label");
    expect((await provider<Address[]>(request, "/crypto-withdrawals/addresses")).find((a) => a.id === saved.id)?.label).toBe("");
    await expectNoViolations(page, "/coins/withdrawals");
    await page.context().close();
  });

  test("a crypto withdrawal waits for a second person, and the approver's approval sends it exactly once", async ({ pageAs, request }) => {
    const label = `Payout ${randomUUID().slice(0, 6)}`;
    const saved = await saveAddress(request, label);
    // USDC has no approval limit in the demo organization, so every amount needs a second person.
    const amount = uniqueAmount(10);
    const sentOf = async () =>
      (await provider<{ withdrawals: CryptoWithdrawal[] }>(request, "/crypto-withdrawals?asset=USDC&limit=100")).withdrawals.filter((w) =>
        new Decimal(w.amount).eq(amount),
      );

    const operator = await pageAs("operator");
    await gotoHydrated(operator, "/coins/withdrawals/new");
    const form = operator.getByTestId("coins-crypto-withdrawal-form");
    await form.getByRole("combobox", { name: "Saved address" }).click();
    await operator.getByRole("option", { name: new RegExp(`^${label} · USDC on base`) }).click();
    await expect(form.getByTestId("coins-crypto-withdrawal-summary")).toContainText(saved.address);
    await expectNoViolations(operator, "/coins/withdrawals/new");
    await form.getByLabel("Amount (USDC)").fill(amount);
    await form.getByTestId("coins-crypto-withdrawal-submit").click();
    const pending = operator.getByTestId("coins-withdrawal-pending");
    await expect(pending).toContainText("Waiting for a second approver");
    await expect(pending).toContainText(`Send USDC ${amount} on base to ${label}`);
    expect(await sentOf()).toHaveLength(0);

    const approver = await pageAs("approver");
    await gotoHydrated(approver, "/approvals");
    const waiting = approver.getByTestId("approvals-waiting").getByTestId("approval-row").filter({ hasText: label });
    await expect(waiting).toContainText("Coins crypto withdrawal");
    await waiting.getByTestId("approve-open").click();
    await approver.getByTestId("approve-dialog").getByTestId("approve-confirm").click();
    await expect(approver.getByText(/^Approved and sent: Send USDC/)).toBeVisible();
    expect(await sentOf()).toHaveLength(1);
    // Reloading the inbox sends nothing more.
    await gotoHydrated(approver, "/approvals");
    expect(await sentOf()).toHaveLength(1);

    const id = (await sentOf())[0]!.id;
    // The inbox's record of the send links to the withdrawal's page.
    const sentRow = approver.getByTestId("approvals-history").getByTestId("approval-row").filter({ hasText: label });
    await expect(sentRow.getByTestId("approval-resource-link")).toHaveAttribute("href", `/coins/withdrawals/crypto/${id}`);

    await gotoHydrated(operator, "/coins/withdrawals?crypto_asset=USDC");
    const row = operator.getByTestId("coins-crypto-withdrawal-row").filter({ hasText: saved.address }).first();
    await expect(row).toContainText(`USDC ${amount}`);
    await row.getByRole("link", { name: new RegExp(`crypto withdrawal ${id}`) }).click();
    await expect(operator).toHaveURL(new RegExp(`/coins/withdrawals/crypto/${id}$`));
    await expect(operator.getByRole("heading", { level: 1, name: `Crypto withdrawal ${id.slice(0, 8)}` })).toBeVisible();
    const fields = operator.getByTestId("coins-withdrawal-fields");
    await expect(fields).toContainText(`USDC ${amount}`);
    await expect(fields).toContainText(saved.address);
    // The page polls while the withdrawal is on its way; a minute of chain confirmations later it shows settled.
    await advanceClock(request, 70_000);
    await expect(operator.getByTestId("coins-withdrawal-status")).toContainText("completed", { timeout: 20_000 });
    const done = await provider<CryptoWithdrawal>(request, `/crypto-withdrawals/${id}`);
    expect(done.status).toBe("completed");
    await expect(fields).toContainText(done.tx_hash!);
    await expectNoViolations(operator, "/coins/withdrawals/crypto/[id]");
    await operator.context().close();
    await approver.context().close();
  });

  test("a fiat withdrawal under the NGN limit is sent at once and listed", async ({ pageAs, request }) => {
    const amount = uniqueAmount(1_000);
    const page = await pageAs("operator");
    await gotoHydrated(page, "/coins/withdrawals/new?kind=fiat");
    await expect(page.getByRole("heading", { level: 1, name: "New fiat withdrawal" })).toBeVisible();
    const form = page.getByTestId("coins-fiat-withdrawal-form");
    await form.getByTestId("coins-fiat-withdrawal-submit").click();
    await expect(form.getByText("Enter the 10-digit account number (NUBAN).")).toBeVisible();
    await form.getByLabel("Amount (NGN)").fill(amount);
    await form.getByRole("combobox", { name: "Bank" }).click();
    await page.getByRole("option", { name: /\(044\)$/ }).click();
    await form.getByLabel("Account number").fill("0123456789");
    await form.getByLabel("Narration").fill("Supplier payment");
    await expectNoViolations(page, "/coins/withdrawals/new?kind=fiat");
    await form.getByTestId("coins-fiat-withdrawal-submit").click();
    // Sent at once: on to the withdrawal's own page.
    await expect(page).toHaveURL(/\/coins\/withdrawals\/fiat\/[0-9a-f-]{36}$/);
    const id = page.url().split("/").pop()!;
    expect(await provider<FiatWithdrawal>(request, `/fiat-withdrawals/${id}`)).toMatchObject({ amount, account_number: "0123456789" });
    const fields = page.getByTestId("coins-withdrawal-fields");
    await expect(fields).toContainText(`₦${grouped(amount)}`);
    await expect(fields).toContainText("0123456789");
    await expect(fields).toContainText("Supplier payment");
    // Polled while on its way; once the bank transfer settles the page shows it without a reload.
    await advanceClock(request, 40_000);
    await expect(page.getByTestId("coins-withdrawal-status")).toContainText("completed", { timeout: 20_000 });
    expect((await provider<FiatWithdrawal>(request, `/fiat-withdrawals/${id}`)).status).toBe("completed");
    await expectNoViolations(page, "/coins/withdrawals/fiat/[id]");

    // Its row in the list opens the same record.
    await gotoHydrated(page, "/coins/withdrawals");
    const row = page.getByTestId("coins-fiat-withdrawal-row").filter({ hasText: id.slice(0, 8) });
    await expect(row).toContainText(`₦${grouped(amount)}`);
    await expect(row).toContainText("completed");
    await row.getByRole("link", { name: new RegExp(`fiat withdrawal ${id}`) }).click();
    await expect(page).toHaveURL(new RegExp(`/coins/withdrawals/fiat/${id}$`));
    await expect(page.getByRole("heading", { level: 1, name: `Fiat withdrawal ${id.slice(0, 8)}` })).toBeVisible();
    await expect(page.getByTestId("coins-withdrawal-fields")).toContainText(`₦${grouped(amount)}`);
    await page.context().close();
  });

  test("an admin can set an approval limit for each Coins withdrawal kind", async ({ pageAs }) => {
    const page = await pageAs("admin");
    await gotoHydrated(page, "/settings/approvals");
    const form = page.getByTestId("threshold-form");
    await form.getByRole("combobox", { name: "Applies to" }).click();
    await expect(page.getByRole("option", { name: "Coins fiat withdrawal" })).toBeVisible();
    await page.getByRole("option", { name: "Coins crypto withdrawal" }).click();
    // BTC: no other test here withdraws it, so this limit changes nothing they rely on.
    await form.getByLabel("Currency").fill("BTC");
    await form.getByLabel("Approval needed above").fill("0.01");
    await form.getByTestId("threshold-save").click();
    // From no limit (every amount waits) to one: a loosening, so it waits for a second person.
    await expect(page.getByText(/Raise the Coins crypto withdrawal approval limit to BTC 0\.01.*waits in Approvals/)).toBeVisible();
    await page.context().close();
  });

  test("a withdrawal the provider does not know is a not-found page, for either kind", async ({ pageAs }) => {
    const page = await pageAs("viewer");
    for (const path of [`/coins/withdrawals/crypto/${randomUUID()}`, `/coins/withdrawals/fiat/${randomUUID()}`, "/coins/withdrawals/fiat/not-an-id"]) {
      await gotoHydrated(page, path);
      await expect(page.getByRole("heading", { level: 1, name: "This withdrawal does not exist" })).toBeVisible();
      await expect(page.getByTestId("read-error")).toHaveCount(0);
    }
    await page.getByRole("link", { name: "Back to withdrawals" }).click();
    await expect(page).toHaveURL(/\/coins\/withdrawals$/);
    await page.context().close();
  });

  test("a viewer sees withdrawals but cannot rename, save or send", async ({ pageAs }) => {
    const page = await pageAs("viewer");
    await gotoHydrated(page, "/coins/withdrawals");
    await expect(page.getByTestId("coins-address-row").first()).toBeVisible();
    await expect(page.getByRole("button", { name: /^Rename/ })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Save an address" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "New crypto withdrawal" })).toHaveCount(0);
    await gotoHydrated(page, "/coins/withdrawals/new");
    await expect(page).toHaveURL(/\/forbidden/);
    await page.context().close();
  });
});

test.describe("coins fiat deposits", () => {
  test("each currency's account, status and minimum, with copy buttons", async ({ browser }) => {
    const context = await browser.newContext({ storageState: storageStateOf("viewer") });
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const page = await context.newPage();
    await gotoHydrated(page, "/coins/deposits");
    const ngn = page.locator('[data-testid="coins-deposit-option"][data-currency="NGN"]');
    const usd = page.locator('[data-testid="coins-deposit-option"][data-currency="USD"]');
    await expect(ngn.getByTestId("coins-deposit-status")).toHaveText("active");
    await expect(ngn).toContainText("Minimum deposit ₦1,000.00");
    await expect(usd.getByTestId("coins-deposit-status")).toHaveText("inactive");
    await expect(usd).toContainText("Do not pay into it");
    await ngn.getByRole("button", { name: "Copy NGN account number" }).click();
    await expect(ngn.getByRole("button", { name: "NGN account number copied" })).toBeVisible();
    const number = (await ngn.locator("dd").nth(1).locator("span.font-mono").textContent())!;
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(number);
    await expectNoViolations(page, "/coins/deposits");
    await context.close();
  });
});
