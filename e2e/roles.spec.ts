import { expect, test } from "./fixtures";
import { addTeammate, SIGNED_OUT, reloadHydrated } from "./helpers";
import { ROLES, storageStateOf } from "./roles";

test.describe("what each role may open", () => {
  for (const role of ROLES) {
    test(`${role}: sees only the pages the role allows`, async ({ browser }) => {
      const context = await browser.newContext({ storageState: storageStateOf(role) });
      const page = await context.newPage();
      await page.goto("/");
      const nav = page.getByRole("navigation", { name: /main/i });
      await expect(nav.getByRole("link", { name: "Overview" })).toBeVisible();
      await expect(nav.getByRole("link", { name: "Team" })).toHaveCount(role === "admin" ? 1 : 0);
      await expect(nav.getByRole("link", { name: "Audit log" })).toHaveCount(role === "admin" ? 1 : 0);
      for (const path of ["/settings/team", "/settings/audit"]) {
        await page.goto(path);
        if (role === "admin") await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(/does not open/);
        else await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your role does not open this page");
      }
      await context.close();
    });
  }

  test("a viewer who calls an admin action directly is refused, and nothing changes", async ({ browser }) => {
    // Capture the real server action request an admin's browser sends...
    const adminContext = await browser.newContext({ storageState: storageStateOf("admin") });
    const admin = await adminContext.newPage();
    const email = `target-${Date.now()}@demo.test`;
    await addTeammate(admin, "Tara Target", email, "Operator");
    const row = admin.getByTestId(`team-row-${email}`);
    const requestPromise = admin.waitForRequest((r) => r.method() === "POST" && Boolean(r.headers()["next-action"]));
    await row.getByRole("combobox").click();
    // Down to viewer: a tightening, so it applies at once (granting approver would wait for a second person).
    await admin.getByRole("option", { name: "Viewer" }).click();
    const request = await requestPromise;
    const actionId = request.headers()["next-action"];
    const body = request.postData()!;
    await expect(admin.getByText("Tara Target is now viewer.")).toBeVisible();
    // ...put the operator back...
    await row.getByRole("combobox").click();
    await admin.getByRole("option", { name: "Operator" }).click();
    await expect(admin.getByText("Tara Target is now operator.")).toBeVisible();

    // ...and replay it with a viewer's session: the server refuses, whatever the UI shows.
    const viewerContext = await browser.newContext({ storageState: storageStateOf("viewer") });
    const res = await viewerContext.request.post(request.url(), {
      headers: { "Next-Action": actionId, "Content-Type": request.headers()["content-type"] ?? "text/plain;charset=UTF-8", Accept: "text/x-component" },
      data: body,
    });
    expect(await res.text()).toContain("Your role does not allow this. Ask an admin if you need it.");

    // And without any session at all.
    const anonymous = await browser.newContext(SIGNED_OUT);
    const res2 = await anonymous.request.post(request.url(), {
      headers: { "Next-Action": actionId, "Content-Type": request.headers()["content-type"] ?? "text/plain;charset=UTF-8", Accept: "text/x-component" },
      data: body,
      maxRedirects: 0,
    });
    expect(res2.status()).toBeGreaterThanOrEqual(300); // the proxy sends it to sign-in; the action never runs

    await reloadHydrated(admin);
    await expect(row.getByRole("combobox")).toHaveText("Operator");
    await Promise.all([adminContext.close(), viewerContext.close(), anonymous.close()]);
  });
});
