import { expect, test } from "./fixtures";
import { navFor } from "../lib/nav";
import { acceptAndSignIn, addTeammate } from "./helpers";
import { storageStateOf } from "./roles";

// Every page in both environments. The demo organization has sandbox keys only, so in production
// each page must open with its heading and a clear sentence instead of data, never an error page,
// and nothing from the sandbox may leak across. A teammate of its own switches environment, so a
// failure here never leaves a shared demo user in production for the other specs.
test("every page an operator can open works in production, with nothing from the sandbox shown", async ({ browser }) => {
  test.setTimeout(180_000);
  const adminContext = await browser.newContext({ storageState: storageStateOf("admin") });
  const admin = await adminContext.newPage();
  const email = `prod-${Date.now().toString(36)}@demo.test`;
  const link = await addTeammate(admin, "Paz Production", email, "Operator");
  await adminContext.close();

  const page = await acceptAndSignIn(browser, link, email, "production check password");
  const sandboxOnly = ["Adaeze Okonkwo", "Simulate deposit"];
  // The same pages in the sandbox first: the words above are really there, so their absence below means something.
  await page.goto("/recipients");
  await expect(page.getByText("Adaeze Okonkwo").first()).toBeVisible();

  await page.getByRole("button", { name: /^Environment/ }).click();
  await page.getByRole("menuitemradio", { name: /production/i }).click();
  await page
    .getByRole("alertdialog")
    .getByRole("button", { name: /production/i })
    .click();
  await expect(page.locator('[data-slot="production-banner"][data-environment="production"]')).toBeVisible();

  for (const href of navFor("operator").flatMap((area) => area.items.map((item) => item.href))) {
    const response = await page.goto(href);
    expect(response?.status(), href).toBeLessThan(500);
    await expect(page.getByRole("heading", { level: 1 }), href).toBeVisible();
    await expect(page.locator('[data-slot="production-banner"][data-environment="production"]'), href).toBeVisible();
    // The error boundary's sentence: an unexpected failure rather than a page that explains itself.
    await expect(page.getByText("give this reference to whoever runs the app"), href).toHaveCount(0);
    for (const word of sandboxOnly) await expect(page.getByText(word), `${href} shows "${word}" in production`).toHaveCount(0);
  }
  await page.context().close();
});
