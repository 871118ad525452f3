import { expect, type Browser, type Locator, type Page } from "@playwright/test";
import { storageStateOf } from "./roles";

/** A context with no session, even inside a file that signs in with test.use({ storageState }). */
export const SIGNED_OUT = { storageState: { cookies: [], origins: [] } };

/** A list toolbar's filter (the browser's own select): picks the option shown with this label. */
export async function chooseFilter(scope: Page | Locator, label: string, option: string | RegExp): Promise<void> {
  const select = scope.getByRole("combobox", { name: label, exact: true });
  if (typeof option === "string") {
    await select.selectOption({ label: option });
    return;
  }
  const labels = (await select.locator("option").allTextContents()).map((l) => l.trim());
  const match = labels.find((l) => option.test(l));
  if (!match) throw new Error(`The ${label} filter has no option matching ${option}: ${labels.join(", ")}`);
  await select.selectOption({ label: match });
}

/** The option a list toolbar's filter shows as chosen. */
export const chosenFilter = (scope: Page | Locator, label: string): Locator =>
  scope.getByRole("combobox", { name: label, exact: true }).locator("option:checked");

/** As an admin on the team page: adds a teammate and returns their one-time invite link. */
export async function addTeammate(page: Page, name: string, email: string, role: string): Promise<string> {
  await page.goto("/settings/team");
  await page.getByRole("button", { name: "Add teammate" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByRole("combobox", { name: "Role" }).click();
  await page.getByRole("option", { name: role }).click();
  await dialog.getByRole("button", { name: "Add and create link" }).click();
  const link = (await dialog.getByTestId("invite-link").textContent())!;
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(page.getByTestId(`team-row-${email}`)).toBeVisible();
  return link;
}

/** Spends an invite link in a fresh browser and signs in; returns the signed-in page. */
export async function acceptAndSignIn(browser: Browser, link: string, email: string, password: string): Promise<Page> {
  const context = await browser.newContext(SIGNED_OUT);
  const page = await context.newPage();
  await page.goto(link);
  await page.getByLabel("New password").fill(password);
  await page.getByLabel("Repeat the password").fill(password);
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(page.getByText(`Your password is set for ${email}.`)).toBeVisible();
  await signIn(page, email, password);
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  return page;
}

export async function signIn(page: Page, email: string, password: string) {
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** Opens a page and waits until React has hydrated it, so typed values reach the forms' state. */
export async function gotoHydrated(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await waitForHydration(page);
}

/** Reloads and waits as gotoHydrated does; until then a streamed page may hold a hidden copy of its content. */
export async function reloadHydrated(page: Page): Promise<void> {
  await page.reload();
  await waitForHydration(page);
}

/**
 * Hydrated, and every streamed section in place. A section that streams in after the shell waits
 * in a hidden holder (`div[hidden][id^="S:"]`) beside its placeholder (`template[id^="B:"]`), and
 * React's streaming script queues the swap (`window.$RB`) and runs it up to 300 ms later. If the
 * page's own render replaces the section first, the placeholder goes at once but the holder, a
 * second hidden copy of the section, stays until the queued swap runs. So: no placeholder and
 * nothing queued. (A holder whose section ended in a not-found is never swapped: it stays, empty.)
 * A section in place hydrates once its scripts are in, which may be after the shell said it was
 * ready; until then its controls carry no React fiber, and a form typed into would lose the value
 * when its fields take their defaults. So: every control a person can use hydrated too (React's own
 * hidden inputs for a server action's form without JavaScript are never hydrated, nor is a form
 * `formOnInput` keeps as the server's HTML until the first input, when it takes what was typed).
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.documentElement.dataset.hydrated === "true" &&
      !document.querySelector('template[id^="B:"]') &&
      !(window as { $RB?: unknown[] }).$RB?.length &&
      [...document.querySelectorAll("input:not([type=hidden]), select, textarea, button")].every(
        (el) => el.closest('[data-form-on-input=""]') || Object.keys(el).some((k) => k.startsWith("__reactFiber$")),
      ),
  );
}

/**
 * Holds back the page's scripts (stylesheets still load) until the returned function is called: a
 * person then acts on the server's HTML before the code that answers is in.
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const mayLoad = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_next\/static\/chunks\/.*\.js(\?|$)/, async (route) => {
    await mayLoad;
    await route.continue();
  });
  return release;
}

/**
 * A loosened control (an API key, the outbound webhook address, a higher limit) waits for a second
 * person: approves the waiting change whose summary matches, as the demo approver in the Approvals
 * inbox, and waits until it is applied.
 */
export async function approveAsSecondPerson(browser: Browser, summary: string | RegExp): Promise<void> {
  const context = await browser.newContext({ storageState: storageStateOf("approver") });
  const page = await context.newPage();
  try {
    await gotoHydrated(page, "/approvals");
    const row = page.getByTestId("approvals-waiting").getByTestId("approval-row").filter({ hasText: summary }).first();
    await expect(row).toBeVisible({ timeout: 25_000 });
    await row.getByTestId("approve-open").click();
    await page.getByTestId("approve-dialog").getByTestId("approve-confirm").click();
    await expect(page.getByText(/^Approved and applied: /)).toBeVisible();
  } finally {
    await context.close();
  }
}

/** An amount of US dollars as the app shows it: "$1,234.50". */
export const usd = (amount: string) => `$${Number(amount).toLocaleString("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** As an admin on the approvals settings: requests of one kind above this USD amount wait for a second approver. */
export async function setUsdThreshold(page: Page, kind: { label: string; value: string }, amount: string): Promise<void> {
  await gotoHydrated(page, "/settings/approvals");
  const form = page.getByTestId("threshold-form");
  await form.getByLabel("Currency").fill("USD");
  await form.getByRole("combobox", { name: "Applies to" }).click();
  await page.getByRole("option", { name: kind.label }).click();
  await form.getByLabel("Approval needed above").fill(amount);
  await form.getByTestId("threshold-save").click();
  await expect(page.locator(`[data-testid="threshold-row"][data-currency="USD"][data-kind="${kind.value}"]`)).toContainText(usd(amount));
}

/** A request's row on the Approvals page: among the person's own requests, or among those waiting for them. */
export const approvalRow = (page: Page, list: "mine" | "waiting", hasText: string | RegExp): Locator =>
  page.getByTestId(`approvals-${list}`).getByTestId("approval-row").filter({ hasText });

/**
 * The seeded recipient every transfer test pays: its name and its account's last four digits, since
 * another spec may save a new account the emulator resolves to the same name.
 */
export const SEEDED_RECIPIENT = /Adaeze Okonkwo.*0031/;

/** Picks a saved recipient on the transfer form through the searchable list, by typing part of it. */
export async function chooseRecipient(page: Page, search: string, option: RegExp = SEEDED_RECIPIENT): Promise<void> {
  await page.getByRole("combobox", { name: "Recipient" }).click();
  await page.getByRole("combobox", { name: "Search recipients" }).fill(search);
  await page.getByRole("option", { name: option }).click();
}
