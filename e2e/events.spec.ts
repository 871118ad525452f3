import fs from "node:fs/promises";
import { expect, expectNoViolations, test } from "./fixtures";
import { simulateDeposit } from "./emulator";
import { reloadHydrated } from "./helpers";
import { storageStateOf } from "./roles";

test.use({ storageState: storageStateOf("admin") });

/** A downloaded CSV's text, after checking it opens with the UTF-8 BOM Excel needs. */
async function csvOf(file: string | null): Promise<string> {
  const bytes = await fs.readFile(file!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return bytes.subarray(3).toString("utf8");
}

test.describe("event log", () => {
  test("a simulated deposit's events appear with payload, headers and CSV export", async ({ page, request }) => {
    test.setTimeout(60_000);
    const depositId = await simulateDeposit(request, "COMPLETED");

    // Searching by the deposit id (a filter kept in the URL); reloads until the webhooks landed.
    const rows = page.getByTestId("event-row").filter({ hasText: depositId });
    await expect(async () => {
      await page.goto(`/events?q=${depositId}`);
      await expect(rows.filter({ hasText: "deposit.received" })).toHaveCount(1, { timeout: 1_000 });
      await expect(rows.filter({ hasText: "deposit.completed" })).toHaveCount(1, { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await expect(page.getByRole("heading", { level: 1, name: "Events" })).toBeVisible();
    await expect(page.getByLabel("Resource id")).toHaveValue(depositId);

    // The older name (deposit.settled) of the same change is folded into the one row; wait for it.
    const completed = rows.filter({ hasText: "deposit.completed" });
    await expect(async () => {
      await reloadHydrated(page);
      await expect(completed).toContainText("2×", { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await expect(completed).toContainText("COMPLETED");

    // The raw payload and delivery headers, opened from the keyboard.
    const toggle = completed.getByRole("button", { name: "Show payload of deposit.completed" });
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(completed.getByRole("button", { name: "Hide payload of deposit.completed" })).toHaveAttribute("aria-expanded", "true");
    const detail = page.getByTestId("event-detail");
    await expect(detail.getByLabel("Payload of deposit.completed")).toContainText(`"id": "${depositId}"`);
    await expect(detail.getByLabel("Payload of deposit.completed")).toContainText('"status": "COMPLETED"');
    await expect(detail.getByLabel("Headers of deposit.completed")).toContainText('"x-daya-signature"');
    await expect(detail.getByLabel("Headers of deposit.completed")).toContainText("Daya-Webhook/1.0");

    // Admins also see refused deliveries.
    await expect(page.getByRole("heading", { name: /Refused deliveries/ })).toBeVisible();

    await expectNoViolations(page, "/events");

    // CSV of the same filtered set.
    const exportLink = page.getByRole("link", { name: "Export CSV" });
    await expect(exportLink).toHaveAttribute("href", `/api/events/export?q=${depositId}`);
    const [download] = await Promise.all([page.waitForEvent("download"), exportLink.click()]);
    expect(download.suggestedFilename()).toMatch(/^events-sandbox-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await csvOf(await download.path());
    const lines = csv.trim().split("\r\n");
    expect(lines[0]).toBe(
      "received_at,occurred_at,environment,surface,event,received_as,resource_type,resource_id,resource_status,provider_event_id,deliveries,signature,payload",
    );
    expect(lines.filter((l) => l.includes(depositId))).toHaveLength(2);
    expect(lines.some((l) => l.includes(",deposit.completed,") && l.includes(",COMPLETED,"))).toBe(true);
    expect(lines.some((l) => l.includes(",deposit.received,") && l.includes(",RECEIVED,"))).toBe(true);
  });

  test("filters narrow the list and an empty result says so", async ({ page }) => {
    await page.goto("/events?name=no.such.event");
    await expect(page.getByTestId("events-empty")).toContainText("No events match these filters");
    await page.getByRole("button", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(/\/events$/);
  });

  test.describe("as a viewer", () => {
    test.use({ storageState: storageStateOf("viewer") });

    test("exports the filtered list from the toolbar: the header and the deposit's rows", async ({ page, request }) => {
      test.setTimeout(60_000);
      const depositId = await simulateDeposit(request, "COMPLETED");
      const rows = page.getByTestId("event-row").filter({ hasText: depositId });
      await expect(async () => {
        await page.goto(`/events?q=${depositId}&status=COMPLETED`);
        await expect(rows).toHaveCount(1, { timeout: 1_000 });
      }).toPass({ timeout: 20_000 });
      const exportLink = page.getByTestId("list-export");
      await expect(exportLink).toHaveText("Export CSV");
      await expect(exportLink).toHaveAttribute("href", `/api/events/export?status=COMPLETED&q=${depositId}`);
      const [download] = await Promise.all([page.waitForEvent("download"), exportLink.click()]);
      expect(download.suggestedFilename()).toMatch(/^events-sandbox-\d{4}-\d{2}-\d{2}\.csv$/);
      const [header, ...lines] = (await csvOf(await download.path())).trim().split("\r\n");
      expect(header).toBe(
        "received_at,occurred_at,environment,surface,event,received_as,resource_type,resource_id,resource_status,provider_event_id,deliveries,signature,payload",
      );
      // Only the row the filters on screen show: the completed event, not the received one.
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(`,sandbox,core,deposit.completed,`);
      expect(lines[0]).toContain(`,deposit,${depositId},COMPLETED,`);
    });
  });
});
