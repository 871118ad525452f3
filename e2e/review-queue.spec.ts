import { createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { APIRequestContext } from "@playwright/test";
import { expect, type Locator, type Page, test } from "./fixtures";
import { DEMO_SANDBOX_KEY, emulatorUrl, simulateDeposit } from "./emulator";
import { approveAsSecondPerson, chooseFilter, gotoHydrated, reloadHydrated } from "./helpers";

const DEMO_MERCHANT_ID = "7b1d5c1e-0000-4000-8000-000000000001";

/** Records a decision on a flagged deposit from its page, as the page's user. */
async function recordOn(page: Page, depositId: string, decision: RegExp, reason: string) {
  await gotoHydrated(page, `/deposits/${depositId}`);
  await page.getByRole("button", { name: "Record a decision" }).click();
  const dialog = page.getByRole("dialog", { name: "Record a decision" });
  await dialog.getByRole("radio", { name: decision }).check();
  await dialog.getByLabel("Reason").fill(reason);
  await dialog.getByRole("button", { name: "Record decision" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("review-decision").first()).toContainText("Awaiting a second approver");
}

/** A flagged deposit on which the approver recorded "Hold", now waiting for a second approver. */
async function holdAwaitingSecondApprover(request: APIRequestContext, pageAs: (role: "approver") => Promise<Page>) {
  const depositId = await simulateDeposit(request, "REQUIRES_REVIEW");
  const approver = await pageAs("approver");
  await recordOn(approver, depositId, /Hold/, "Waiting for the customer's bank receipt before crediting.");
  return { depositId, approver };
}

/** Confirms the decision awaiting a second approver inside `scope` (its row or panel), through its dialog. */
async function confirmIn(page: Page, scope: Locator, note?: string) {
  await scope.getByRole("button", { name: /^Confirm decision/ }).click();
  const dialog = page.getByRole("alertdialog", { name: "Confirm this decision?" });
  if (note) await dialog.getByLabel("Note (optional)").fill(note);
  await dialog.getByRole("button", { name: "Confirm decision" }).click();
  await expect(dialog).toBeHidden();
}

test.describe("deposit review queue", () => {
  test("a deposit simulated in the emulator appears in the queue with its flag in plain words", async ({ pageAs, request }) => {
    const id = await simulateDeposit(request, "REQUIRES_REVIEW");
    const page = await pageAs("viewer");
    await gotoHydrated(page, "/deposits/review");
    await expect(page.getByRole("heading", { level: 1, name: "Review queue" })).toBeVisible();
    const item = page.getByTestId("queue-item").filter({ hasText: id });
    await expect(item).toHaveCount(1, { timeout: 15_000 });
    await expect(item.getByTestId("queue-flag")).not.toBeEmpty();
    // A viewer sees the queue but is offered no decision.
    await expect(page.getByRole("button", { name: "Decide" })).toHaveCount(0);
    await page.context().close();
  });

  test("triage by keyboard: next, previous, decide and open", async ({ pageAs, request }) => {
    // At least two flagged deposits (the seed has three; one more makes it certain).
    await simulateDeposit(request, "REQUIRES_REVIEW");
    const page = await pageAs("approver");
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

  test("four eyes: the requester cannot confirm; a second approver does, and the decision webhook reaches the merchant's endpoint signed", async ({
    browser,
    pageAs,
    request,
  }) => {
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
      const admin = await pageAs("admin");
      await gotoHydrated(admin, "/settings/outbound-webhook");
      await admin.getByLabel("Endpoint address").fill(hookUrl);
      const rotate = admin.getByRole("switch", { name: "Generate a new signing secret" });
      if ((await rotate.count()) > 0) await rotate.click();
      await admin.getByRole("button", { name: "Save" }).click();
      const secret = (await admin.getByTestId("outbound-secret").textContent())!.trim();
      expect(secret).toMatch(/^[0-9a-f]{64}$/);
      // The new secret applies at once; the new address waits for a second person's approval.
      await expect(admin.getByText(/waits in Approvals for another admin or approver/).first()).toBeVisible();
      await approveAsSecondPerson(browser, hookUrl);
      await reloadHydrated(admin);
      await expect(admin.getByTestId("outbound-secret")).toHaveCount(0); // shown once only
      await expect(admin.getByTestId("outbound-current")).toContainText(hookUrl);

      const depositId = await simulateDeposit(request, "REQUIRES_REVIEW");
      const approver = await pageAs("approver");
      await gotoHydrated(approver, `/deposits/${depositId}`);
      await approver.getByRole("button", { name: "Record a decision" }).click();
      const dialog = approver.getByRole("dialog", { name: "Record a decision" });
      await dialog.getByRole("radio", { name: /Hold/ }).check();
      await dialog.getByLabel("Reason").fill("Waiting for the customer's bank receipt before crediting.");
      await dialog.getByRole("button", { name: "Record decision" }).click();
      await expect(dialog).toBeHidden();
      const decision = approver.getByTestId("review-decision").first();
      await expect(decision).toContainText("Awaiting a second approver");

      // The requester is offered only to withdraw it (the server refuses their confirmation too:
      // lib/review/second-approval.security.test.ts).
      await expect(decision).toContainText("You recorded this decision, so a different approver must confirm it.");
      await expect(decision.getByRole("button", { name: /Confirm decision/ })).toHaveCount(0);
      await expect(decision.getByRole("button", { name: /^Withdraw/ })).toBeVisible();
      await reloadHydrated(approver);
      await expect(approver.getByTestId("review-decision").first()).toContainText("Awaiting a second approver");
      expect(received).toHaveLength(0);

      await gotoHydrated(admin, `/deposits/${depositId}`);
      await confirmIn(admin, admin.getByTestId("review-decision").first());
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

test.describe("second approval from the review queue and the approvals inbox", () => {
  test("in the queue: the requester may only withdraw, a viewer gets no buttons, a second approver confirms by keyboard and the row updates in place", async ({
    pageAs,
    request,
    axe,
  }) => {
    test.setTimeout(90_000);
    const { depositId, approver } = await holdAwaitingSecondApprover(request, pageAs);

    await gotoHydrated(approver, "/deposits/review");
    const mine = approver.getByTestId("queue-item").filter({ hasText: depositId });
    await expect(mine.getByTestId("queue-second-approval")).toContainText("You recorded this decision, so a different approver must confirm it.");
    await expect(mine.getByRole("button", { name: /Confirm decision/ })).toHaveCount(0);
    await expect(mine.getByRole("button", { name: `Withdraw on deposit ${depositId}` })).toBeVisible();

    const viewer = await pageAs("viewer");
    await gotoHydrated(viewer, "/deposits/review");
    const seen = viewer.getByTestId("queue-item").filter({ hasText: depositId });
    await expect(seen).toContainText("Hold · Awaiting a second approver");
    await expect(seen.getByRole("button")).toHaveCount(0);

    const admin = await pageAs("admin");
    await gotoHydrated(admin, "/deposits/review");
    const item = admin.getByTestId("queue-item").filter({ hasText: depositId });
    const confirm = item.getByRole("button", { name: `Confirm decision on deposit ${depositId}` });
    await expect(confirm).toBeVisible();
    await expect(item.getByRole("button", { name: `Reject on deposit ${depositId}` })).toBeVisible();
    await axe(admin, "/deposits/review with a decision awaiting a second approver");
    await admin.evaluate(() => Object.assign(window, { __samePage: true }));

    // From the deposit's link, Tab reaches the row's Confirm button; Enter opens the dialog.
    const link = item.getByRole("link").first();
    await link.focus();
    for (let i = 0; i < 8 && !(await confirm.evaluate((el) => el === document.activeElement)); i++) await admin.keyboard.press("Tab");
    await expect(confirm).toBeFocused();
    await admin.keyboard.press("Enter");
    const dialog = admin.getByRole("alertdialog", { name: "Confirm this decision?" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`Hold on deposit ${depositId}`);
    await axe(admin, "the review queue's confirm dialog");
    // Queue keys do nothing while the dialog is open: "j" goes into the note.
    await dialog.getByLabel("Note (optional)").press("j");
    await expect(dialog.getByLabel("Note (optional)")).toHaveValue("j");
    await dialog.getByLabel("Note (optional)").fill("Receipt checked on the call.");
    await dialog.getByRole("button", { name: "Confirm decision" }).press("Enter");
    await expect(dialog).toBeHidden();

    // The same row, now final, without a reload; focus is back on the deposit's link.
    await expect(item).toContainText("Hold · Final");
    await expect(item.getByTestId("queue-second-approval")).toHaveCount(0);
    await expect(link).toBeFocused();
    expect(await admin.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);

    await gotoHydrated(admin, `/deposits/${depositId}`);
    await expect(admin.getByTestId("review-decision").first()).toContainText("Receipt checked on the call.");
    for (const p of [admin, approver, viewer]) await p.context().close();
  });

  test("two tabs: the second answer to a decision already confirmed is refused with a sentence, not taken", async ({ pageAs, request }) => {
    test.setTimeout(90_000);
    const depositId = await simulateDeposit(request, "REQUIRES_REVIEW");
    const approver = await pageAs("approver");
    await recordOn(approver, depositId, /Ask the provider to reverse/, "The sender is not one of our customers.");

    const first = await pageAs("admin");
    const second = await first.context().newPage();
    await gotoHydrated(first, "/deposits/review");
    await gotoHydrated(second, "/deposits/review");
    const row2 = second.getByTestId("queue-item").filter({ hasText: depositId });
    await row2.getByRole("button", { name: /^Reject/ }).click();
    const reject = second.getByRole("alertdialog", { name: "Reject this decision?" });
    await reject.getByLabel("Note for the requester").fill("The customer says the sender is their employer.");

    await confirmIn(first, first.getByTestId("queue-item").filter({ hasText: depositId }));
    await expect(first.getByTestId("queue-item").filter({ hasText: depositId })).toContainText("Ask the provider to reverse · Final");

    await reject.getByRole("button", { name: "Reject", exact: true }).click();
    await expect(second.getByText("This decision is already final. Reload the page to see it.").first()).toBeVisible();
    await gotoHydrated(second, `/deposits/${depositId}`);
    await expect(second.getByTestId("review-decision")).toHaveCount(1);
    await expect(second.getByTestId("review-decision").first()).toContainText("Final");
    for (const p of [first, approver]) await p.context().close();
  });

  test("the approvals inbox lists the decision beside money movements, by kind, with its deposit; reject and confirm there", async ({
    pageAs,
    request,
    axe,
  }) => {
    test.setTimeout(90_000);
    const { depositId, approver } = await holdAwaitingSecondApprover(request, pageAs);

    // The requester finds it among their own requests, with only Withdraw.
    await gotoHydrated(approver, "/approvals");
    const own = approver.getByTestId("approvals-mine").getByTestId("review-row").filter({ hasText: depositId });
    await expect(own.getByTestId("approval-kind")).toHaveText("Deposit review decision");
    await expect(own.getByRole("button", { name: /Confirm decision/ })).toHaveCount(0);
    await expect(own.getByRole("button", { name: /^Withdraw/ })).toBeVisible();
    await expect(approver.getByTestId("approvals-waiting").getByTestId("review-row").filter({ hasText: depositId })).toHaveCount(0);

    // A viewer sees that it waits, and no buttons.
    const viewer = await pageAs("viewer");
    await gotoHydrated(viewer, "/approvals");
    const seen = viewer.getByTestId("approvals-waiting").getByTestId("review-row").filter({ hasText: depositId });
    await expect(seen).toContainText("Awaiting a second approver");
    await expect(seen.getByRole("button")).toHaveCount(0);

    const admin = await pageAs("admin");
    await gotoHydrated(admin, "/approvals");
    const waiting = admin.getByTestId("approvals-waiting");
    const row = waiting.getByTestId("review-row").filter({ hasText: depositId });
    await expect(row.getByTestId("approval-kind")).toHaveText("Deposit review decision");
    await expect(row).toContainText(`Hold: flagged deposit ${depositId}`);
    await expect(row).toContainText("Waiting for the customer's bank receipt before crediting.");
    await expect(row.getByTestId("review-deposit-link")).toHaveAttribute("href", `/deposits/${depositId}`);
    await axe(admin, "/approvals with a review decision waiting");

    // The kind filter: review decisions only, then money movements only.
    await chooseFilter(admin, "Kind", "Deposit review decisions");
    await expect(admin).toHaveURL(/[?&]kind=review/);
    await expect(waiting.getByTestId("approval-row")).toHaveCount(0);
    await expect(row).toBeVisible();
    await chooseFilter(admin, "Kind", "Money movements");
    await expect(admin).toHaveURL(/[?&]kind=money/);
    await expect(row).toHaveCount(0);
    await chooseFilter(admin, "Kind", "Deposit review decisions");
    await expect(row).toBeVisible();

    // Reject: the note is required, and said at its field.
    await row.getByRole("button", { name: `Reject on deposit ${depositId}` }).click();
    const reject = admin.getByRole("alertdialog", { name: "Reject this decision?" });
    await reject.getByRole("button", { name: "Reject", exact: true }).click();
    await expect(reject.getByText("Say why in a few words; the requester reads it.")).toBeVisible();
    await reject.getByLabel("Note for the requester").fill("The receipt's reference does not match.");
    await reject.getByRole("button", { name: "Reject", exact: true }).click();
    await expect(reject).toBeHidden();
    await expect(row).toHaveCount(0);

    // A new decision on the same deposit, confirmed from the inbox.
    await recordOn(approver, depositId, /Credit the customer/, "The customer sent a second receipt that matches.");
    await reloadHydrated(admin);
    await expect(row).toBeVisible();
    await confirmIn(admin, row);
    await expect(row).toHaveCount(0);
    await gotoHydrated(admin, `/deposits/${depositId}`);
    const decisions = admin.getByTestId("review-decision");
    await expect(decisions.first()).toContainText("Final");
    await expect(decisions.first().getByTestId("credit-state")).toContainText("Credit held until the provider completes the deposit");
    await expect(decisions.nth(1)).toContainText("Rejected by the second approver");
    for (const p of [admin, approver, viewer]) await p.context().close();
  });
});

test.describe("credit only on completion", () => {
  test("a credit decision stays held until the provider's deposit.completed, then the merchant's endpoint gets one credit instruction", async ({
    browser,
    pageAs,
    request,
  }) => {
    test.setTimeout(120_000); // two deliberate waits of a worker tick (5 s) each
    const received: { event: string; body: { data: Record<string, unknown> } }[] = [];
    const server = http.createServer((req, res) => {
      let body = "";
      req.on("data", (c: Buffer) => (body += c.toString("utf8")));
      req.on("end", () => {
        received.push({ event: String(req.headers["x-merchant-ops-event"]), body: JSON.parse(body) });
        res.statusCode = 204;
        res.end();
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const hookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/merchant/deposit-reviews`;
    const events = () => received.map((r) => r.event);

    try {
      const admin = await pageAs("admin");
      await gotoHydrated(admin, "/settings/outbound-webhook");
      await admin.getByLabel("Endpoint address").fill(hookUrl);
      await admin.getByRole("button", { name: "Save" }).click();
      // A new address waits for a second person's approval, checked again when applied.
      await expect(admin.getByText(/waits in Approvals for another admin or approver/).first()).toBeVisible();
      await approveAsSecondPerson(browser, hookUrl);
      await reloadHydrated(admin);
      await expect(admin.getByTestId("outbound-current")).toContainText(hookUrl);

      // The sandbox never resolves a review by itself (the spec shows no transition out of
      // REQUIRES_REVIEW; the emulator adds none), so this test speaks for the provider: a known
      // Sandbox Core webhook secret is set in the app and registered with the emulator, and the
      // deposit's completed event is sent signed with it, in the documented body.
      const secret = `whsec_e2e_review_${Date.now()}_${Math.random().toString(16).slice(2, 6)}`;
      await gotoHydrated(admin, "/settings/api-keys?env=sandbox");
      const card = admin.getByTestId("webhook-secret-sandbox-core");
      await card.getByRole("button", { name: /^(Set secret for the Sandbox Core webhooks|Rotate the Sandbox Core webhook secret)$/ }).click();
      await admin.getByRole("dialog").getByLabel("Webhook secret").fill(secret);
      await admin
        .getByRole("dialog")
        .getByRole("button", { name: /^(Save|Rotate)$/ })
        .click();
      await expect(card.getByTestId("secret-mask")).toHaveText(`whsec_…${secret.slice(-4)}`);
      const target = (await (await request.get(`${emulatorUrl()}/__emulator/webhook-target?merchant_id=${DEMO_MERCHANT_ID}&surface=core`)).json()) as {
        url: string;
      };
      const registered = await request.put(`${emulatorUrl()}/__emulator/webhook-target`, {
        data: { merchant_id: DEMO_MERCHANT_ID, surface: "core", url: target.url, secret },
      });
      expect(registered.ok(), await registered.text()).toBe(true);

      const depositId = await simulateDeposit(request, "REQUIRES_REVIEW");
      const approver = await pageAs("approver");
      await gotoHydrated(approver, `/deposits/${depositId}`);
      await approver.getByRole("button", { name: "Record a decision" }).click();
      const dialog = approver.getByRole("dialog", { name: "Record a decision" });
      await dialog.getByRole("radio", { name: /Credit the customer/ }).check();
      await dialog.getByLabel("Reason").fill("The customer sent the bank receipt; the transfer was two minutes late.");
      await dialog.getByRole("button", { name: "Record decision" }).click();
      await expect(dialog).toBeHidden();

      await gotoHydrated(admin, `/deposits/${depositId}`);
      await confirmIn(admin, admin.getByTestId("review-decision").first());
      const decision = admin.getByTestId("review-decision").first();
      await expect(decision).toContainText("Final");
      await expect(decision.getByTestId("credit-state")).toContainText("Credit held until the provider completes the deposit");

      // The decision reaches the merchant's endpoint saying not to credit yet, and nothing more.
      await expect.poll(events, { timeout: 20_000 }).toContain("deposit_review.decision_final");
      expect(received.find((r) => r.event === "deposit_review.decision_final")!.body.data).toMatchObject({ deposit_id: depositId, credit: { state: "held" } });

      const queue = await pageAs("viewer");
      await gotoHydrated(queue, "/deposits/review");
      const item = queue.getByTestId("queue-item").filter({ hasText: depositId });
      await expect(item.getByTestId("queue-credit")).toHaveText("Credit held until the provider completes the deposit");
      await queue.waitForTimeout(6_000); // a worker tick: still no credit instruction
      expect(events()).not.toContain("deposit_review.credit_release");

      // The provider completes the deposit; its webhook arrives twice, and once more under the older name.
      const current = (await (await request.get(`${emulatorUrl()}/v1/deposits/${depositId}`, { headers: { "X-Api-Key": DEMO_SANDBOX_KEY } })).json()) as Record<
        string,
        unknown
      >;
      expect(current.id).toBe(depositId);
      const at = new Date(Date.now() + 1_000).toISOString();
      const data = { ...current, status: "COMPLETED", settlement_status: "COMPLETED", updated_at: at };
      const bodies = [
        JSON.stringify({ event: "deposit.completed", timestamp: at, data }),
        JSON.stringify({ event: "deposit.completed", timestamp: at, data }),
        JSON.stringify({ event: "deposit.settled", event_id: `evt_${Date.now()}`, created_at: at, data }),
      ];
      for (const body of bodies) {
        const res = await request.post("/api/webhooks/sandbox/core", {
          headers: { "content-type": "application/json", "x-daya-signature": createHmac("sha256", secret).update(body).digest("hex") },
          data: body,
        });
        expect(res.status(), await res.text()).toBe(200);
      }

      await expect.poll(events, { timeout: 20_000 }).toContain("deposit_review.credit_release");
      const credit = received.find((r) => r.event === "deposit_review.credit_release")!;
      expect(credit.body.data).toMatchObject({
        deposit_id: depositId,
        credit: "release",
        provider_event: { name: "deposit.completed" },
        deposit: { id: depositId, status: "COMPLETED" },
      });

      await reloadHydrated(admin);
      const done = admin.getByTestId("review-decision").first().getByTestId("credit-state");
      await expect(done).toContainText("Credit acknowledged by your systems");
      await expect(done.getByRole("list", { name: "Credit timeline" })).toContainText("Released by the provider's deposit.completed event");
      await reloadHydrated(queue);
      await expect(item.getByTestId("queue-credit")).toHaveText("Credit acknowledged by your systems");

      const csv = await admin.request.get(`/api/review/export?deposit=${depositId}`);
      expect(await csv.text()).toMatch(new RegExp(`,${depositId},credit_customer,final,.*,credit_acknowledged,[^,]+,deposit.completed,delivered\r\n$`));
      // Another worker tick later: still exactly one credit instruction.
      await queue.waitForTimeout(6_000);
      expect(events().filter((e) => e === "deposit_review.credit_release")).toHaveLength(1);
      for (const p of [admin, approver, queue]) await p.context().close();
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});

test.describe("outbound webhook settings", () => {
  test("only admins open them: every other role gets the refusal page and no form", async ({ pageAs }) => {
    for (const role of ["viewer", "operator", "approver"] as const) {
      const page = await pageAs(role);
      await page.goto("/settings/outbound-webhook");
      await expect(page).toHaveURL(/\/forbidden$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your role does not open this page");
      await expect(page.getByRole("heading", { name: "Outbound webhook" })).toHaveCount(0);
      await page.context().close();
    }
    const admin = await pageAs("admin");
    await gotoHydrated(admin, "/settings/outbound-webhook");
    await expect(admin.getByRole("heading", { level: 1, name: "Outbound webhook" })).toBeVisible();
    await admin.context().close();
  });
});
