import { expect, test } from "./fixtures";
import { signIn, waitForHydration } from "./helpers";
import { DEMO_PASSWORD, emailOf } from "./roles";

test.describe("sign-in", () => {
  test("sends a signed-out visitor to sign-in and back to the page they wanted", async ({ page }) => {
    await page.goto("/settings/audit");
    await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Fsettings%2Faudit/);
    await page.getByLabel("Email").fill(emailOf("admin"));
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
  });

  test("says plainly when the email or password is wrong, keeping the email", async ({ page }) => {
    await page.goto("/sign-in");
    await page.getByLabel("Email").fill(emailOf("viewer"));
    await page.getByLabel("Password").fill("not the password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByTestId("sign-in-error")).toHaveText("The email or password is not right. Check both and try again.");
    await expect(page.getByLabel("Email")).toHaveValue(emailOf("viewer"));
  });

  test("throttles repeated wrong passwords for one account with a clear message", async ({ page }) => {
    await page.goto("/sign-in");
    const email = "locked-out@demo.test";
    for (let i = 0; i < 5; i++) {
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password").fill(`wrong-${i}`);
      // Wait for each answer: the previous attempt's message is still on screen meanwhile.
      await Promise.all([
        page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/sign-in")),
        page.getByRole("button", { name: "Sign in" }).click(),
      ]);
      await expect(page.getByRole("button", { name: "Sign in" })).toBeEnabled();
    }
    await expect(page.getByTestId("sign-in-error")).toHaveText(/Too many failed sign-ins\. Wait 1[45] minutes and try again\./);
  });

  test("signs out from the user menu, and the old session cookie is refused afterwards", async ({ browser }) => {
    // A session of its own: signing out ends it on the server, so the shared storage state must not be used.
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, emailOf("operator"), DEMO_PASSWORD);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await waitForHydration(page);
    const cookies = await context.cookies();
    await page.getByRole("button", { name: /account menu|Olu Operator/i }).click();
    await page.getByRole("menuitem", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/sign-in/);
    await page.goto("/");
    await expect(page).toHaveURL(/\/sign-in/);

    // The cookie as it was before signing out, as a request in flight might set it again.
    const replay = await browser.newContext();
    await replay.addCookies(cookies);
    const again = await replay.newPage();
    await again.goto("/");
    await expect(again).toHaveURL(/\/sign-in/);
    await replay.close();
    await context.close();
  });
});
