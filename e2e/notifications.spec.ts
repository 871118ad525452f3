import { expect, test, type Browser, type Page } from "./fixtures";
import { chooseRecipient, gotoHydrated } from "./helpers";
import { emailOf, storageStateOf, type E2ERole } from "./roles";

// npm test starts a real SMTP catcher and gives the app SMTP_URL; the catcher's HTTP API is here.
const catcherUrl = () => {
  const url = process.env.E2E_MAIL_CATCHER_URL;
  if (!url) throw new Error("E2E_MAIL_CATCHER_URL is not set: run the suite with npm test, which starts the mail catcher.");
  return url;
};

interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
}

async function mailTo(role: E2ERole, subjectPart: string): Promise<CaughtMail[]> {
  const res = await fetch(`${catcherUrl()}/messages?to=${encodeURIComponent(emailOf(role))}`);
  return ((await res.json()) as CaughtMail[]).filter((m) => m.subject.includes(subjectPart));
}

async function waitForMail(role: E2ERole, subjectPart: string): Promise<CaughtMail> {
  let found: CaughtMail[] = [];
  await expect
    .poll(async () => (found = await mailTo(role, subjectPart)).length, { timeout: 60_000, message: `a mail to ${role} about ${subjectPart}` })
    .toBeGreaterThan(0);
  return found[0]!;
}

const ngn = (amount: string) => `₦${Number(amount).toLocaleString("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
// Above the demo's NGN limit for every kind (1,500,000), whatever limit another spec sets for transfers.
const uniqueAmount = () => (1_600_000 + Math.floor(Math.random() * 9_999_999) / 100).toFixed(2);

async function pageAs(browser: Browser, role: E2ERole): Promise<Page> {
  const context = await browser.newContext({ storageState: storageStateOf(role) });
  return context.newPage();
}

/** The operator files a transfer above the limit through the form; it waits for an approver. */
async function transferAboveLimit(browser: Browser, amount: string) {
  const page = await pageAs(browser, "operator");
  await gotoHydrated(page, "/transfers/new");
  const form = page.getByRole("form", { name: "New transfer" });
  await chooseRecipient(page, "Adaeze");
  await form.getByLabel("Amount (NGN)").fill(amount);
  await form.getByLabel("Reference").fill(`E2E-MAIL-${Date.now().toString(36)}`);
  await expect(page.getByTestId("quote-debit")).toContainText("$");
  await form.getByRole("button", { name: "Review transfer" }).click();
  await page.getByTestId("transfer-confirm").getByTestId("transfer-send").click();
  await expect(page.getByTestId("transfer-pending")).toContainText("Waiting for a second approver");
  await page.context().close();
}

async function choose(page: Page, kind: string, mode: "At once" | "Daily digest" | "Off") {
  const group = page.getByRole("group", { name: kind });
  const radio = group.getByRole("radio", { name: mode });
  await radio.check();
  await expect(page.getByText(`${kind}: ${mode.toLowerCase()}.`)).toBeVisible();
  await expect(radio).toBeChecked();
}

// A transfer through the form, the sender and a second page: more than the default 30 s on a busy machine.
test.describe.configure({ mode: "serial", timeout: 120_000 });

test.describe("notification mail", () => {
  test("an operator's transfer above the limit mails the approver a link that opens the request", async ({ browser }) => {
    const amount = uniqueAmount();
    await transferAboveLimit(browser, amount);
    const mail = await waitForMail("approver", ngn(amount));
    expect(mail.subject).toContain(`Waiting for your approval: Transfer ${ngn(amount)}`);
    expect(mail.text).not.toMatch(/sk_(sandbox|live)_/);
    const link = /Open it: (\S+)/.exec(mail.text)?.[1];
    expect(link).toMatch(/\/approvals\/[0-9a-f-]{36}$/);
    // The requester is never told about their own request.
    expect(await mailTo("operator", ngn(amount))).toEqual([]);

    const approver = await pageAs(browser, "approver");
    await gotoHydrated(approver, link!);
    await expect(approver.getByRole("heading", { level: 1, name: new RegExp(`Transfer ${ngn(amount)}`) })).toBeVisible();
    await expect(approver.getByTestId("approval-status")).toHaveText("Waiting for approval");
    await expect(approver.getByRole("button", { name: "Approve", exact: true })).toBeVisible();
    await approver.context().close();
  });

  test("the preferences page changes what is sent, by keyboard too", async ({ browser }) => {
    const admin = await pageAs(browser, "admin");
    await gotoHydrated(admin, "/settings/notifications");
    await expect(admin.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
    // Keyboard: the group's checked radio takes focus, an arrow key moves the choice and saves it.
    const group = admin.getByRole("group", { name: "A request waits for approval" });
    await group.getByRole("radio", { name: "At once" }).focus();
    await admin.keyboard.press("ArrowRight");
    await expect(group.getByRole("radio", { name: "Daily digest" })).toBeChecked();
    await expect(admin.getByText("A request waits for approval: daily digest.")).toBeVisible();
    await choose(admin, "A request waits for approval", "Off");

    const amount = uniqueAmount();
    await transferAboveLimit(browser, amount);
    // The approver's mail and the admin's would come from the same run of the sender: once the
    // approver's is here, the admin's would be too.
    await waitForMail("approver", ngn(amount));
    expect(await mailTo("admin", ngn(amount))).toEqual([]);

    await gotoHydrated(admin, "/settings/notifications");
    await expect(admin.getByRole("group", { name: "A request waits for approval" }).getByRole("radio", { name: "Off" })).toBeChecked();
    await choose(admin, "A request waits for approval", "At once");
    const next = uniqueAmount();
    await transferAboveLimit(browser, next);
    await waitForMail("admin", ngn(next));
    await admin.context().close();
  });

  test("a viewer reaches the page and is told their role receives no mail", async ({ browser }) => {
    const viewer = await pageAs(browser, "viewer");
    await gotoHydrated(viewer, "/settings/notifications");
    await expect(viewer.getByText("Your role receives no notification mail")).toBeVisible();
    await viewer.context().close();
  });

  test("the caught-mail page does not exist in a production build", async ({ browser }) => {
    const admin = await pageAs(browser, "admin");
    const res = await admin.goto("/dev/mail");
    expect(res?.status()).toBe(404);
    await expect(admin.getByRole("heading", { name: "Caught mail" })).toHaveCount(0);
    // Signed out too: 404, not a sign-in redirect that would tell the page exists.
    const anonymous = await browser.newContext();
    expect((await anonymous.request.get("/dev/mail", { maxRedirects: 0 })).status()).toBe(404);
    await anonymous.close();
    await admin.context().close();
  });
});
