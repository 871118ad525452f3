import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { storageStateOf } from "./roles";

test.use({ storageState: storageStateOf("admin") });

// The emulator's seeded full-access sandbox key for the demo merchant (public test data).
const DEMO_SANDBOX_KEY = "sk_sandbox_demo_full_4f9c2a7e1b3d";

function emulatorUrl(): string {
  const url = process.env.E2E_EMULATOR_URL;
  if (!url) throw new Error("E2E_EMULATOR_URL is not set: run this spec through `npm test`, which starts the emulator.");
  return url;
}

/** Simulates a completed deposit on the first ACTIVE funding account that can settle; returns its id. */
async function simulateCompletedDeposit(request: APIRequestContext): Promise<string> {
  const base = emulatorUrl();
  const list = await request.get(`${base}/v1/funding-accounts?status=ACTIVE&limit=50`, { headers: { "X-Api-Key": DEMO_SANDBOX_KEY } });
  expect(list.ok(), await list.text()).toBe(true);
  const accounts = ((await list.json()) as { data: { id: string }[] }).data;
  expect(accounts.length, "the emulator seed has an ACTIVE funding account").toBeGreaterThan(0);
  const refusals: string[] = [];
  for (const account of accounts) {
    const res = await request.post(`${base}/v1/sandbox/deposits`, {
      headers: { "X-Api-Key": DEMO_SANDBOX_KEY, "X-Idempotency-Key": randomUUID() },
      data: { funding_account_id: account.id, scenario: "COMPLETED" },
    });
    if (res.status() === 201) {
      const { message } = (await res.json()) as { message: string };
      const id = /Sandbox deposit ([0-9a-f-]{36}) received/.exec(message)?.[1];
      expect(id, message).toBeTruthy();
      return id!;
    }
    // An account whose settlement destination is incomplete cannot take a COMPLETED deposit; try the next.
    refusals.push(`${account.id}: ${res.status()} ${await res.text()}`);
  }
  throw new Error(`No ACTIVE funding account accepted a COMPLETED deposit:\n${refusals.join("\n")}`);
}

test.describe("event log", () => {
  test("a simulated deposit's events appear with payload, headers and CSV export", async ({ page, request }) => {
    test.setTimeout(60_000);
    const depositId = await simulateCompletedDeposit(request);

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
      await page.reload();
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

    const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.help}`), "axe violations on /events").toEqual([]);

    // CSV of the same filtered set.
    const exportLink = page.getByRole("link", { name: "Export CSV" });
    await expect(exportLink).toHaveAttribute("href", `/api/events/export?q=${depositId}`);
    const [download] = await Promise.all([page.waitForEvent("download"), exportLink.click()]);
    expect(download.suggestedFilename()).toMatch(/^events-sandbox-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await fs.readFile((await download.path())!, "utf8");
    const lines = csv.trim().split("\r\n");
    expect(lines[0]).toBe("received_at,occurred_at,environment,surface,event,received_as,resource_type,resource_id,resource_status,provider_event_id,deliveries,signature,payload");
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
});
