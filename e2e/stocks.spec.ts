import Decimal from "decimal.js";
import { expect, test, type APIRequestContext, type Page } from "./fixtures";
import { DEMO_SANDBOX_KEY, emulatorUrl } from "./emulator";
import { gotoHydrated, chooseFilter } from "./helpers";
import { ROLES, storageStateOf } from "./roles";

interface ProviderAsset {
  symbol: string;
  issuer_entity: string;
  underlying_exchange: string;
  underlying_ticker: string;
  underlying_reference_url: string;
  dividend_policy: string;
  shareholder_rights_disclosure: string;
  market_status: string;
  min_order_usd: string;
  max_order_usd: string;
}

async function provider<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(`${emulatorUrl()}/stocks/v1${path}`, { headers: { "X-Api-Key": DEMO_SANDBOX_KEY } });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { data: T }).data;
}

async function advanceClock(request: APIRequestContext, ms: number) {
  const res = await request.post(`${emulatorUrl()}/__emulator/clock`, { data: { advance_ms: ms } });
  expect(res.ok(), await res.text()).toBe(true);
}

/** "$1,234.56", "+$3.00", "−$0.40" as a decimal. */
function usdOf(text: string): Decimal {
  const m = /([+−-]?)\$([\d,]+(?:\.\d+)?)/.exec(text);
  expect(m, `a US dollar amount in "${text}"`).not.toBeNull();
  const v = new Decimal(m![2]!.replace(/,/g, ""));
  return m![1] === "−" || m![1] === "-" ? v.negated() : v;
}

/** Every figure of the portfolio page read in one go, so a poll landing mid-read cannot mix two answers. */
async function readPortfolio(page: Page) {
  return page.evaluate(() => {
    const fig = (id: string) => document.querySelector(`[data-testid="portfolio-${id}"] [data-testid="figure"]`)?.textContent ?? "";
    return {
      total: fig("total"),
      usd: fig("usd"),
      open: fig("open"),
      change: fig("change"),
      sum: document.querySelector('[data-testid="positions-sum"]')?.textContent ?? "",
      rows: [...document.querySelectorAll<HTMLElement>('[data-testid="position-row"]')].map((r) => ({
        symbol: r.dataset.symbol!,
        priced: r.dataset.priced === "true",
        value: r.querySelector('[data-testid="position-value"]')?.textContent ?? "",
        quantity: r.querySelector('[data-testid="position-quantity"]')?.textContent ?? "",
        available: r.querySelector('[data-testid="position-available"]')?.textContent ?? "",
      })),
    };
  });
}

for (const role of ROLES) {
  test.describe(`stock portfolio as ${role}`, () => {
    test.use({ storageState: storageStateOf(role) });

    test("the figures add up: priced positions sum to the open positions value, plus cash to the total; the stale one is unpriced", async ({
      page,
      request,
    }) => {
      await gotoHydrated(page, "/stocks");
      await expect(page.getByRole("heading", { level: 1, name: "Stock portfolio" })).toBeVisible();
      await expect(page.getByTestId("position-row").first()).toBeVisible();
      const f = await readPortfolio(page);

      const priced = f.rows.filter((r) => r.priced);
      const sum = priced.reduce((acc, r) => acc.plus(usdOf(r.value)), new Decimal(0));
      expect(sum.toFixed(2)).toBe(usdOf(f.open).toFixed(2));
      expect(usdOf(f.sum).toFixed(2)).toBe(usdOf(f.open).toFixed(2));
      expect(usdOf(f.usd).plus(usdOf(f.open)).toFixed(2)).toBe(usdOf(f.total).toFixed(2));
      expect(f.change).toMatch(/\$[\d,]+\.\d{2}.*\(.*\d+\.\d{2} %\)/);

      // The sandbox's COIN feed is stale: shown, marked, and not valued.
      const coin = f.rows.find((r) => r.symbol === "COIN");
      expect(coin, "the seeded COIN position").toBeDefined();
      expect(coin!.priced).toBe(false);
      await expect(page.locator('[data-testid="position-row"][data-symbol="COIN"]').getByTestId("unpriced")).toHaveText("Unpriced: stale price");
      await expect(page.getByTestId("unpriced-note")).toContainText("One position is unpriced");

      // Quantities and cash as the provider holds them (cash does not move with prices).
      const wallet = await provider<{ usd_balance: string; positions: { symbol: string; quantity: string; available: string }[] }>(
        request,
        "/wallet/portfolio",
      );
      expect(usdOf(f.usd).toFixed(2)).toBe(new Decimal(wallet.usd_balance).toFixed(2));
      for (const p of wallet.positions) {
        const row = f.rows.find((r) => r.symbol === p.symbol);
        expect(row?.quantity.replace(/,/g, "")).toBe(new Decimal(p.quantity).toFixed());
        expect(row?.available.replace(/,/g, "")).toBe(new Decimal(p.available).toFixed());
      }
      // TSLA's seed holds 0.25 of 1.25 in a pending settlement.
      await expect(page.locator('[data-testid="position-row"][data-symbol="TSLA"]')).toContainText("0.25 held");
      await expect(page.getByTestId("portfolio-updated")).toContainText("Valued by the provider");

      // This read was recorded: the chart (or, on a fresh database, its one-value note) is there.
      await expect(page.getByTestId("chart-portfolio-value").or(page.getByTestId("portfolio-history-empty"))).toBeVisible();
      await page.getByRole("navigation", { name: "Chart range" }).getByRole("link", { name: "7 days" }).click();
      await expect(page).toHaveURL(/range=7d/);
      await expect(page.getByTestId("chart-portfolio-value").or(page.getByTestId("portfolio-history-empty"))).toBeVisible();
    });
  });
}

