import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import { parseCsv } from "../test/csv";
import { expect, test, type APIRequestContext } from "./fixtures";
import { DEMO_SANDBOX_KEY, emulatorUrl, simulateDeposit } from "./emulator";
import { gotoHydrated, chooseFilter, chosenFilter } from "./helpers";
import { storageStateOf } from "./roles";

test.use({ storageState: storageStateOf("viewer") });

test.describe("deposits", () => {
  test("filters live in the URL, and an older status name in a shared link still works", async ({ page }) => {
    await gotoHydrated(page, "/deposits");
    await expect(page.getByRole("heading", { level: 1, name: "Deposits" })).toBeVisible();
    await expect(page.getByTestId("deposit-row").first()).toBeVisible();

    await chooseFilter(page, "Status", "Requires review");
    await expect(page).toHaveURL(/[?&]status=REQUIRES_REVIEW/);
    await chooseFilter(page, "Type", "NGN deposit");
    await expect(page).toHaveURL(/[?&]type=NGN_DEPOSIT/);
    // Retrying counts, not a snapshot of the rows: the list may still show the first filter's rows
    // for a moment after the URL has changed.
    const rows = page.getByTestId("deposit-row");
    await expect(rows.first()).toBeVisible();
    await expect(rows.filter({ hasNotText: "REQUIRES_REVIEW" })).toHaveCount(0);
    await expect(rows.filter({ hasNotText: "NGN deposit" })).toHaveCount(0);

    // The same view from a shared link, with the older name FLAGGED.
    await gotoHydrated(page, "/deposits?status=FLAGGED&type=NGN_DEPOSIT");
    await expect(chosenFilter(page, "Status")).toHaveText("Requires review");
    await expect(page.getByTestId("deposit-row").first()).toContainText("REQUIRES_REVIEW");

    // A date range with nothing in it shows the empty state.
    await gotoHydrated(page, "/deposits?from=2001-01-01&to=2001-01-02");
    await expect(page.getByText("No deposits match these filters")).toBeVisible();
    await page.getByRole("button", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(/\/deposits$/);
    await expect(page.getByTestId("deposit-row").first()).toBeVisible();
  });

  test("the detail shows the spec's fields, the explorer link for the chain, the flag in words and the timeline", async ({ page }) => {
    await gotoHydrated(page, "/deposits?type=CRYPTO_DEPOSIT");
    await page
      .getByTestId("deposit-row")
      .first()
      .getByRole("link", { name: /^Deposit / })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "Deposit" })).toBeVisible();
    for (const label of [
      "Type",
      "Status",
      "Settlement status",
      "Settlement mode",
      "Amount received",
      "Settled amount",
      "Deposit fee",
      "Total fees in USD",
      "Customer",
      "Received",
    ]) {
      await expect(page.getByText(label, { exact: true }).first()).toBeVisible();
    }
    const hash = page.getByTestId("deposit-tx-hash");
    // The sandbox's hashes are on test networks, so their explorers are the testnet ones.
    await expect(hash.getByRole("link")).toHaveAttribute(
      "href",
      /^https:\/\/((sepolia\.etherscan\.io|sepolia\.basescan\.org|amoy\.polygonscan\.com|sepolia\.arbiscan\.io|sepolia-optimism\.etherscan\.io|celo-sepolia\.blockscout\.com|nile\.tronscan\.org|explorer\.aptoslabs\.com)\/|solscan\.io\/tx\/\w+\?cluster=devnet$)/,
    );
    await expect(page.getByRole("region", { name: /timeline/i })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Team decision" })).toBeVisible();

    await gotoHydrated(page, "/deposits?status=REQUIRES_REVIEW");
    await page
      .getByTestId("deposit-row")
      .first()
      .getByRole("link", { name: /^Deposit / })
      .click();
    await expect(page.getByTestId("deposit-flag")).toContainText(/Late deposit|Expired rate|Reused temporary account|Amount mismatch|Manual review|Flag "/);
    // A viewer reads the decision panel but cannot record one.
    await expect(page.getByRole("button", { name: "Record a decision" })).toHaveCount(0);
  });

  test("exports the filtered deposits", async ({ page }) => {
    await gotoHydrated(page, "/deposits");
    await chooseFilter(page, "Status", "Completed");
    await expect(page).toHaveURL(/[?&]status=COMPLETED/);
    const exportLink = page.getByRole("link", { name: "Export CSV" });
    await expect(exportLink).toHaveAttribute("href", "/api/deposits/export?status=COMPLETED");
    const [download] = await Promise.all([page.waitForEvent("download"), exportLink.click()]);
    expect(download.suggestedFilename()).toMatch(/^deposits-sandbox-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = await fs.readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = parseCsv(bytes.subarray(3).toString("utf8"));
    expect(header!.slice(0, 8)).toEqual(["id", "created_at", "updated_at", "type", "status", "settlement_status", "amount", "currency"]);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row[4]).toBe("COMPLETED");
  });

  test("a deposit that does not exist is a not-found page, not an error", async ({ page }) => {
    await gotoHydrated(page, "/deposits/00000000-0000-4000-8000-000000000000");
    await expect(page.getByRole("heading", { level: 1, name: "Deposit not found" })).toBeVisible();
    await page.getByRole("link", { name: "See all deposits" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Deposits" })).toBeVisible();
  });
});

/** Starts the provider's default flow (no scenario) on an ACTIVE account that accepts it; returns the deposit id. */
async function simulateDefaultFlow(request: APIRequestContext): Promise<string> {
  const base = emulatorUrl();
  const list = await request.get(`${base}/v1/funding-accounts?status=ACTIVE&limit=50`, { headers: { "X-Api-Key": DEMO_SANDBOX_KEY } });
  expect(list.ok(), await list.text()).toBe(true);
  for (const account of ((await list.json()) as { data: { id: string; rail: string }[] }).data) {
    if (account.rail !== "NGN_VIRTUAL_ACCOUNT") continue;
    // The simulator takes funding_account_id and scenario only; the amount is set through the control API.
    const amount = await request.put(`${base}/__emulator/sandbox-deposits/next-amount`, { data: { funding_account_id: account.id, amount: "30000" } });
    expect(amount.ok(), await amount.text()).toBe(true);
    const res = await request.post(`${base}/v1/sandbox/deposits`, {
      headers: { "X-Api-Key": DEMO_SANDBOX_KEY, "X-Idempotency-Key": randomUUID() },
      data: { funding_account_id: account.id },
    });
    if (res.status() !== 201) {
      await request.put(`${base}/__emulator/sandbox-deposits/next-amount`, { data: { funding_account_id: account.id, amount: null } });
      continue;
    }
    const { message } = (await res.json()) as { message: string };
    const id = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/.exec(message)?.[1];
    if (id) return id;
  }
  throw new Error("No ACTIVE NGN funding account accepted a default-flow deposit.");
}

test.describe("deposits per role", () => {
  test("approvers and admins are offered a decision on a flagged deposit; operators, like viewers, are not", async ({ pageAs, request }) => {
    const id = await simulateDeposit(request, "REQUIRES_REVIEW");
    for (const [role, offered] of [
      ["approver", true],
      ["admin", true],
      ["operator", false],
    ] as const) {
      const page = await pageAs(role);
      await gotoHydrated(page, `/deposits/${id}`);
      await expect(page.getByTestId("deposit-status")).toContainText("REQUIRES_REVIEW");
      await expect(page.getByRole("heading", { name: "Team decision" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Record a decision" }), `${role} ${offered ? "is" : "is not"} offered a decision`).toHaveCount(
        offered ? 1 : 0,
      );
      await page.context().close();
    }
  });
});

test.describe("deposit detail live", () => {
  test("an open deposit changes status without a reload as the provider's default flow advances it", async ({ page, request }) => {
    test.setTimeout(60_000);
    const id = await simulateDefaultFlow(request);
    await gotoHydrated(page, `/deposits/${id}`);
    const status = page.getByTestId("deposit-status");
    await expect(status).toContainText("RECEIVED", { timeout: 10_000 });
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
    const advance = async (ms: number) => {
      const res = await request.post(`${emulatorUrl()}/__emulator/clock`, { data: { advance_ms: ms } });
      expect(res.ok(), await res.text()).toBe(true);
    };
    // Received now, processing 5 s later, the outcome 60 s after that (emulated time).
    await advance(6_000);
    await expect(status).toContainText("PROCESSING", { timeout: 15_000 });
    await advance(61_000);
    await expect(status).not.toContainText("PROCESSING", { timeout: 15_000 });
    await expect(status).toContainText(/COMPLETED|REQUIRES_REVIEW|FAILED/);
    await expect(page.getByRole("region", { name: /timeline/i }).getByText("deposit.processing")).toBeVisible();
    // The same document all along: the page changed in place.
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
  });
});
