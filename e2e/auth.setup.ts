import { expect, test as setup } from "./fixtures";
import { DEMO_PASSWORD, emailOf, ROLES, storageStateOf } from "./roles";

for (const role of ROLES) {
  setup(`sign in as ${role}`, async ({ page }) => {
    await page.goto("/sign-in");
    await page.getByLabel("Email").fill(emailOf(role));
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
    await page.context().storageState({ path: storageStateOf(role) });
  });
}
