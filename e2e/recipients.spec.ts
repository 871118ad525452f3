import { randomBytes, randomInt } from "node:crypto";
import { expect, test, type APIRequestContext, type Locator, type Page, expectNoViolations } from "./fixtures";
import { DEMO_SANDBOX_KEY, emulatorUrl } from "./emulator";
import { gotoHydrated, reloadHydrated, chooseFilter } from "./helpers";
import { storageStateOf } from "./roles";

test.use({ storageState: storageStateOf("operator") });

interface StoredRecipient {
  id: string;
  type: string;
  customer_id: string | null;
  bank_account: { account_number_last4: string } | null;
  crypto_address: { address: string } | null;
}

/** The demo merchant's recipients as the provider lists them. */
async function providerRecipients(request: APIRequestContext, type: string): Promise<StoredRecipient[]> {
  const res = await request.get(`${emulatorUrl()}/v1/recipients?type=${type}&limit=100`, { headers: { "X-Api-Key": DEMO_SANDBOX_KEY } });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { data: StoredRecipient[] }).data;
}

/** A sandbox test account (bank 044) no recipient uses yet, so this run creates rather than finds one. */
async function unusedTestAccount(request: APIRequestContext): Promise<string> {
  const used = new Set((await providerRecipients(request, "BANK_ACCOUNT")).map((r) => r.bank_account?.account_number_last4));
  const free = ["0690000033", "0690000035", "0690000036", "0690000037", "0690000038"].find((n) => !used.has(n.slice(-4)));
  if (!free) throw new Error("Every sandbox test account already has a recipient: restart the e2e stack for a fresh emulator.");
  return free;
}

/** A valid GB IBAN with random digits (check digits computed), so each run saves a new SWIFT recipient. */
function freshIban(): string {
  const bban = `WEST${String(randomInt(10 ** 6, 10 ** 7))}${String(randomInt(10 ** 6, 10 ** 7))}`;
  const digits = [...`${bban}GB00`].map((c) => (/[A-Z]/.test(c) ? String(c.charCodeAt(0) - 55) : c)).join("");
  const check = 98 - Number(BigInt(digits) % 97n);
  return `GB${String(check).padStart(2, "0")}${bban}`;
}

const form = (page: Page) => page.getByRole("form", { name: "New recipient" });
/** The error shown under a field, found through the control's aria-describedby. */
const fieldError = (page: Page, id: string) => page.locator(`[id="${id}-error"]`);

async function choose(scope: Page | Locator, page: Page, label: string, option: string | RegExp) {
  await scope.getByRole("combobox", { name: label, exact: true }).click();
  await page.getByRole("option", { name: option }).first().click();
}

/** A searchable picker: type into its search box, then pick. */
async function search(scope: Page | Locator, page: Page, label: string, query: string, option: string | RegExp) {
  await scope.getByRole("combobox", { name: label, exact: true }).click();
  await page.getByPlaceholder(/^Search (banks|countries|customers)$/).fill(query);
  await page.getByRole("option", { name: option }).first().click();
}

async function openForm(page: Page, type: string) {
  await gotoHydrated(page, "/recipients/new");
  await expect(page.getByRole("heading", { level: 1, name: "New recipient" })).toBeVisible();
  if (type !== "Nigerian bank account") await choose(form(page), page, "Recipient type", type);
}

async function save(page: Page) {
  await form(page).getByRole("button", { name: "Save recipient" }).click();
}

async function fillAddress(group: Locator, page: Page, a: { street: string; city: string; state?: string; postal?: string; country: [string, RegExp] }) {
  await group.getByLabel("Street line 1").fill(a.street);
  await group.getByLabel("City").fill(a.city);
  if (a.state !== undefined) await group.getByLabel("State or region").fill(a.state);
  if (a.postal !== undefined) await group.getByLabel("Postal code").fill(a.postal);
  await search(group, page, "Country", a.country[0], a.country[1]);
}

