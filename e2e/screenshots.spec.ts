/**
 * The README's screenshots, made by the suite: every page of the navigation (lib/nav.ts, so a new
 * page gets its picture the day it is added) as the demo admin, plus the sign-in page, saved as
 * <page>.png. Names come from the path, so a run replaces the same files. A plain test run writes
 * them under .test-run/screenshots (ignored), so running the tests never changes tracked files;
 * `SCREENSHOTS=update npm test` refreshes the committed ones in docs/screenshots.
 */
import path from "node:path";
import { expect, test, type Page } from "./fixtures";
import { NAV } from "../lib/nav";
import { SIGNED_OUT, gotoHydrated } from "./helpers";
import { storageStateOf } from "./roles";

const DIR = path.resolve(__dirname, process.env.SCREENSHOTS === "update" ? "../docs/screenshots" : "../.test-run/screenshots");
const PAGES = [...new Set(NAV.flatMap((area) => area.items.map((item) => item.href)))];

/** "/" -> overview, "/settings/api-keys" -> settings-api-keys. */
const screenshotName = (href: string) =>
  href === "/"
    ? "overview"
    : href
        .replace(/^\//, "")
        .replace(/[^a-z0-9]+/gi, "-")
        .toLowerCase();

async function shoot(page: Page, href: string) {
  await gotoHydrated(page, href);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // Loaded, not a skeleton: every loading placeholder has been replaced by the page's data.
  await expect(page.locator('[data-slot="skeleton"]')).toHaveCount(0, { timeout: 20_000 });
  await page.screenshot({ path: path.join(DIR, `${screenshotName(href)}.png`), animations: "disabled", caret: "hide" });
}

test.describe("screenshots for the README", () => {
  // Each test reads on its own (no shared state, no order): the project's two workers split them.
  test.describe.configure({ mode: "parallel" });
  test.use({ viewport: { width: 1440, height: 900 }, colorScheme: "light" });

  test.describe("signed out", () => {
    test.use(SIGNED_OUT);
    test("the sign-in page", async ({ page }) => {
      await shoot(page, "/sign-in");
    });
  });

  test.describe("as the demo admin", () => {
    test.use({ storageState: storageStateOf("admin") });
    for (const href of PAGES) {
      test(`${href}`, async ({ page }) => {
        test.setTimeout(60_000);
        await shoot(page, href);
      });
    }
  });
});
