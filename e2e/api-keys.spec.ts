import { expect, test, expectNoViolations } from "./fixtures";
import { ageDemoKey } from "./db";
import { approveAsSecondPerson, gotoHydrated, reloadHydrated } from "./helpers";
import { storageStateOf } from "./roles";

// The demo organization's sandbox vault is seeded from the emulator (lib/vault/seed-demo.ts).
// This file leaves it as it found it: the Stocks key it replaces and revokes is added back.
const FULL = "sk_sandbox_demo_full_4f9c2a7e1b3d";
const READONLY = "sk_sandbox_demo_readonly_8e2b6d1c";
const PRO = "daya_sk_demo_pro_5c8e1f4a9b2d";

test.use({ storageState: storageStateOf("admin") });

test.describe("API keys page", () => {
  test("an admin sees the seeded sandbox keys and webhook secrets masked, never in full", async ({ page }) => {
    await gotoHydrated(page, "/settings/api-keys?env=sandbox");
    await expect(page.getByRole("heading", { level: 1, name: "API keys" })).toBeVisible();
    for (const surface of ["core", "coins", "stocks"]) {
      const row = page.getByTestId(`key-row-sandbox-${surface}`);
      await expect(row.getByTestId("key-mask")).toHaveText("sk_sandbox_…1b3d");
      await expect(row).toContainText("Active");
      await expect(row).toContainText("Read");
    }
    await expect(page.getByTestId("key-row-sandbox-pro").getByTestId("key-mask")).toHaveText("daya_sk_…9b2d");
    for (const surface of ["core", "pro"]) {
      await expect(page.getByTestId(`webhook-secret-sandbox-${surface}`).getByTestId("secret-mask")).toHaveText(/^…[0-9a-f]{4}$/);
    }
    const html = await page.content();
    for (const secret of [FULL, PRO]) expect(html).not.toContain(secret);
    await expectNoViolations(page, "/settings/api-keys");

    await page.getByRole("tab", { name: "Production" }).click();
    await expect(page).toHaveURL(/env=production/);
    await expect(page.getByTestId("key-row-production-core")).toContainText("Not set");
  });

  test("a key of the wrong environment is refused on the key field", async ({ page }) => {
    await gotoHydrated(page, "/settings/api-keys?env=production");
    await page.getByRole("button", { name: "Add the Production Core key" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("API key").fill(FULL);
    await dialog.getByRole("button", { name: "Check and save" }).click();
    await expect(dialog.getByText("This is a sandbox key (sk_sandbox_): production keys start with sk_live_. Add it under Sandbox instead.")).toBeVisible();
    await expect(dialog.getByLabel("API key")).toHaveAttribute("aria-invalid", "true");
    await expect(dialog.getByLabel("API key")).toHaveAttribute("type", "password");
    await expectNoViolations(page, "/settings/api-keys add dialog with an error");
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("key-row-production-core")).toContainText("Not set");
  });

  test("an admin replaces a key with another valid one, revokes it, adds one back, and each step is audited", async ({ page, browser }) => {
    test.slow(); // two people: each new key waits for the approver
    await gotoHydrated(page, "/settings/api-keys?env=sandbox");
    const row = page.getByTestId("key-row-sandbox-stocks");

    await row.getByRole("button", { name: "Replace the Sandbox Stocks key" }).click();
    let dialog = page.getByRole("dialog");
    await dialog.getByRole("checkbox", { name: /^Write/ }).click();
    await dialog.getByRole("checkbox", { name: /^Trade/ }).click();
    await dialog.getByLabel("New API key").fill(READONLY);
    await dialog.getByRole("button", { name: "Check and replace" }).click();
    // The new key waits for a second person; the old one stays in use meanwhile.
    const replacing = "Replace the Sandbox Stocks API key …1b3d with …6d1c (scopes Read)";
    await expect(page.getByText(`${replacing}: This loosens a control, so it waits in Approvals for another admin or approver.`)).toBeVisible();
    await expect(row.getByTestId("key-mask")).toHaveText("sk_sandbox_…1b3d");
    // The page itself says the new key is not in force yet, and where it is decided.
    await reloadHydrated(page);
    const pending = page.getByTestId("pending-control-changes");
    await expect(pending).toContainText(`${replacing}, asked by Ada Admin. Another admin or approver decides it.`);
    await expect(pending.getByRole("link", { name: "Open the request" })).toHaveAttribute("href", /^\/approvals\/[\w-]+$/);
    await approveAsSecondPerson(browser, replacing);
    await reloadHydrated(page);
    await expect(page.getByTestId("pending-control-changes")).toHaveCount(0);
    await expect(row.getByTestId("key-mask")).toHaveText("sk_sandbox_…6d1c");
    await expect(row).not.toContainText("Trade");
    await expect(row).toContainText("Ada Admin");

    await row.getByRole("button", { name: "Revoke the Sandbox Stocks key" }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText("sk_sandbox_…6d1c");
    await confirm.getByRole("button", { name: "Revoke" }).click();
    await expect(row).toContainText("Revoked");
    await expect(row).toContainText("by Ada Admin");

    await row.getByRole("button", { name: "Add the Sandbox Stocks key" }).click();
    dialog = page.getByRole("dialog");
    await dialog.getByLabel("API key").fill(FULL);
    await dialog.getByRole("button", { name: "Check and save" }).click();
    const adding = "Add the Sandbox Stocks API key …1b3d (scopes Read, Write, Trade)";
    await expect(page.getByText(`${adding}: This loosens a control, so it waits in Approvals for another admin or approver.`)).toBeVisible();
    await approveAsSecondPerson(browser, adding);
    await reloadHydrated(page);
    await expect(row.getByTestId("key-mask")).toHaveText("sk_sandbox_…1b3d");
    await expect(row).toContainText("Active");

    await page.goto("/settings/audit");
    const audit = page.getByTestId("audit-row");
    await expect(audit.filter({ hasText: "vault.api_key_replaced" }).first()).toContainText('"last4":"6d1c"');
    await expect(audit.filter({ hasText: "vault.api_key_revoked" }).first()).toContainText("6d1c");
    await expect(audit.filter({ hasText: "vault.api_key_added" }).first()).toContainText('"surface":"stocks"');
    const html = await page.content();
    for (const secret of [FULL, READONLY]) expect(html).not.toContain(secret);
  });

  test("each key shows its age; from day 80 a reminder, over 90 days overdue; replacing the key starts its age again", async ({ page, browser }) => {
    test.slow(); // two replacements, each approved by a second person
    const row = page.getByTestId("key-row-sandbox-stocks");
    const reminder = page.getByTestId("key-age-reminder");
    await gotoHydrated(page, "/settings/api-keys?env=sandbox");
    await expect(row.getByTestId("key-age")).toHaveText("Added today");
    await expect(reminder).toHaveCount(0);

    await ageDemoKey("sandbox", "stocks", 85);
    await reloadHydrated(page);
    await expect(row.getByTestId("key-age")).toContainText("85 days");
    await expect(row.getByTestId("key-age")).toContainText("Rotate soon");
    await expect(reminder).toContainText("An API key is 80 days old or more");
    await expect(reminder).toContainText("Sandbox Stocks key, 85 days old");
    await expect(reminder).toContainText("The provider advises replacing API keys every 90 days.");
    await expectNoViolations(page, "/settings/api-keys with a key due for rotation");

    await ageDemoKey("sandbox", "stocks", 95);
    await reloadHydrated(page);
    await expect(row.getByTestId("key-age")).toContainText("95 days");
    await expect(row.getByTestId("key-age")).toContainText("Overdue");
    await expect(reminder).toContainText("An API key is due for rotation");
    await expect(reminder).toContainText("Sandbox Stocks key, 95 days old (overdue)");

    // The dialog starts from the current key's scopes: toggling Write and Trade drops them for the
    // read-only key, and gives them back for the full one.
    const replaceKey = async (key: string, summary: string) => {
      await row.getByRole("button", { name: "Replace the Sandbox Stocks key" }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByRole("checkbox", { name: /^Write/ }).click();
      await dialog.getByRole("checkbox", { name: /^Trade/ }).click();
      await dialog.getByLabel("New API key").fill(key);
      await dialog.getByRole("button", { name: "Check and replace" }).click();
      await approveAsSecondPerson(browser, summary);
      await reloadHydrated(page);
    };
    await replaceKey(READONLY, "Replace the Sandbox Stocks API key …1b3d with …6d1c (scopes Read)");
    await expect(row.getByTestId("key-mask")).toHaveText("sk_sandbox_…6d1c");
    await expect(row.getByTestId("key-age")).toHaveText("Added today");
    await expect(reminder).toHaveCount(0);

    // Back to the seeded key, so the other tests find the slot as it was.
    await replaceKey(FULL, "Replace the Sandbox Stocks API key …6d1c with …1b3d (scopes Read, Write, Trade)");
    await expect(row.getByTestId("key-mask")).toHaveText("sk_sandbox_…1b3d");
    await expect(row).toContainText("Trade");
  });

  test("a key the provider refuses is not saved, with the reason on the field", async ({ page }) => {
    await gotoHydrated(page, "/settings/api-keys?env=sandbox");
    await page.getByTestId("key-row-sandbox-coins").getByRole("button", { name: "Replace the Sandbox Coins key" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("New API key").fill("sk_sandbox_not_a_key_we_issued_1234");
    await dialog.getByRole("button", { name: "Check and replace" }).click();
    await expect(dialog.getByText("The provider does not accept this key: check you copied all of it and that it is not revoked.")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("key-row-sandbox-coins").getByTestId("key-mask")).toHaveText("sk_sandbox_…1b3d");
  });

  test("webhook secrets: set, rotate with the old one still accepted, and stop accepting it early", async ({ page }) => {
    await gotoHydrated(page, "/settings/api-keys?env=production");
    const card = page.getByTestId("webhook-secret-production-core");
    // Unique last four per run, so the assertions hold on a database that has seen earlier runs.
    const tag = () => Math.random().toString(16).slice(2, 6).padEnd(4, "0");
    const [t1, t2] = [tag(), tag()];
    const first = `whsec_e2e_first_${Date.now()}_${t1}`;
    const second = `whsec_e2e_second_${Date.now()}_${t2}`;

    await card.getByRole("button", { name: /^(Set secret for the Production Core webhooks|Rotate the Production Core webhook secret)$/ }).click();
    await page.getByRole("dialog").getByLabel("Webhook secret").fill(first);
    await page
      .getByRole("dialog")
      .getByRole("button", { name: /^(Save|Rotate)$/ })
      .click();
    await expect(card.getByTestId("secret-mask")).toHaveText(`whsec_…${t1}`);

    await card.getByRole("button", { name: "Rotate the Production Core webhook secret" }).click();
    await page.getByRole("dialog").getByLabel("Webhook secret").fill(second);
    await page.getByRole("dialog").getByRole("button", { name: "Rotate" }).click();
    await expect(card.getByTestId("secret-mask")).toHaveText(`whsec_…${t2}`);
    const old = card.getByTestId("secret-in-window").filter({ hasText: `whsec_…${t1}` });
    await expect(old).toContainText("still accepted until");
    await expect(old).toContainText("Rotating");

    await old.getByRole("button", { name: /Stop accepting the old Production Core secret/ }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Stop accepting" }).click();
    await expect(old).toHaveCount(0);
    const html = await page.content();
    for (const secret of [first, second]) expect(html).not.toContain(secret);
  });

  test("is usable with the keyboard alone: a dialog opens, closes and gives focus back", async ({ page }) => {
    await gotoHydrated(page, "/settings/api-keys?env=sandbox");
    const replace = page.getByRole("button", { name: "Replace the Sandbox Core key" });
    await replace.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog")).toBeVisible();
    await expect(page.getByRole("dialog").locator(":focus")).toHaveCount(1);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(replace).toBeFocused();
  });

  test("roles without keys:manage get the forbidden page and no link", async ({ browser }) => {
    for (const role of ["viewer", "operator", "approver"] as const) {
      const context = await browser.newContext({ storageState: storageStateOf(role) });
      const page = await context.newPage();
      await page.goto("/");
      await expect(page.getByRole("navigation", { name: /main/i }).getByRole("link", { name: "API keys" })).toHaveCount(0);
      await page.goto("/settings/api-keys");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your role does not open this page");
      expect(await page.content()).not.toContain("sk_sandbox_…");
      await context.close();
    }
  });
});
