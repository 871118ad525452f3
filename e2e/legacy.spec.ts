import { randomUUID } from "node:crypto";
import { expect, test, type APIRequestContext, type Page, expectNoViolations } from "./fixtures";
import { DEMO_SANDBOX_KEY, emulatorUrl } from "./emulator";
import { gotoHydrated, chooseFilter, chosenFilter } from "./helpers";
import { storageStateOf } from "./roles";

/** The emulator's own answer, read with the demo merchant's key: what the pages must show. */
async function emulatorList<T>(request: APIRequestContext, path: string): Promise<{ data: T[]; total: number }> {
  const res = await request.get(`${emulatorUrl()}/v1${path}`, { headers: { "X-Api-Key": DEMO_SANDBOX_KEY } });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as { data: T[]; total: number };
}

/** Read-only: nothing on the page creates, edits, deletes or sends anything. */
async function expectReadOnly(page: Page) {
  const main = page.getByRole("main");
  const writes = /\b(new|create|add|edit|change|delete|remove|cancel|send|submit|approve)\b/i;
  await expect(main.getByRole("button", { name: writes })).toHaveCount(0);
  await expect(main.getByRole("link", { name: writes })).toHaveCount(0);
  await expect(main.locator("form")).toHaveCount(0);
}

const pagerText = (page: Page) => page.getByRole("navigation", { name: /pages$/ });

