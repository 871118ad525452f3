import { expect, test } from "./fixtures";
import { gotoHydrated } from "./helpers";
import { storageStateOf } from "./roles";

test.describe("the shell", () => {
  test.use({ storageState: storageStateOf("approver") });

  test("switching to production shows an unmistakable bar, and back", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByTestId("overview-environment")).toHaveText("Sandbox");
    await page.getByRole("button", { name: /^Environment/ }).click();
    await page.getByRole("menuitemradio", { name: /production/i }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toBeVisible();
    await confirm.getByRole("button", { name: /production/i }).click();
    await expect(page.getByTestId("overview-environment")).toHaveText("Production");
    await expect(
      page
        .getByRole("status")
        .filter({ hasText: /Production/ })
        .first(),
    ).toBeVisible();

    await page.getByRole("button", { name: /^Environment/ }).click();
    await page.getByRole("menuitemradio", { name: /sandbox/i }).click();
    await expect(page.getByTestId("overview-environment")).toHaveText("Sandbox");
  });

  test("is usable by keyboard alone: skip link, command palette, navigation", async ({ page, browser }) => {
    await page.goto("/");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/#main$/);

    const context = await browser.newContext({ storageState: storageStateOf("admin") });
    const admin = await context.newPage();
    await admin.goto("/");
    await admin.keyboard.press("Control+k");
    const palette = admin.getByRole("dialog");
    await expect(palette).toBeVisible();
    // Type only once the search box has focus, and press Enter once the match is the one selected.
    await expect(palette.getByRole("combobox")).toBeFocused();
    await admin.keyboard.type("audit log");
    await expect(palette.getByRole("option", { name: /Audit log/ })).toHaveAttribute("aria-selected", "true");
    await admin.keyboard.press("Enter");
    await expect(admin.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
    await context.close();
  });

  test("a link asks for its page only when followed, and shows at once that it is on its way", async ({ page }) => {
    const prefetched: string[] = [];
    page.on("request", (r) => {
      if (r.headers()["next-router-prefetch"]) prefetched.push(new URL(r.url()).pathname);
    });
    // A list page: the whole navigation and a row link per funding account are on screen.
    await gotoHydrated(page, "/funding-accounts");
    await expect(page.getByTestId("funding-account-row").first()).toBeVisible();
    const transfers = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Transfers", exact: true });
    await transfers.hover();
    await transfers.focus();
    await page.waitForLoadState("networkidle");
    expect(prefetched).toEqual([]);

    // The server's answer held back: the link marks itself until the page is in.
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route(/\/transfers\?_rsc=/, async (route) => {
      await held;
      await route.continue();
    });
    const pendingMark = transfers.locator("[data-slot=link-pending]");
    await expect(pendingMark).toBeHidden();
    await transfers.click();
    await expect(pendingMark).toBeVisible();
    release();
    await expect(page.getByRole("heading", { level: 1, name: "Transfers" })).toBeVisible();
    await expect(pendingMark).toBeHidden();
    expect(prefetched).toEqual([]);
  });

  test("the theme can be changed", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: /theme/i }).click();
    await page
      .getByRole("menuitemradio", { name: /dark/i })
      .or(page.getByRole("menuitem", { name: /dark/i }))
      .first()
      .click();
    await expect(page.locator("html")).toHaveClass(/dark/);
  });
});