async function savedId(page: Page): Promise<string> {
  await expect(page).toHaveURL(/\/recipients\/[0-9a-f-]{36}(\?existing=1)?$/, { timeout: 15_000 });
  return new URL(page.url()).pathname.split("/").pop()!;
}

test.describe("recipients", () => {
  test("an operator saves a Nigerian bank account after looking up the holder's name", async ({ page, request }) => {
    const account = await unusedTestAccount(request);
    await openForm(page, "Nigerian bank account");
    await save(page);
    await expect(fieldError(page, "rc-bank_account-bank_code")).toHaveText("Choose the destination bank.");
    await expect(fieldError(page, "rc-bank_account-account_number")).toHaveText("Enter the 10-digit account number.");

    await search(form(page), page, "Bank", "acc", "Access Bank (044)");
    // A number outside the sandbox's test series: the provider's answer lands on the number.
    await form(page).getByLabel("Account number").fill("0690000040");
    await form(page).getByRole("button", { name: "Look up account" }).click();
    await expect(fieldError(page, "rc-bank_account-account_number")).toContainText("No account 0690000040");

    await form(page).getByLabel("Account number").fill(account);
    await save(page);
    await expect(page.getByTestId("account-name-error")).toHaveText("Look up the account and confirm its name before creating.");
    await form(page).getByRole("button", { name: "Look up account" }).click();
    await expect(page.getByTestId("resolved-account")).toContainText(/Account name: \w+ \w+ at Access Bank/);
    await expectNoViolations(page, "/recipients/new (bank account)");
    await save(page);

    const id = await savedId(page);
    await expect(page.getByTestId("recipient-account")).toContainText(`••••${account.slice(-4)}`);
    await expect(page.getByTestId("recipient-account")).not.toContainText(account);
    const stored = (await providerRecipients(request, "BANK_ACCOUNT")).find((r) => r.id === id);
    expect(stored?.bank_account?.account_number_last4).toBe(account.slice(-4));
  });

  test("the same bank account again opens the recipient the provider already had", async ({ page, request }) => {
    const existing = (await providerRecipients(request, "BANK_ACCOUNT")).find((r) => r.bank_account?.account_number_last4 === "0031")!;
    await openForm(page, "Nigerian bank account");
    await search(form(page), page, "Bank", "Access Bank", "Access Bank (044)");
    await form(page).getByLabel("Account number").fill("0690000031");
    await form(page).getByRole("button", { name: "Look up account" }).click();
    await expect(page.getByTestId("resolved-account")).toContainText("Adaeze Okonkwo");
    await save(page);
    expect(await savedId(page)).toBe(existing.id);
    await expect(page.getByTestId("existing-recipient")).toContainText("The provider already had a recipient with these account details");
  });

  test("an operator saves a crypto address, with the address checked for the chain's family", async ({ page, request }) => {
    await openForm(page, "Crypto address");
    await save(page);
    await expect(fieldError(page, "rc-crypto_address-asset")).toHaveText("Choose USDC or USDT.");
    await expect(fieldError(page, "rc-crypto_address-chain")).toHaveText("Choose the chain the recipient receives on.");
    await expect(fieldError(page, "rc-crypto_address-address")).toHaveText("Enter the wallet address.");

    await choose(form(page), page, "Asset", "USDT");
    await choose(form(page), page, "Chain", "Polygon");
    await form(page).getByLabel("Wallet address").fill("TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE");
    await save(page);
    await expect(fieldError(page, "rc-crypto_address-address")).toHaveText("Enter an EVM address: 0x followed by 40 hexadecimal characters, as Polygon uses.");

    const address = `0x${randomBytes(20).toString("hex")}`;
    await form(page).getByLabel("Wallet address").fill(address);
    await expectNoViolations(page, "/recipients/new (crypto)");
    await save(page);
    const id = await savedId(page);
    await expect(page.getByTestId("recipient-account")).toContainText(address);
    await expect(page.getByTestId("recipient-account")).toContainText("Polygon");
    expect((await providerRecipients(request, "CRYPTO_ADDRESS")).find((r) => r.id === id)?.crypto_address?.address).toBe(address);
  });

  test("a save the server refuses unread (a body over its size limit) says so at the form, keeps the input and saves once on retry", async ({
    page,
    request,
  }) => {
    await openForm(page, "Crypto address");
    await choose(form(page), page, "Asset", "USDC");
    await choose(form(page), page, "Chain", "Base");
    const address = `0x${randomBytes(20).toString("hex")}`;
    await form(page).getByLabel("Wallet address").fill(address);
    // The real action call, padded past the server-action body limit (1 MB) on its way out.
    await page.route("**/recipients/new", async (route) => {
      const req = route.request();
      if (req.method() !== "POST" || !req.headers()["next-action"]) return route.continue();
      await route.continue({ postData: `${req.postData() ?? ""}${" ".repeat(2_000_000)}` });
    });
    await save(page);
    await expect(page.getByTestId("form-error")).toContainText("Your request got no answer: the connection dropped or the server refused it.");
    await expect(form(page).getByLabel("Wallet address")).toHaveValue(address);
    expect((await providerRecipients(request, "CRYPTO_ADDRESS")).filter((r) => r.crypto_address?.address === address)).toHaveLength(0);

    await page.unroute("**/recipients/new");
    await save(page);
    await savedId(page);
    expect((await providerRecipients(request, "CRYPTO_ADDRESS")).filter((r) => r.crypto_address?.address === address)).toHaveLength(1);
  });

  test("an operator saves a US bank account; ACH, wire, routing and address rules are enforced first", async ({ page, request }) => {
    await openForm(page, "US bank account");
    await save(page);
    await expect(fieldError(page, "rc-customer_id")).toHaveText(/^Choose the customer this recipient belongs to/);
    await expect(fieldError(page, "rc-us_bank_account-payout_scheme")).toHaveText("Choose ACH or wire.");

    const f = form(page);
    await choose(f, page, "Payout scheme", "ACH");
    await choose(f, page, "Account type", "Checking");
    await f.getByLabel("Account owner's name").fill("José Núñez");
    await f.getByLabel("Account number").fill("123");
    await f.getByLabel("Routing number").fill("021000022");
    await f.getByLabel("Bank name").fill("Bank of Boston");
    const owner = f.getByRole("group", { name: "Account owner's address" });
    await fillAddress(owner, page, {
      street: "Fifth Avenue",
      city: "New York",
      state: "ZZ",
      postal: "1011",
      country: ["United States", /^United States \(USA\)/],
    });
    await save(page);
    await expect(fieldError(page, "rc-us_bank_account-account_owner_name")).toHaveText(/^For ACH the name may use only printable ASCII/);
    await expect(fieldError(page, "rc-us_bank_account-account_number")).toHaveText("Enter the account number: 4 to 17 digits.");
    await expect(fieldError(page, "rc-us_bank_account-routing_number")).toHaveText(/routing-number checksum/);
    await expect(fieldError(page, "rc-us_bank_account-address-state")).toHaveText("This is not a US state code (ISO 3166-2:US), e.g. NY or CA.");
    await expect(fieldError(page, "rc-us_bank_account-address-postal_code")).toHaveText("Enter a US ZIP code: 12345 or 12345-6789.");

    // Wires have their own name rule and need a street number.
    await choose(f, page, "Payout scheme", "Wire");
    await f.getByLabel("Account owner's name").fill("Amaka Obi #1");
    await save(page);
    await expect(fieldError(page, "rc-us_bank_account-account_owner_name")).toHaveText(/^For wire the name may use only letters/);
    await expect(fieldError(page, "rc-us_bank_account-address-street_line_1")).toHaveText("Wires to US addresses need a street number, e.g. 350 Fifth Avenue.");

    await f.getByLabel("Account owner's name").fill("Amaka Obi");
    await f.getByLabel("Account number").fill(String(randomInt(10 ** 9, 10 ** 10)));
    await f.getByLabel("Routing number").fill("011000015");
    await owner.getByLabel("Street line 1").fill("350 Fifth Avenue");
    await owner.getByLabel("State or region").fill("NY");
    await owner.getByLabel("Postal code").fill("10118");

    // A tier 1 customer is refused before sending; a tier 2 one without a banking partner by the provider.
    await search(f, page, "Customer", "Segun", /Segun Alabi/);
    await save(page);
    await expect(fieldError(page, "rc-customer_id")).toHaveText(/^This customer has not completed tier 2 verification/);
    await search(f, page, "Customer", "Chioma", /Chioma Nnaji/);
    await save(page);
    await expect(fieldError(page, "rc-customer_id")).toHaveText(/no banking-partner account yet/);

    await search(f, page, "Customer", "Amaka", /Amaka Obi/);
    await expectNoViolations(page, "/recipients/new (US bank account)");
    await save(page);
    const id = await savedId(page);
    await expect(page.getByTestId("recipient-account")).toContainText("WIRE");
    await expect(page.getByTestId("recipient-account")).toContainText("011000015");
    await expect(page.getByTestId("recipient-summary")).toContainText("Amaka Obi");
    const stored = (await providerRecipients(request, "US_BANK_ACCOUNT")).find((r) => r.id === id);
    expect(stored?.customer_id).toBeTruthy();
  });

  test("an operator saves a SWIFT bank account; IBAN, BIC, names, purpose and addresses are checked first", async ({ page, request }) => {
    await openForm(page, "SWIFT bank account");
    const f = form(page);
    await search(f, page, "Customer", "Amaka", /Amaka Obi/);
    await choose(f, page, "Owner type", "Business");
    await f.getByLabel("Account owner's name").fill("Osei Imports Ltd");
    await f.getByLabel("IBAN").fill("GB82 WEST 1234 5698 7654 33");
    await f.getByLabel("BIC").fill("NWBKXX2L");
    await search(f, page, "Account country", "United Kingdom", /^United Kingdom \(GBR\)/);
    await choose(f, page, "Category", "Supplier");
    await f.getByLabel("Business description").fill("Cocoa processing");
    await fillAddress(f.getByRole("group", { name: "Account owner's address" }), page, {
      street: "1 Churchill Place",
      city: "London",
      country: ["United Kingdom", /^United Kingdom \(GBR\)/],
    });
    const bank = f.getByRole("group", { name: "Bank's address" });
    await fillAddress(bank, page, { street: "250 Bishopsgate", city: "London", postal: "EC2M 4AA", country: ["United Kingdom", /^United Kingdom \(GBR\)/] });
    await save(page);
    await expect(fieldError(page, "rc-swift_bank_account-iban")).toHaveText(/mod-97 check/);
    await expect(fieldError(page, "rc-swift_bank_account-bic")).toHaveText(/^Enter a valid BIC/);
    await expect(fieldError(page, "rc-swift_bank_account-business_name")).toHaveText("Enter the business's registered name.");
    await expect(page.locator("#rc-purpose-error")).toHaveText("Choose at least one purpose of funds.");
    await expect(fieldError(page, "rc-swift_bank_account-address-postal_code")).toHaveText("Enter the postal code: this country uses postal codes.");

    const iban = freshIban();
    await f.getByLabel("IBAN").fill(iban);
    await f.getByLabel("BIC").fill("NWBKGB2L");
    await f.getByLabel("Business name").fill("Osei Imports Ltd");
    await f.getByLabel("Invoice for goods and services").check();
    await f.getByRole("group", { name: "Account owner's address" }).getByLabel("Postal code").fill("E14 5HP");
    await expectNoViolations(page, "/recipients/new (SWIFT)");
    await save(page);
    const id = await savedId(page);
    await expect(page.getByTestId("recipient-account")).toContainText(`••••${iban.slice(-4)}`);
    await expect(page.getByTestId("recipient-account")).not.toContainText(iban);
    await expect(page.getByTestId("recipient-account")).toContainText("Invoice for goods and services");
    expect((await providerRecipients(request, "SWIFT_BANK_ACCOUNT")).some((r) => r.id === id)).toBe(true);
  });

  test("every other rule of the US form is refused on its own field before anything is sent", async ({ page, request }) => {
    test.setTimeout(60_000);
    const before = (await providerRecipients(request, "US_BANK_ACCOUNT")).length;
    const us = (name: string) => fieldError(page, `rc-us_bank_account-${name}`);

    await openForm(page, "US bank account");
    const f = form(page);
    await choose(f, page, "Payout scheme", "ACH");
    const owner = f.getByRole("group", { name: "Account owner's address" });
    // The country first: once a field has been left invalid, its message appears on blur and moves
    // the fields below it while they are being clicked.
    await search(owner, page, "Country", "United States", /^United States \(USA\)/);
    await owner.getByLabel("Street line 1").fill("1 A");
    await owner.getByLabel("Street line 2").fill("x".repeat(36));
    // Leaving the field shows its message; wait for it so the Save button has stopped moving.
    await owner.getByLabel("Street line 2").blur();
    await expect(us("address-street_line_2")).toHaveText("The second street line can be at most 35 characters.");
    await save(page);
    await expect(us("account_owner_name")).toHaveText("Enter the account owner's name (at most 256 characters).");
    await expect(us("bank_name")).toHaveText("Enter the bank's name (at most 256 characters).");
    await expect(us("account_type")).toHaveText("Choose checking or savings.");
    await expect(us("address-street_line_1")).toHaveText("Enter the street and number: 4 to 35 characters.");
    await expect(us("address-street_line_2")).toHaveText("The second street line can be at most 35 characters.");
    await expect(us("address-city")).toHaveText("Enter the city.");
    await expect(us("address-state")).toHaveText("Choose the state: US addresses need the ISO 3166-2 code, e.g. NY.");
    await f.getByLabel("Account owner's name").fill("x".repeat(257));
    await save(page);
    await expect(us("account_owner_name")).toHaveText("Enter the account owner's name (at most 256 characters).");
    expect((await providerRecipients(request, "US_BANK_ACCOUNT")).length).toBe(before);
  });

  test("every other rule of the SWIFT form is refused on its own field before anything is sent", async ({ page, request }) => {
    test.setTimeout(60_000);
    const before = (await providerRecipients(request, "SWIFT_BANK_ACCOUNT")).length;
    const swift = (name: string) => fieldError(page, `rc-swift_bank_account-${name}`);

    await openForm(page, "SWIFT bank account");
    await save(page);
    await expect(swift("account_owner_name")).toHaveText("Enter the account owner's name (at most 256 characters).");
    await expect(swift("account_owner_type")).toHaveText("Choose individual or business.");
    await expect(swift("account_country")).toHaveText("Choose the country of the account.");
    await expect(swift("category")).toHaveText("Choose how this recipient relates to you.");
    await expect(swift("short_business_description")).toHaveText("Describe the recipient's business in a few words.");
    await expect(swift("address-country")).toHaveText("Choose the country.");
    await expect(swift("bank_address-city")).toHaveText("Enter the city.");

    const g = form(page);
    await choose(g, page, "Owner type", "Individual");
    await g.getByLabel("Bank name").fill("b".repeat(257));
    const address = g.getByRole("group", { name: "Account owner's address" });
    await fillAddress(address, page, {
      street: "1 Churchill Place",
      city: "London",
      state: "abcd",
      postal: "E14 5HP E14 5HP E1",
      country: ["United Kingdom", /^United Kingdom \(GBR\)/],
    });
    await save(page);
    await expect(swift("first_name")).toHaveText("Enter the account owner's first name.");
    await expect(swift("last_name")).toHaveText("Enter the account owner's last name.");
    await expect(swift("bank_name")).toHaveText("The bank's name can be at most 256 characters.");
    await expect(swift("address-state")).toHaveText("Enter the ISO 3166-2 subdivision code: 1 to 3 capital letters or digits, or leave it empty.");
    await expect(swift("address-postal_code")).toHaveText("The postal code can be at most 16 characters.");

    expect((await providerRecipients(request, "SWIFT_BANK_ACCOUNT")).length).toBe(before);
  });

  test("the list filters by type and searches by name and last four digits, in the URL", async ({ page }) => {
    await gotoHydrated(page, "/recipients");
    await expect(page.getByRole("heading", { level: 1, name: "Recipients" })).toBeVisible();
    await expectNoViolations(page, "/recipients");

    await chooseFilter(page, "Type", "US bank account");
    await expect(page).toHaveURL(/[?&]type=US_BANK_ACCOUNT/);
    await expect(page.getByTestId("recipient-row").first()).toBeVisible();
    await expect(page.getByTestId("recipient-row").filter({ hasNotText: "US bank account" })).toHaveCount(0);

    await chooseFilter(page, "Type", "All types");
    await page.getByRole("searchbox", { name: "Search", exact: true }).fill("adaeze");
    await expect(page).toHaveURL(/[?&]q=adaeze/);
    await expect(page.getByTestId("recipient-row")).toHaveCount(1);
    await expect(page.getByTestId("recipient-row")).toContainText("Adaeze Okonkwo");
    await expect(page.getByTestId("recipient-row")).toContainText("••••0031");

    // The seeded SWIFT recipient's IBAN ends in 3000.
    await page.getByRole("searchbox", { name: "Search", exact: true }).fill("3000");
    await expect(page).toHaveURL(/[?&]q=3000/);
    await expect(page.getByTestId("recipient-row")).toHaveCount(1);
    await expect(page.getByTestId("recipient-row")).toContainText("Bakare Trading GmbH");
    await reloadHydrated(page);
    await expect(page.getByRole("searchbox", { name: "Search", exact: true })).toHaveValue("3000");
    await expect(page.getByTestId("recipient-row")).toHaveCount(1);

    await page.getByRole("searchbox", { name: "Search", exact: true }).fill("nobody by this name");
    await expect(page.getByTestId("recipients-empty")).toContainText("No recipients match this type or search");
    await page.getByRole("button", { name: "Clear filters" }).click();
    await expect(page).not.toHaveURL(/[?&]q=/);
    await expect(page.getByTestId("recipient-row").first()).toBeVisible();
  });

  test("the detail of a seeded US recipient shows its own object only, with the number masked", async ({ page }) => {
    await gotoHydrated(page, "/recipients?type=US_BANK_ACCOUNT&q=amaka");
    await page.getByRole("link", { name: "Amaka Obi" }).first().click();
    await expect(page).toHaveURL(/\/recipients\/[0-9a-f-]{36}$/);
    const account = page.getByTestId("recipient-account");
    await expect(account).toContainText("••••");
    await expect(account).not.toContainText("000123456789");
    await expect(page.getByRole("heading", { name: "US bank account" })).toBeVisible();
    await expect(page.getByTestId("recipient-summary")).toContainText("Created");
    await expectNoViolations(page, "/recipients/[id]");
  });
});

test.describe("recipients as a viewer", () => {
  test.use({ storageState: storageStateOf("viewer") });

  test("sees the list and a detail, but no way to create one", async ({ page }) => {
    await gotoHydrated(page, "/recipients");
    await expect(page.getByTestId("recipient-row").first()).toBeVisible();
    await expect(page.getByRole("link", { name: "New recipient" })).toHaveCount(0);
    await page.getByTestId("recipient-row").first().getByRole("link").click();
    await expect(page.getByTestId("recipient-summary")).toBeVisible();
    await page.goto("/recipients/new");
    await expect(page).toHaveURL(/\/forbidden$/);
  });
});
