import { expect, test } from "./fixtures";
import { emulatorUrl, simulateDeposit } from "./emulator";
import { gotoHydrated, reloadHydrated } from "./helpers";
import { storageStateOf } from "./roles";

/**
 * The provider adds enum values and fields before its documents name them. A deposit the emulator's
 * control API has moved to an undocumented status, with an undocumented field, must still show on
 * its list and detail pages, raw, with a neutral badge, and the list's filter must keep working.
 */
test.describe("drift", () => {
  test.use({ storageState: storageStateOf("operator") });

  test("a deposit with an undocumented status and field renders raw on the list and detail pages", async ({ page, request }) => {
    const id = await simulateDeposit(request, "COMPLETED");
    const drifted = await request.post(`${emulatorUrl()}/__emulator/drift/${id}`, { data: { status: "ON_HOLD", fields: { hold_reason: "compliance_check" } } });
    expect(drifted.ok(), await drifted.text()).toBe(true);

    // Pages read the local copy: the drift (no webhook) reaches it with the next sweep of the list,
    // which an open page asks for every few seconds.
    test.setTimeout(75_000);
    await gotoHydrated(page, `/deposits/${id}`);
    const status = page.getByTestId("deposit-status");
    await expect(async () => {
      await reloadHydrated(page);
      await expect(status).toContainText("ON_HOLD", { timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    await expect(status.locator('[data-variant="secondary"]')).toHaveText("ON_HOLD");
    await expect(page.getByTestId("deposit-other-fields")).toContainText("hold_reason: compliance_check");

    // The list shows it from the same copy.
    const row = page.getByTestId("deposit-row").filter({ hasText: id });
    await gotoHydrated(page, "/deposits");
    await expect(async () => {
      await reloadHydrated(page);
      await expect(row).toContainText("ON_HOLD", { timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    await expect(row.locator('[data-variant="secondary"]').first()).toHaveText("ON_HOLD");

    // A link filtering by the new status: the list says it cannot filter by it and shows every status.
    await gotoHydrated(page, "/deposits?status=ON_HOLD");
    await expect(page.getByTestId("deposits-filter-ignored")).toContainText("“ON_HOLD” is not a status the provider's deposit list can filter by");
    await expect(page.getByLabel("Status", { exact: true })).toHaveValue("");
    await expect(row).toContainText("ON_HOLD");
    // The documented filters still work beside it.
    await page.getByLabel("Status", { exact: true }).selectOption("COMPLETED");
    await expect(page).toHaveURL(/status=COMPLETED/);
    await expect(page.getByTestId("deposits-filter-ignored")).toHaveCount(0);
    await expect(row).toHaveCount(0);
  });
});