test.describe("stock prices", () => {
  test.use({ storageState: storageStateOf("viewer") });

  test("a stale price is flagged in words, and stays flagged as emulated time passes", async ({ page, request }) => {
    await gotoHydrated(page, "/stocks/prices");
    const coin = page.locator('[data-testid="price-row"][data-symbol="COIN"]');
    await expect(coin).toHaveAttribute("data-stale", "true");
    await expect(coin.getByTestId("stale-price")).toHaveText("Stale price");
    await expect(page.locator('[data-testid="price-row"][data-symbol="AAPL"]')).toHaveAttribute("data-stale", "false");
    await expect(page.getByTestId("stale-summary")).toContainText("One price is stale");

    // An hour later (emulated), the feed is still behind: the provider and the page both say so.
    await advanceClock(request, 3_600_000);
    const prices = await provider<{ prices: { symbol: string; stale: boolean }[] }>(request, "/prices?symbols=COIN,AAPL");
    expect(prices.prices.map((p) => [p.symbol, p.stale])).toEqual([
      ["COIN", true],
      ["AAPL", false],
    ]);
    // Only the stale one, by the URL's filter (the table asks the provider for just these).
    await gotoHydrated(page, "/stocks/prices?symbols=coin,aapl");
    await expect(page.getByTestId("price-row")).toHaveCount(2);
    await expect(coin.getByTestId("stale-price")).toBeVisible();
    await expect(page.locator('[data-testid="price-row"][data-symbol="AAPL"]').getByTestId("stale-price")).toHaveCount(0);
  });

  test("a malformed symbols filter is refused at the field", async ({ page }) => {
    await gotoHydrated(page, "/stocks/prices");
    const toolbar = page.getByTestId("prices-toolbar");
    await toolbar.getByLabel("Symbols").fill("AAPL, $$$");
    await toolbar.getByRole("button", { name: "Show" }).click();
    await expect(toolbar.getByText("Not a symbol: $$$.")).toBeVisible();
    await expect(page).not.toHaveURL(/symbols=/);
  });

  test("convert mode: a stock into US dollars and back, with the amount converted at the shown rate", async ({ page }) => {
    await gotoHydrated(page, "/stocks/prices");
    const form = page.getByTestId("convert-form");
    await form.getByLabel("From").selectOption({ label: "AAPL · Apple Inc." });
    await form.getByLabel("To").selectOption({ label: "USD · US dollars" });
    await form.getByLabel("Amount of the source").fill("2");
    await form.getByRole("button", { name: "Convert" }).click();
    await expect(page).toHaveURL(/from=AAPL&to=USD&amount=2/);

    const result = page.getByTestId("conversion-result");
    await expect(result).toBeVisible();
    const rate = usdOf((await result.getByTestId("conversion-rate").textContent())!);
    await expect(result.getByTestId("conversion-amount")).toHaveText(
      `2 AAPL = $${rate
        .times(2)
        .toFixed(2)
        .replace(/\B(?=(\d{3})+(?!\d))/g, ",")}`,
    );
    // Into dollars the rate is the stock's price.
    expect(usdOf((await result.getByTestId("conversion-source-price").textContent())!).toFixed(2)).toBe(rate.toFixed(2));
    await expect(result.getByTestId("conversion-target-price")).toHaveText("$1.00");

    await form.getByRole("button", { name: "Swap source and target" }).click();
    await form.getByRole("button", { name: "Convert" }).click();
    await expect(page).toHaveURL(/from=USD&to=AAPL&amount=2/);
    await expect(result.getByTestId("conversion-rate")).toHaveText(/^1 USD = 0\.\d{1,8} AAPL$/);
    await expect(result.getByTestId("conversion-amount")).toHaveText(/^\$2\.00 = 0\.\d+ AAPL$/);

    // The same asset on both sides is refused at the target field, and nothing is asked.
    await form.getByLabel("To").selectOption("USD");
    await form.getByRole("button", { name: "Convert" }).click();
    await expect(form.getByText("Choose a target different from the source.")).toBeVisible();
    await expect(page).toHaveURL(/from=USD&to=AAPL/);
  });
});

