import type { Metadata } from "next";
import { ReadError } from "@/components/page/read-error";
import { ListRegion } from "@/components/list/list-region";
import { PageHeader } from "@/components/page/page-header";
import { ConvertForm } from "@/app/(dashboard)/stocks/_components/convert-form";
import { PricesTable } from "@/app/(dashboard)/stocks/_components/prices/data-table";
import { PricesToolbar } from "@/app/(dashboard)/stocks/_components/prices/toolbar";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { requirePagePermission } from "@/lib/auth/session";
import { convertQuery, firstFieldErrors, parseConvert, parsePriceFilters } from "@/lib/stocks/prices-query";
import { readAssets, readConversion, readPrices } from "@/lib/stocks/read";
import type { ConversionView, PricesView } from "@/lib/stocks/views";
import { readOrProblem } from "@/lib/upstream/read-or-problem";

export const metadata: Metadata = { title: "Stock prices" };

async function attempt<T>(what: string, read: () => Promise<T>): Promise<{ value: T | null; error: string | null }> {
  const r = await readOrProblem(read(), {
    unexpected: { message: `The ${what} could not be loaded. Try again in a moment.`, log: `stocks prices page: the ${what} read failed` },
  });
  return r.ok ? { value: r.data, error: null } : { value: null, error: r.message };
}

export default async function StockPricesPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const me = await requirePagePermission("data:read");
  const raw = await searchParams;
  const filters = parsePriceFilters(raw);
  const convert = parseConvert(raw);
  const symbols = filters.success ? filters.data.symbols : [];
  const pair = convert.success && convert.data.from && convert.data.to ? { from: convert.data.from, to: convert.data.to, amount: convert.data.amount } : null;

  const [prices, assets, conversion] = await Promise.all([
    attempt<PricesView>("prices", () => readPrices(me, { symbols })),
    attempt("assets", () => readAssets(me, { category: null, q: null })),
    pair ? attempt<ConversionView>("conversion", () => readConversion(me, pair)) : Promise.resolve({ value: null, error: null }),
  ]);
  // The convert form lists every asset; when the list fails, the priced symbols still serve.
  const options =
    assets.value?.data.assets.map((a) => ({ symbol: a.symbol, name: a.name ?? null })) ??
    prices.value?.data.prices.map((p) => ({ symbol: p.symbol, name: null })) ??
    [];

  return (
    <>
      <PageHeader
        title="Stock prices"
        description={`Live prices of the tokenized stocks (${me.environment === "production" ? "production" : "sandbox"}), and conversions between a stock and US dollars or another stock.`}
      />
      <div className="grid gap-8">
        <Card>
          <CardHeader>
            <CardTitle>
              <h2>Convert</h2>
            </CardTitle>
            <CardDescription>The provider&apos;s price of one asset in another, at the current prices.</CardDescription>
          </CardHeader>
          <CardContent>
            <ConvertForm
              options={options}
              initial={conversion.value}
              initialQuery={pair ? convertQuery(pair.from, pair.to, pair.amount) : ""}
              initialError={conversion.error}
              initialFieldErrors={convert.success ? {} : firstFieldErrors(convert.error)}
            />
          </CardContent>
        </Card>
        <section className="grid gap-3" aria-labelledby="prices-heading">
          <h2 id="prices-heading" className="text-lg font-semibold">
            Prices
          </h2>
          <ListRegion>
            <PricesToolbar serverError={filters.success ? undefined : filters.error.issues[0]?.message} />
            {prices.value ? (
              <PricesTable initial={prices.value} symbols={symbols} />
            ) : (
              <ReadError title="The prices could not load" message={prices.error ?? "The prices could not be loaded."} />
            )}
          </ListRegion>
        </section>
      </div>
    </>
  );
}
