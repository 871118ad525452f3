import { createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { simulateDeposit } from "./emulator";
import { gotoHydrated, reloadHydrated } from "./helpers";
import { storageStateOf, type E2ERole } from "./roles";




async function pageAs(browser: Browser, role: E2ERole): Promise<Page> {
  const context = await browser.newContext({ storageState: storageStateOf(role) });
  return context.newPage();
}

test.describe("deposit review queue", () => {
  test("a deposit simulated in the emulator appears in the queue with its flag in plain words", async ({ browser, request }) => {
    const id = await simulateDeposit(request, "REQUIRES_REVIEW");
    const page = await pageAs(browser, "viewer");
    await gotoHydrated(page, "/deposits/review");
    await expect(page.getByRole("heading", { level: 1, name: "Review queue" })).toBeVisible();
    const item = page.getByTestId("queue-item").filter({ hasText: id });
    await expect(item).toHaveCount(1, { timeout: 15_000 });
    await expect(item.getByTestId("queue-flag")).not.toBeEmpty();
    // A viewer sees the queue but is offered no decision.
    await expect(page.getByRole("button", { name: "Decide" })).toHaveCount(0);
    await page.context().close();
  });

  test("triage by keyboard: next, previous, decide and open", async ({ browser, request }) => {
    // At least two flagged deposits (the seed has three; one more makes it certain).
    await simulateDeposit(request, "REQUIRES_REVIEW");
    const page = await pageAs(browser, "approver");
    await gotoHydrated(page, "/deposits/review");
    const items = page.getByTestId("queue-item");
    await expect(items.nth(1)).toBeVisible();
    await expect(items.nth(0)).toHaveAttribute("data-selected", "true");

    await page.keyboard.press("j");
    await expect(items.nth(1)).toHaveAttribute("data-selected", "true");
    await expect(items.nth(0)).not.toHaveAttribute("data-selected", "true");
    await page.keyboard.press("k");
    await expect(items.nth(0)).toHaveAttribute("data-selected", "true");
    await page.keyboard.press("ArrowDown");
    await expect(items.nth(1)).toHaveAttribute("data-selected", "true");
    await page.keyboard.press("ArrowUp");
    await expect(items.nth(0)).toHaveAttribute("data-selected", "true");

    // Find an undecided deposit by moving down, then open the decision form with "d".
    const count = await items.count();
    let undecided = -1;
    for (let i = 0; i < count; i++) {
      if ((await items.nth(i).getByText("No decision yet").count()) > 0) {
        undecided = i;
        break;
      }
    }
    expect(undecided, "an undecided deposit in the queue").toBeGreaterThanOrEqual(0);
    for (let i = 0; i < undecided; i++) await page.keyboard.press("j");
    await expect(items.nth(undecided)).toHaveAttribute("data-selected", "true");
    await page.keyboard.press("d");
    const dialog = page.getByRole("dialog", { name: "Record a decision" });
    await expect(dialog).toBeVisible();
    // Typing "j" in the reason goes into the field, not to the list.
    await dialog.getByLabel("Reason").type("jk");
    await expect(dialog.getByLabel("Reason")).toHaveValue("jk");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(items.nth(undecided)).toHaveAttribute("data-selected", "true");

    const href = await items.nth(undecided).getByRole("link").first().getAttribute("href");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`${href!.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
    await expect(page.getByRole("heading", { level: 1, name: "Deposit" })).toBeVisible();
    await page.context().close();
  });

  test("four eyes: the requester cannot confirm; a second approver does, and the decision webhook reaches the merchant's endpoint signed", async ({ browser, request }) => {
    test.setTimeout(60_000);
    const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
    const server = http.createServer((req, res) => {
      let body = "";
      req.on("data", (c: Buffer) => (body += c.toString("utf8")));
      req.on("end", () => {
        received.push({ headers: req.headers, body });
        res.statusCode = 200;
        res.end("ok");
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const hookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/merchant/deposit-reviews`;

    try {
      // An admin points the outbound webhook at the test endpoint and copies the new secret.
      const admin = await pageAs(browser, "admin");
      await gotoHydrated(admin, "/settings/outbound-webhook");
      await admin.getByLabel("Endpoint address").fill(hookUrl);
      const rotate = admin.getByRole("switch", { name: "Generate a new signing secret" });
      if ((await rotate.count()) > 0) await rotate.click();
      await admin.getByRole("button", { name: "Save" }).click();
      const secret = (await admin.getByTestId("outbound-secret").textContent())!.trim();
      expect(secret).toMatch(/^[0-9a-f]{64}$/);
      await reloadHydrated(admin);
      await expect(admin.getByTestId("outbound-secret")).toHaveCount(0); // shown once only

      const depositId = await simulateDeposit(request, "REQUIRES_REVIEW");
      const approver = await pageAs(browser, "approver");
      await gotoHydrated(approver, `/deposits/${depositId}`);
      await approver.getByRole("button", { name: "Record a decision" }).click();
      const dialog = approver.getByRole("dialog", { name: "Record a decision" });
      await dialog.getByRole("radio", { name: /Hold/ }).check();
      await dialog.getByLabel("Reason").fill("Waiting for the customer's bank receipt before crediting.");
      await dialog.getByRole("button", { name: "Record decision" }).click();
      await expect(dialog).toBeHidden();
      const decision = approver.getByTestId("review-decision").first();
      await expect(decision).toContainText("Awaiting a second approver");

      await decision.getByRole("button", { name: "Confirm decision" }).click();
      await expect(decision.getByRole("alert")).toHaveText("You recorded this decision, so a different approver must confirm it.");
      await reloadHydrated(approver);
      await expect(approver.getByTestId("review-decision").first()).toContainText("Awaiting a second approver");
      expect(received).toHaveLength(0);

      await gotoHydrated(admin, `/deposits/${depositId}`);
      const pending = admin.getByTestId("review-decision").first();
      await pending.getByRole("button", { name: "Confirm decision" }).click();
      await expect(admin.getByTestId("review-decision").first()).toContainText("Final");
      // The provider's status is shown unchanged next to the decision.
      await expect(admin.getByTestId("deposit-status")).toContainText("REQUIRES_REVIEW");

      await expect.poll(() => received.length, { timeout: 20_000 }).toBeGreaterThan(0);
      const hit = received[0]!;
      expect(hit.headers["x-merchant-ops-event"]).toBe("deposit_review.decision_final");
      expect(hit.headers["x-merchant-ops-delivery"]).toMatch(/^[0-9a-f-]{36}$/);
      expect(hit.headers["x-merchant-ops-signature"]).toBe(createHmac("sha256", secret).update(hit.body).digest("hex"));
      const payload = JSON.parse(hit.body) as { data: { deposit_id: string; decision: string; deposit: { status: string } } };
      expect(payload.data).toMatchObject({ deposit_id: depositId, decision: "hold", deposit: { status: "REQUIRES_REVIEW" } });

      await gotoHydrated(admin, "/settings/outbound-webhook");
      await expect(admin.getByTestId("delivery-row").first()).toContainText("Acknowledged");

      // The CSV export carries the final decision.
      const csv = await admin.request.get("/api/review/export?status=final");
      expect(csv.ok()).toBe(true);
      expect(await csv.text()).toContain(`,${depositId},hold,final,`);
      await admin.context().close();
      await approver.context().close();
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});

test.describe("outbound webhook settings", () => {
  test("only admins open them: every other role gets the refusal page and no form", async ({ browser }) => {
    for (const role of ["viewer", "operator", "approver"] as const) {
      const page = await pageAs(browser, role);
      await page.goto("/settings/outbound-webhook");
      await expect(page).toHaveURL(/\/forbidden$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your role does not open this page");
      await expect(page.getByRole("heading", { name: "Outbound webhook" })).toHaveCount(0);
      await page.context().close();
    }
    const admin = await pageAs(browser, "admin");
    await gotoHydrated(admin, "/settings/outbound-webhook");
    await expect(admin.getByRole("heading", { level: 1, name: "Outbound webhook" })).toBeVisible();
    await admin.context().close();
  });
});