test.describe("stock assets", () => {
  test.use({ storageState: storageStateOf("operator") });

  test("the list filters by category in the URL; an ETF's detail shows every disclosure, its risk and market hours", async ({ page, request }) => {
    await gotoHydrated(page, "/stocks/assets");
    await expect(page.getByTestId("asset-row")).toHaveCount(13);
    await chooseFilter(page, "Category", "ETF");
    await expect(page).toHaveURL(/category=etf/);
    await expect(page.getByTestId("asset-row")).toHaveCount(2);
    await expect(page.locator('[data-testid="asset-row"][data-symbol="MSTR"]')).toHaveCount(0);

    const spy = await provider<ProviderAsset>(request, "/assets/SPY");
    await page.getByRole("link", { name: /^SPY/ }).click();
    await expect(page).toHaveURL(/\/stocks\/assets\/SPY$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("SPY · SPDR S&P 500 ETF Trust");
    await expect(page.getByTestId("asset-risk").getByRole("heading")).toHaveText("Medium risk");

    const d = page.getByTestId("asset-disclosures");
    await expect(d.getByTestId("disclosure-issuer")).toContainText(spy.issuer_entity);
    await expect(d.getByTestId("disclosure-legal-form")).toContainText("Tracker certificate");
    await expect(d.getByTestId("disclosure-underlying")).toContainText(`${spy.underlying_ticker} on ${spy.underlying_exchange}`);
    await expect(d.getByRole("link", { name: /Reference quote/ })).toHaveAttribute("href", spy.underlying_reference_url);
    await expect(d.getByTestId("disclosure-exposure")).toContainText("Yes: the token gives the price movement");
    await expect(d.getByTestId("disclosure-ownership")).toContainText("None: holders do not own the underlying shares");
    await expect(d.getByTestId("disclosure-voting")).toContainText("None: holders cannot vote");
    await expect(d.getByTestId("disclosure-dividends")).toContainText(spy.dividend_policy);
    await expect(d.getByTestId("disclosure-shareholder-rights")).toContainText(spy.shareholder_rights_disclosure);

    await expect(page.getByTestId("asset-bounds")).toContainText("Minimum $1.00");
    await expect(page.getByTestId("asset-bounds")).toContainText("Maximum $250,000.00");
    await expect(page.getByTestId("asset-market").getByTestId("off-hours")).toContainText("Off-hours trading: eligible");
    await expect(page.getByTestId("asset-market").getByTestId("trading-window")).toContainText(/next opens|closes/);
  });

  test("a halted, very high risk asset says so plainly; an unknown symbol is a not-found page", async ({ page }) => {
    await gotoHydrated(page, "/stocks/assets?q=strategy");
    await expect(page.getByTestId("asset-row")).toHaveCount(1);
    await page.getByRole("link", { name: /^MSTR/ }).click();
    await expect(page.getByTestId("asset-risk").getByRole("heading")).toHaveText("Very high risk");
    await expect(page.getByTestId("asset-market").getByTestId("market-status")).toHaveText("Trading halted");
    await expect(page.getByTestId("trading-window")).toContainText("Trading in this asset is halted.");

    await page.goto("/stocks/assets/NOPE");
    await expect(page.getByRole("heading", { name: "This asset does not exist" })).toBeVisible();
  });
});