test.describe("legacy views as a viewer", () => {
  test.use({ storageState: storageStateOf("viewer") });

  test("a viewer pages through the payouts, changes the page size and filters, with the URL carrying each choice", async ({ page, request }) => {
    const newest = await emulatorList<{ reference: string }>(request, "/payouts?limit=1");
    expect(newest.total).toBe(45);

    await gotoHydrated(page, "/legacy/payouts");
    await expect(page.getByRole("heading", { level: 1, name: "Payouts" })).toBeVisible();
    await expect(page.getByTestId("legacy-banner")).toContainText("older route of the provider, kept for reference");
    await expect(page.getByTestId("legacy-banner")).toContainText("New send-money work uses transfers and merchant withdrawals");
    await expect(page.getByTestId("payout-row")).toHaveCount(20);
    await expect(page.getByTestId("payout-row").first()).toContainText(newest.data[0]!.reference);
    await expect(pagerText(page)).toContainText("45 payouts · page 1 of 3");
    await expectReadOnly(page);
    await expectNoViolations(page, "/legacy/payouts");

    await page.getByRole("link", { name: "Older" }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(pagerText(page)).toContainText("page 2 of 3");
    await page.getByRole("link", { name: "Older" }).click();
    await expect(page).toHaveURL(/[?&]page=3/);
    await expect(page.getByTestId("payout-row")).toHaveCount(5);
    await expect(page.getByRole("link", { name: "Older" })).toHaveCount(0);
    await page.getByRole("link", { name: "Newer" }).click();
    await expect(pagerText(page)).toContainText("page 2 of 3");
    await expect(page.getByTestId("payout-row")).toHaveCount(20);

    await chooseFilter(page, "Rows per page", "50");
    await expect(page).toHaveURL(/[?&]limit=50/);
    await expect(page).not.toHaveURL(/page=/);
    await expect(page.getByTestId("payout-row")).toHaveCount(45);
    await expect(pagerText(page)).toContainText("45 payouts · page 1 of 1");

    await chooseFilter(page, "Type", "NGN payout");
    await expect(page).toHaveURL(/[?&]type=NGN_PAYOUT/);
    await expect(pagerText(page)).toContainText("30 payouts");
    await chooseFilter(page, "Status", "FAILED");
    await expect(page).toHaveURL(/[?&]status=FAILED/);
    await expect(page.getByTestId("payout-row")).toHaveCount(5);
    for (const row of await page.getByTestId("payout-row").all()) {
      await expect(row).toContainText("NGN payout");
      await expect(row).toContainText("FAILED");
    }
    // The shared link opens the same view.
    await gotoHydrated(page, page.url());
    await expect(page.getByTestId("payout-row")).toHaveCount(5);
    await chooseFilter(page, "Type", "Crypto payout");
    await expect(page.getByTestId("legacy-empty")).toContainText("No payouts match these filters");
    await page.getByRole("button", { name: "Clear filters" }).click();
    await expect(page).not.toHaveURL(/type=|status=/);
    await expect(page.getByTestId("payout-row")).toHaveCount(45);
  });

  test("a payout's detail shows what the provider holds for it", async ({ page, request }) => {
    const crypto = await emulatorList<{ id: string; reference: string; tx_hash: string; recipient: { crypto_address: string } }>(
      request,
      "/payouts?type=CRYPTO_PAYOUT&status=SETTLED&limit=1",
    );
    const p = crypto.data[0]!;
    await gotoHydrated(page, "/legacy/payouts?type=CRYPTO_PAYOUT&status=SETTLED");
    await page.getByRole("link", { name: new RegExp(`payout ${p.id}`) }).click();
    await expect(page).toHaveURL(new RegExp(`/legacy/payouts/${p.id}$`));
    await expect(page.getByRole("heading", { level: 1, name: `Payout ${p.reference}` })).toBeVisible();
    await expect(page.getByTestId("legacy-banner")).toBeVisible();
    const fields = page.getByTestId("payout-fields");
    await expect(fields).toContainText("Crypto payout");
    await expect(fields).toContainText("SETTLED");
    await expect(fields).toContainText(p.tx_hash);
    await expect(fields).toContainText(/Sent\s*(USDT|USDC) [\d,]+\.\d{2}/);
    await expect(page.getByTestId("payout-recipient")).toContainText(p.recipient.crypto_address);
    await expectReadOnly(page);
    await expectNoViolations(page, "/legacy/payouts/[id]");

    await page.getByRole("link", { name: "All payouts" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Payouts" })).toBeVisible();

    await page.goto(`/legacy/payouts/${randomUUID()}`);
    await expect(page.getByRole("heading", { level: 1, name: "This payout does not exist" })).toBeVisible();
    await page.goto("/legacy/payouts/not-an-id");
    await expect(page.getByRole("heading", { level: 1, name: "This payout does not exist" })).toBeVisible();
  });

  test("invalid filters in the URL are ignored with a note, and the list still shows", async ({ page }) => {
    await gotoHydrated(page, "/legacy/payouts?type=USD_PAYOUT&status=SETTLED&limit=500&page=abc");
    const note = page.getByTestId("ignored-params");
    await expect(note).toContainText("type=USD_PAYOUT");
    await expect(note).toContainText("Type must be one of NGN_PAYOUT, CRYPTO_PAYOUT.");
    await expect(note).toContainText("limit=500");
    await expect(note).toContainText("page=abc");
    await expect(note).not.toContainText("status=");
    await expect(page.getByTestId("payout-row")).toHaveCount(20);
    await expect(page.getByTestId("payout-row").first()).toContainText("SETTLED");
    await expect(chosenFilter(page, "Type")).toHaveText("All types");
    await expectNoViolations(page, "/legacy/payouts with ignored filters");
    // Choosing a filter drops what was ignored from the URL.
    await chooseFilter(page, "Type", "Crypto payout");
    await expect(page).toHaveURL(/type=CRYPTO_PAYOUT/);
    await expect(page).not.toHaveURL(/limit=500|page=abc/);
    await expect(page.getByTestId("ignored-params")).toHaveCount(0);

    await gotoHydrated(page, "/legacy/offramps?status=SETTLED&customer=amaka");
    await expect(page.getByTestId("ignored-params")).toContainText("status=SETTLED");
    await expect(page.getByTestId("ignored-params")).toContainText("customer=amaka");
    await expect(page.getByTestId("offramp-row")).toHaveCount(5);

    await gotoHydrated(page, "/legacy/onramps?page=9");
    await expect(page.getByTestId("legacy-empty")).toContainText("This page is past the end of the list");
    await page.getByRole("link", { name: "Go to the first page" }).click();
    await expect(page.getByTestId("onramp-row")).toHaveCount(5);
  });

  test("a deposit made through an offramp links to it, and the offramp back to the deposit", async ({ page, request }) => {
    const offramps = await emulatorList<{ id: string; address: string; chain: string }>(request, "/offramps?limit=100");
    const oldest = offramps.data[offramps.data.length - 1]!;
    await gotoHydrated(page, `/legacy/offramps/${oldest.id}`);
    await expect(page.getByTestId("ramp-fields")).toContainText(oldest.address);
    await expect(page.getByTestId("ramp-fields")).toContainText(oldest.chain);
    await expect(page.getByTestId("ramp-replacements")).toContainText("crypto address rail");
    await expectNoViolations(page, "/legacy/offramps/[id]");
    await page
      .getByTestId("ramp-deposits")
      .getByRole("link", { name: /deposit / })
      .first()
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "Deposit" })).toBeVisible();
    await page.getByRole("link", { name: oldest.id }).click();
    await expect(page).toHaveURL(new RegExp(`/legacy/offramps/${oldest.id}$`));
    await expect(page.getByRole("heading", { level: 1, name: `Offramp ${oldest.id.slice(0, 8)}` })).toBeVisible();

    await gotoHydrated(page, "/legacy/offramps");
    await expect(page.getByTestId("offramp-row")).toHaveCount(5);
    await expectReadOnly(page);
    await expectNoViolations(page, "/legacy/offramps");
  });

  test("a viewer pages through the offramps two at a time, oldest last, with the URL carrying the page", async ({ page, request }) => {
    const offramps = await emulatorList<{ id: string }>(request, "/offramps?limit=100");
    expect(offramps.total).toBe(5);
    const link = (id: string) => page.getByRole("link", { name: new RegExp(`offramp ${id}`) });
    const oldest = offramps.data[offramps.data.length - 1]!;
    await gotoHydrated(page, "/legacy/offramps?limit=2");
    await expect(pagerText(page)).toContainText("5 offramps · page 1 of 3");
    await expect(page.getByTestId("offramp-row")).toHaveCount(2);
    await expect(link(offramps.data[0]!.id)).toBeVisible();
    await page.getByRole("link", { name: "Older" }).click();
    await expect(page).toHaveURL(/limit=2.*page=2|page=2.*limit=2/);
    await expect(page.getByTestId("offramp-row")).toHaveCount(2);
    await page.getByRole("link", { name: "Older" }).click();
    await expect(pagerText(page)).toContainText("page 3 of 3");
    await expect(page.getByTestId("offramp-row")).toHaveCount(1);
    await expect(link(oldest.id)).toBeVisible();
    await expect(page.getByRole("link", { name: "Older" })).toHaveCount(0);
    // The shared link opens the same page.
    await gotoHydrated(page, page.url());
    await expect(page.getByTestId("offramp-row")).toHaveCount(1);
    await page.getByRole("link", { name: "Newer" }).click();
    await expect(pagerText(page)).toContainText("page 2 of 3");
  });
});

