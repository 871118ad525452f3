"use client";
import { useServerQuery } from "@/components/page/use-server-query";
import { ExternalLinkIcon } from "lucide-react";
import { fetchJson } from "@/components/page/fetch-json";
import { ReadError } from "@/components/page/read-error";
import { StaleNote } from "@/components/page/stale-note";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatMoney } from "@/lib/money";
import { formatPrice } from "@/lib/stocks/format";
import { categoryLabel, isHighRisk, legalFormLabel, raw, riskLabel, rightsLabel } from "@/lib/stocks/labels";
import { ASSET_POLL_MS, type AssetView } from "@/lib/stocks/views";
import type { StockAsset } from "@/lib/upstream/schemas/stocks";
import { cn } from "@/lib/utils";
import { Change } from "./change";
import { MarketStatusBadge, TradingWindow } from "./market-status";

function Row({ term, children, testId }: { term: string; children: React.ReactNode; testId?: string }) {
  return (
    <div className="grid gap-1 border-t py-2 first:border-t-0 sm:grid-cols-[14rem_minmax(0,1fr)] sm:gap-4" data-testid={testId}>
      <dt className="text-sm font-medium text-muted-foreground">{term}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

const text = (v: string | null | undefined) => (v ? v : <span className="text-muted-foreground">Not given</span>);

/** Safe to link: only web addresses (a drifted value could be anything). */
const httpUrl = (v: string | null | undefined) => (v && /^https?:\/\//i.test(v) ? v : null);

/**
 * One asset: price and change, when it trades, order bounds, its risk in plain words, and every
 * disclosure the provider gives (issuer, legal form, underlying, rights, dividends). Polled so
 * price and market status stay current.
 */
export function AssetDetail({ initial, knownFields }: { initial: AssetView; knownFields: readonly string[] }) {
  // The schema's field names come from the server page, so zod stays out of the browser.
  const known = new Set(knownFields);
  const q = useServerQuery({
    queryKey: ["stocks", "asset", initial.data.symbol],
    queryFn: () =>
      fetchJson<AssetView>(`/api/stocks/assets/${encodeURIComponent(initial.data.symbol)}`, "This asset could not be loaded. Try again in a moment."),
    initialData: initial,
    refetchInterval: ASSET_POLL_MS,
  });
  const a: StockAsset = q.data.data;
  const risk = riskLabel(a.customer_risk_level);
  const ref = httpUrl(a.underlying_reference_url);
  const logo = httpUrl(a.logo_url);
  const extra = Object.entries(a).filter(([k, v]) => !known.has(k) && v !== null && v !== undefined);
  return (
    <div className="grid gap-6">
      {q.isRefetchError ? <ReadError title="Could not refresh" message={q.error.message} onRetry={() => void q.refetch()} /> : null}
      <StaleNote stale={q.data.stale} fetchedAt={q.data.fetchedAt} />

      <section
        aria-labelledby="risk-heading"
        className={cn("rounded-lg border p-4", isHighRisk(a.customer_risk_level) ? "border-warning bg-warning/10" : "bg-muted/40")}
        data-testid="asset-risk"
      >
        <h2 id="risk-heading" className="font-semibold">
          {risk.label}
        </h2>
        <p className="text-sm">{risk.plain}</p>
        {a.economic_exposure_only ? <p className="mt-1 text-sm">The token follows the price of the underlying share; it is not the share itself.</p> : null}
      </section>

      <div className="grid gap-4 md:grid-cols-3">
        <Card data-testid="asset-price">
          <CardHeader>
            <CardTitle>
              <h2 className="text-sm font-medium">Price</h2>
            </CardTitle>
            <CardDescription>In US dollars, to {a.price_precision ?? 2} decimal places.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-1">
            <span className="text-2xl font-semibold tabular-nums" data-testid="figure">
              {formatPrice(a.price_usd, a.price_precision)}
            </span>
            <span className="text-sm">
              24 h: <Change pct={a.change_24h_pct} usd={a.change_24h_usd} precision={a.price_precision} testId="asset-change" />
            </span>
          </CardContent>
        </Card>
        <Card data-testid="asset-market">
          <CardHeader>
            <CardTitle>
              <h2 className="text-sm font-medium">Market</h2>
            </CardTitle>
            <CardDescription>US market hours, shown in your time zone.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-2">
            <MarketStatusBadge status={a.market_status} />
            <TradingWindow asset={a} />
          </CardContent>
        </Card>
        <Card data-testid="asset-bounds">
          <CardHeader>
            <CardTitle>
              <h2 className="text-sm font-medium">Order size</h2>
            </CardTitle>
            <CardDescription>The smallest and largest order the provider accepts.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-1 text-sm tabular-nums">
            <span>Minimum {formatMoney(a.min_order_usd, "USD")}</span>
            <span>Maximum {formatMoney(a.max_order_usd, "USD")}</span>
          </CardContent>
        </Card>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>
            <h2>About</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <dl data-testid="asset-about">
            <Row term="Name">{text(a.name)}</Row>
            <Row term="Subtitle">{text(a.subtitle)}</Row>
            <Row term="Category">{categoryLabel(a.category)}</Row>
            <Row term="Status">
              {a.status ? raw(a.status) : "Not given"}
              {a.is_new ? (
                <Badge variant="secondary" className="ml-2">
                  New listing
                </Badge>
              ) : null}
            </Row>
            <Row term="Description">{text(a.about_text)}</Row>
            <Row term="Logo">
              {logo ? (
                <a href={logo} target="_blank" rel="noopener noreferrer" className="break-all underline underline-offset-4">
                  {logo}
                </a>
              ) : (
                text(a.logo_url)
              )}
            </Row>
          </dl>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Disclosures</h2>
          </CardTitle>
          <CardDescription>What holding this token means, as the provider discloses it.</CardDescription>
        </CardHeader>
        <CardContent>
          <dl data-testid="asset-disclosures">
            <Row term="Issuer" testId="disclosure-issuer">
              {text(a.issuer_entity)}
            </Row>
            <Row term="Legal form" testId="disclosure-legal-form">
              {legalFormLabel(a.legal_form)}
            </Row>
            <Row term="Underlying" testId="disclosure-underlying">
              {a.underlying_ticker || a.underlying_exchange
                ? `${a.underlying_ticker ?? "?"} on ${a.underlying_exchange ?? "an exchange not given"}`
                : text(null)}
              {ref ? (
                <>
                  {" · "}
                  <a href={ref} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 underline underline-offset-4">
                    Reference quote
                    <ExternalLinkIcon aria-hidden="true" className="size-3" />
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                </>
              ) : null}
            </Row>
            <Row term="Economic exposure only" testId="disclosure-exposure">
              {a.economic_exposure_only == null
                ? text(null)
                : a.economic_exposure_only
                  ? "Yes: the token gives the price movement of the underlying, not the share."
                  : "No: the provider states the token is more than price exposure."}
            </Row>
            <Row term="Ownership rights" testId="disclosure-ownership">
              {rightsLabel(a.ownership_rights, "ownership")}
            </Row>
            <Row term="Voting rights" testId="disclosure-voting">
              {rightsLabel(a.voting_rights, "voting")}
            </Row>
            <Row term="Dividend policy" testId="disclosure-dividends">
              {text(a.dividend_policy)}
            </Row>
            <Row term="Shareholder rights" testId="disclosure-shareholder-rights">
              {text(a.shareholder_rights_disclosure)}
            </Row>
            {extra.map(([k, v]) => (
              <Row key={k} term={raw(k)}>
                <span className="font-mono text-xs break-all">{typeof v === "string" ? v : JSON.stringify(v)}</span>
              </Row>
            ))}
          </dl>
        </CardContent>
      </Card>
    </div>
  );
}
