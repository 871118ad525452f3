/**
 * Search across the local copy (issue 19), in a browser: objects put into the demo organization's
 * copy are found through the command palette and through a list's "Find" box, by keyboard and by
 * pointer, as two roles. The rows are written with SQL in the store's shape (lib/ledger/store.ts
 * is server-only); the deposit is a real sandbox deposit, so its page opens.
 */
import { randomBytes } from "node:crypto";
import { demoOrganizationId, withDb } from "./db";
import { simulateDeposit } from "./emulator";
import { expect, test } from "./fixtures";

const HASH = `0x${randomBytes(32).toString("hex")}`;
const TAG = randomBytes(4).toString("hex");
const RECIPIENT_ID = `rcp_search_${TAG}`;
let depositId: string;

async function putInCopy(kind: string, data: Record<string, unknown>, values: string[]): Promise<void> {
  await withDb(async (pg) => {
    const org = await demoOrganizationId(pg);
    await pg.query(
      `INSERT INTO synced_objects (organization_id, environment, kind, provider_id, data, status, search_text, provider_created_at, source, synced_at, changed_at)
       VALUES ($1, 'sandbox', $2, $3, $4, $5, $6, $7, 'sweep', now(), now())
       ON CONFLICT (organization_id, environment, kind, provider_id) DO UPDATE SET data = EXCLUDED.data, search_text = EXCLUDED.search_text`,
      [org, kind, data.id, data, data.status ?? null, [...new Set(values.map((v) => v.toLowerCase()))].join(" "), data.created_at],
    );
  });
}

test.beforeAll(async ({ request }) => {
  depositId = await simulateDeposit(request, "COMPLETED");
  const now = new Date().toISOString();
  await putInCopy(
    "deposit",
    { id: depositId, type: "CRYPTO_DEPOSIT", amount: "120.00", currency: "USDC", status: "COMPLETED", tx_hash: HASH, created_at: now },
    [depositId, HASH],
  );
  await putInCopy("recipient", { id: RECIPIENT_ID, type: "BANK_ACCOUNT", first_name: "Searchable", last_name: `Okafor${TAG}`, created_at: now }, [
    RECIPIENT_ID,
    `searchable okafor${TAG}`,
  ]);
});

test.describe("search across the synced copy", () => {
  test("a viewer finds a deposit by a piece of its hash in the command palette, by keyboard", async ({ pageAs }) => {
    const page = await pageAs("viewer");
    await page.goto("/");
    await page.keyboard.press("Control+k");
    const palette = page.getByRole("dialog");
    await expect(palette.getByRole("combobox")).toBeFocused();
    await page.keyboard.type(HASH.slice(20, 34));
    const hit = palette.getByRole("option", { name: new RegExp(depositId) });
    await expect(palette.getByRole("group", { name: "Deposits" })).toBeVisible();
    await expect(hit).toContainText(`matched ${HASH}`);
    await expect(palette.getByTestId("palette-search-status")).toHaveText("1 record found.");
    // The found record comes before the pages: it is the one selected, and Enter opens it.
    await expect(hit).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/deposits/${depositId}$`));

    await page.keyboard.press("Control+k");
    await expect(palette.getByRole("combobox")).toBeFocused();
    await palette.getByRole("combobox").fill(`nothing-like-${TAG}`);
    await expect(palette.getByTestId("palette-search-status")).toHaveText("No results in the synced records.");
  });

  test("an operator finds a recipient by name in the palette, and a deposit by its id in the list's Find box", async ({ pageAs, axe }) => {
    const page = await pageAs("operator");
    await page.goto("/");
    await page.keyboard.press("Control+k");
    const palette = page.getByRole("dialog");
    await expect(palette.getByRole("combobox")).toBeFocused();
    await page.keyboard.type(`searchable okafor${TAG}`);
    await expect(palette.getByRole("group", { name: "Recipients" }).getByRole("option")).toHaveText(new RegExp(`Searchable Okafor${TAG}`, "i"));
    await page.keyboard.press("Escape");

    await page.goto("/deposits");
    const find = page.getByRole("searchbox", { name: "Find" });
    await find.fill(depositId.slice(0, 13).toUpperCase());
    const results = page.getByTestId("list-search-results");
    const link = results.getByRole("link", { name: new RegExp(depositId) });
    await expect(link).toBeVisible();
    // The text is in the URL: the list can be shared with its matches open.
    await expect(page).toHaveURL(new RegExp(`[?&]find=${depositId.slice(0, 13).toUpperCase()}`));
    await axe(page, "the deposits list with its Find results open");
    // Arrow down from the box reaches the result; Enter follows it.
    await find.press("ArrowDown");
    await expect(link).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/deposits/${depositId}$`));
  });
});