test.describe("legacy views as an operator", () => {
  test.use({ storageState: storageStateOf("operator") });

  test("an operator pages through the onramps, opens one and follows it to the funding accounts that replace it", async ({ page, request }) => {
    const onramps = await emulatorList<{ id: string; customer_id: string; virtual_account: { account_number: string } }>(request, "/onramps?limit=100");
    expect(onramps.total).toBe(5);
    // The oldest onramp is the one the sandbox's legacy NGN deposits came through.
    const oldest = onramps.data[onramps.data.length - 1]!;

    await gotoHydrated(page, "/legacy/onramps?limit=2");
    await expect(page.getByRole("heading", { level: 1, name: "Onramps" })).toBeVisible();
    await expect(page.getByTestId("legacy-banner").getByRole("link", { name: "Funding accounts" })).toHaveAttribute("href", "/funding-accounts");
    await expect(page.getByTestId("legacy-banner").getByRole("link", { name: "Deposits" })).toHaveAttribute("href", "/deposits");
    await expect(chosenFilter(page, "Rows per page")).toHaveText("2");
    await expect(pagerText(page)).toContainText("5 onramps · page 1 of 3");
    await expect(page.getByTestId("onramp-row")).toHaveCount(2);
    await expectReadOnly(page);
    await page.getByRole("link", { name: "Older" }).click();
    await expect(page).toHaveURL(/limit=2.*page=2|page=2.*limit=2/);
    await page.getByRole("link", { name: "Older" }).click();
    await expect(pagerText(page)).toContainText("page 3 of 3");
    await expect(page.getByTestId("onramp-row")).toHaveCount(1);
    await expect(page.getByTestId("onramp-row")).toContainText(oldest.virtual_account.account_number);
    await page.getByRole("link", { name: "Newer" }).click();
    await expect(pagerText(page)).toContainText("page 2 of 3");

    await chooseFilter(page, "Status", "EXPIRED");
    await expect(page).toHaveURL(/status=EXPIRED/);
    await expect(pagerText(page)).toContainText("2 onramps · page 1 of 1");
    await chooseFilter(page, "Status", "All statuses");
    await expect(pagerText(page)).toContainText("5 onramps");

    await gotoHydrated(page, "/legacy/onramps");
    await page.getByRole("link", { name: new RegExp(`onramp ${oldest.id}`) }).click();
    await expect(page).toHaveURL(new RegExp(`/legacy/onramps/${oldest.id}$`));
    await expect(page.getByRole("heading", { level: 1, name: `Onramp ${oldest.id.slice(0, 8)}` })).toBeVisible();
    await expect(page.getByTestId("ramp-fields")).toContainText(oldest.virtual_account.account_number);
    await expect(page.getByTestId("ramp-deposits").getByRole("link", { name: /deposit / })).not.toHaveCount(0);
    await expectReadOnly(page);
    await expectNoViolations(page, "/legacy/onramps/[id]");

    await page
      .getByTestId("ramp-replacements")
      .getByRole("link", { name: /funding accounts$/ })
      .click();
    await expect(page).toHaveURL(new RegExp(`/funding-accounts\\?rail=NGN_VIRTUAL_ACCOUNT&customer=${oldest.customer_id}`));
    await expect(page.getByRole("heading", { level: 1, name: "Funding accounts" })).toBeVisible();
  });
});
