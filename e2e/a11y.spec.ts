import { expect, test, expectNoViolations } from "./fixtures";
import { navFor } from "../lib/nav";
import { reloadHydrated } from "./helpers";
import { ROLES, storageStateOf } from "./roles";

// Every page in the sidebar for that role (so a new page is checked the day it is added), plus
// the page a role sees when it is refused.
const pagesFor = (role: (typeof ROLES)[number]) => [...navFor(role).flatMap((area) => area.items.map((item) => item.href)), "/forbidden"];

test.describe("accessibility (axe)", () => {
  // Each test reads on its own (no shared state, no order): the project's two workers split them.
  test.describe.configure({ mode: "parallel" });
  test("sign-in page, in light and dark themes", async ({ page }) => {
    await page.goto("/sign-in");
    await expectNoViolations(page, "/sign-in");
    await page.emulateMedia({ colorScheme: "dark" });
    await reloadHydrated(page);
    await expectNoViolations(page, "/sign-in (dark)");
  });

  test("the not-found page (app/not-found.tsx)", async ({ browser }) => {
    // Signed out, an unknown address goes to sign-in; signed in, it is the root not-found page.
    const context = await browser.newContext({ storageState: storageStateOf("viewer") });
    const page = await context.newPage();
    const res = await page.goto("/no-such-page-anywhere");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expectNoViolations(page, "not found");
    await context.close();
  });

  test("invite page", async ({ page }) => {
    await page.goto("/invite/not-a-real-token-but-long-enough");
    await expectNoViolations(page, "/invite");
  });

  // A real seeded deposit (pages outside the sidebar are listed here by hand): a flagged one, where
  // an approver also sees the decision form and a viewer only reads it, and a crypto one with its
  // explorer link.
  const depositCases = [
    ["approver", "/deposits?status=REQUIRES_REVIEW"],
    ["viewer", "/deposits?status=REQUIRES_REVIEW"],
    ["viewer", "/deposits?type=CRYPTO_DEPOSIT"],
  ] as const;
  for (const [role, list] of depositCases) {
    test(`a deposit's detail from ${list} as ${role}`, async ({ browser }) => {
      const context = await browser.newContext({ storageState: storageStateOf(role) });
      const page = await context.newPage();
      await page.goto(list);
      await page
        .getByTestId("deposit-row")
        .first()
        .getByRole("link", { name: /^Deposit / })
        .click();
      await expect(page).toHaveURL(/\/deposits\/[^/?]+$/);
      await expect(page.getByRole("heading", { level: 1, name: "Deposit" })).toBeVisible();
      await expect(page.getByRole("region", { name: /timeline/i })).toBeVisible();
      await expectNoViolations(page, `${page.url()} as ${role}`);
      await context.close();
    });
  }

  for (const role of ROLES) {
    // Every page as the admin (who sees every control) and as the viewer (who sees each page's
    // read-only and disabled states); an operator's or approver's page shows a subset of the
    // admin's controls, so checking it again doubled the suite's time without covering new markup.
    for (const path of role === "admin" || role === "viewer" ? pagesFor(role) : []) {
      test(`${path} as ${role}`, async ({ browser }) => {
        const context = await browser.newContext({ storageState: storageStateOf(role) });
        const page = await context.newPage();
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expectNoViolations(page, `${path} as ${role}`);
        await context.close();
      });
    }

    test(`the overview in the dark theme as ${role}`, async ({ browser }) => {
      const context = await browser.newContext({ storageState: storageStateOf(role), colorScheme: "dark" });
      const page = await context.newPage();
      await page.goto("/");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoViolations(page, "/ (dark)");
      await context.close();
    });
  }
});
