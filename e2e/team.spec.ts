import fs from "node:fs/promises";
import { expect, test } from "./fixtures";
import { acceptAndSignIn, addTeammate, SIGNED_OUT, signIn, reloadHydrated, chooseFilter, chosenFilter } from "./helpers";
import { emailOf, storageStateOf } from "./roles";

test.use({ storageState: storageStateOf("admin") });

test.describe("team administration", () => {
  test("field errors show on the fields of the add form", async ({ page }) => {
    await page.goto("/settings/team");
    await page.getByRole("button", { name: "Add teammate" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Email").fill("not-an-email");
    await dialog.getByRole("button", { name: "Add and create link" }).click();
    await expect(dialog.getByText("Enter the person's name.")).toBeVisible();
    await expect(dialog.getByText(/Enter a valid email address/)).toBeVisible();
    await expect(dialog.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
  });

  test("an admin adds a teammate, who sets a password with the one-time link and signs in", async ({ page, browser }) => {
    const email = `new-${Date.now()}@demo.test`;
    const link = await addTeammate(page, "Nia New", email, "Operator");
    await expect(page.getByTestId(`team-row-${email}`)).toContainText("Invited");

    const invitee = await acceptAndSignIn(browser, link, email, "a strong new password");
    await expect(invitee.getByTestId("overview-role")).toHaveText("Operator");

    // The link was spent.
    const other = await browser.newContext(SIGNED_OUT);
    const again = await other.newPage();
    await again.goto(link);
    await again.getByLabel("New password").fill("another strong password");
    await again.getByLabel("Repeat the password").fill("another strong password");
    await again.getByRole("button", { name: "Set password" }).click();
    await expect(again.getByRole("alert").filter({ hasText: "expired or was already used" })).toBeVisible();
    await Promise.all([other.close(), invitee.context().close()]);
  });

  test("a role change and a disable apply to the user's open session at once, and are audited", async ({ page, browser }) => {
    const email = `temp-${Date.now()}@demo.test`;
    const link = await addTeammate(page, "Tom Temp", email, "Viewer");
    const them = await acceptAndSignIn(browser, link, email, "temporary password 1");

    await reloadHydrated(page);
    const row = page.getByTestId(`team-row-${email}`);
    await row.getByRole("combobox", { name: "Role of Tom Temp" }).click();
    // Operator: granting approver or admin waits for a second person (e2e/approvals.spec.ts).
    await page.getByRole("option", { name: "Operator" }).click();
    await expect(page.getByText("Tom Temp is now operator.")).toBeVisible();
    await reloadHydrated(them);
    await expect(them).toHaveURL(/\/sign-in/); // older session ended by the role change

    await signIn(them, email, "temporary password 1");
    await expect(them.getByTestId("overview-role")).toHaveText("Operator");

    await row.getByRole("button", { name: "Disable" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Disable" }).click();
    await expect(row).toContainText("Disabled");
    await reloadHydrated(them);
    await expect(them).toHaveURL(/\/sign-in/);
    await signIn(them, email, "temporary password 1");
    await expect(them.getByTestId("sign-in-error")).toHaveText("This account is disabled. Ask an admin of your team.");
    await them.context().close();

    await page.goto("/settings/audit");
    await expect(page.getByTestId("audit-row").filter({ hasText: "team.user_disabled" }).first()).toBeVisible();
    await expect(page.getByTestId("audit-row").filter({ hasText: "team.role_changed" }).first()).toContainText('{"role":"operator"}');
    await expect(page.getByTestId("audit-row").filter({ hasText: "team.user_added" }).first()).toContainText(email);
  });

  test("the last admin cannot be demoted", async ({ page }) => {
    await page.goto("/settings/team");
    const row = page.getByTestId(`team-row-${emailOf("admin")}`);
    await row.getByRole("combobox").click();
    await page.getByRole("option", { name: "Viewer" }).click();
    await expect(row.getByRole("alert")).toHaveText("This is the last admin. Make someone else an admin first.");
    await reloadHydrated(page);
    await expect(row.getByRole("combobox")).toHaveText("Admin");
  });

  test("the audit log filters by action and keeps the filter in the URL", async ({ page }) => {
    await page.goto("/settings/audit");
    await chooseFilter(page, "Action", "auth.sign_in");
    await expect(page).toHaveURL(/action=auth\.sign_in/);
    const rows = page.getByTestId("audit-row");
    await expect(rows.first()).toBeVisible();
    for (const text of await rows.allTextContents()) expect(text).toContain("auth.sign_in");
    await reloadHydrated(page);
    await expect(chosenFilter(page, "Action")).toHaveText("auth.sign_in");
  });

  test("the audit log exports the filtered rows as CSV from the toolbar", async ({ page }) => {
    await page.goto("/settings/audit?action=auth.sign_in");
    await expect(page.getByTestId("audit-row").first()).toBeVisible();
    const exportLink = page.getByRole("link", { name: "Export CSV" });
    await expect(exportLink).toHaveAttribute("href", "/api/audit/export?action=auth.sign_in");
    const [download] = await Promise.all([page.waitForEvent("download"), exportLink.click()]);
    expect(download.suggestedFilename()).toMatch(/^audit-log-sandbox-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = await fs.readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...lines] = bytes.subarray(3).toString("utf8").trim().split("\r\n");
    expect(header).toBe("id,at,actor_email,actor_id,action,target_type,target_id,environment,before,after,request_id,ip,user_agent");
    expect(lines.length).toBeGreaterThan(0);
    // Every row is the filtered action; the admin's own sign-in is among them.
    for (const line of lines) expect(line.split(",")[4]).toBe("auth.sign_in");
    expect(lines.some((l) => l.split(",")[2] === emailOf("admin"))).toBe(true);
  });
});
