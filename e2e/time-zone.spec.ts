import type { Browser, BrowserContext, Page } from "@playwright/test";
import { formatDateTime } from "../lib/format";
import { simulateDeposit } from "./emulator";
import { expect, test } from "./fixtures";
import { addTeammate, gotoHydrated, SIGNED_OUT, signIn } from "./helpers";
import { storageStateOf } from "./roles";

// A person of their own, so the zone chosen here never reaches another spec's pages.
const PASSWORD = "a strong time zone password";
const BROWSER_ZONE = "America/New_York";
let context: BrowserContext;
let page: Page;

/** The date (YYYY-MM-DD) an instant falls on in a zone. */
const dayIn = (zone: string, at: string) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(at));

async function newPerson(browser: Browser): Promise<void> {
  const admin = await (await browser.newContext({ storageState: storageStateOf("admin") })).newPage();
  const email = `tz-${Date.now()}@demo.test`;
  const link = await addTeammate(admin, "Zoe Zone", email, "Viewer");
  await admin.context().close();
  // The browser runs in New York; nothing is set on the server yet.
  context = await browser.newContext({ ...SIGNED_OUT, timezoneId: BROWSER_ZONE });
  page = await context.newPage();
  await page.goto(link);
  await page.getByLabel("New password").fill(PASSWORD);
  await page.getByLabel("Repeat the password").fill(PASSWORD);
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(page.getByText(`Your password is set for ${email}.`)).toBeVisible();
  await signIn(page, email, PASSWORD);
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
}

/** The deposit's row in the list, and the time it shows. */
const rowOf = (id: string) => page.getByTestId("deposit-row").filter({ has: page.getByRole("link", { name: `Deposit ${id}` }) });

test.describe.configure({ mode: "serial" });

test.describe("time zone", () => {
  let depositId: string;
  let createdAt: string;

  test.beforeAll(async ({ browser, playwright }) => {
    await newPerson(browser);
    const request = await playwright.request.newContext();
    depositId = await simulateDeposit(request, "COMPLETED");
    await request.dispose();
  });
  test.afterAll(async () => {
    await context?.close();
  });

  test("with no setting, times are in the browser's zone and say so", async () => {
    await gotoHydrated(page, "/settings/time-zone");
    await expect(page.getByTestId("time-zone-current")).toContainText(new RegExp(`Times are shown in ${BROWSER_ZONE} \\(GMT-[45]\\), your browser's zone`));
    const select = page.getByRole("combobox", { name: "Time zone" });
    await expect(select.locator("option:checked")).toHaveText(`Browser's zone (detected: ${BROWSER_ZONE})`);

    await gotoHydrated(page, "/deposits");
    const time = rowOf(depositId).locator("time").first();
    createdAt = (await time.getAttribute("datetime"))!;
    expect(createdAt).toBeTruthy();
    await expect(time).toHaveText(formatDateTime(createdAt, BROWSER_ZONE));
    await expect(time).toHaveText(/GMT-[45]$/);
  });

  test("a chosen zone labels every time, and a date filter's days start and end at that zone's midnight", async () => {
    // At any instant one of these two is on another date than UTC, so the filter tells the zone's day from UTC's.
    for (const [zone, label] of [
      ["Pacific/Kiritimati", "GMT+14"],
      ["Pacific/Pago_Pago", "GMT-11"],
    ] as const) {
      await gotoHydrated(page, "/settings/time-zone");
      await page.getByRole("combobox", { name: "Time zone" }).selectOption(zone);
      await page.getByRole("button", { name: "Save" }).click();
      await expect(page.getByText(`Times are now shown in ${zone}.`)).toBeVisible();
      await expect(page.getByTestId("time-zone-current")).toHaveText(`Times are shown in ${zone} (${label}).`);

      const day = dayIn(zone, createdAt);
      await gotoHydrated(page, `/deposits?from=${day}&to=${day}`);
      await expect(rowOf(depositId).locator("time").first()).toHaveText(formatDateTime(createdAt, zone));
      await expect(rowOf(depositId)).toContainText(label);

      // The day before and the day after, in that zone, leave it out.
      const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      await gotoHydrated(page, `/deposits?from=${next}`);
      await expect(page.getByText("No deposits match these filters").or(page.getByTestId("deposit-row").first())).toBeVisible();
      await expect(rowOf(depositId)).toHaveCount(0);
      const before = new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
      await gotoHydrated(page, `/deposits?to=${before}`);
      await expect(page.getByText("No deposits match these filters").or(page.getByTestId("deposit-row").first())).toBeVisible();
      await expect(rowOf(depositId)).toHaveCount(0);
    }

    // The deposit's own page labels its times the same way.
    await gotoHydrated(page, `/deposits/${depositId}`);
    await expect(page.getByText(formatDateTime(createdAt, "Pacific/Pago_Pago")).first()).toBeVisible();

    // Back to the browser's zone.
    await gotoHydrated(page, "/settings/time-zone");
    await page.getByRole("combobox", { name: "Time zone" }).selectOption({ index: 0 });
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Times now follow your browser's zone.")).toBeVisible();
    await expect(page.getByTestId("time-zone-current")).toContainText(`Times are shown in ${BROWSER_ZONE}`);
  });
});
