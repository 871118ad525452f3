"use client";
import { useServerQuery } from "@/components/page/use-server-query";
import { ArrowLeftRightIcon } from "lucide-react";
import { parseAsString, useQueryStates } from "nuqs";
import { useState } from "react";
import { fetchJson } from "@/components/page/fetch-json";
import { FigureError } from "@/components/page/figure-freshness";
import { StaleNote } from "@/components/page/stale-note";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { NativeSelect, NativeSelectOption } from "@/components/ui/native-select";
import { DateTime } from "@/components/ui/date-time";
import { formatMoney } from "@/lib/money";
import type { Conversion } from "@/lib/stocks/convert";
import { checkConvert, convertQuery, USD } from "@/lib/stocks/price-checks";
import { formatPrice, formatQuantity } from "@/lib/stocks/format";
import { PRICES_POLL_MS, type ConversionView } from "@/lib/stocks/views";
import { StaleBadge } from "./market-status";

export interface AssetOption {
  symbol: string;
  name: string | null;
}

const amountOf = (value: string, asset: string) => (asset === USD ? formatMoney(value, USD) : `${formatQuantity(value)} ${asset}`);

function AssetSelect({
  id,
  label,
  value,
  onChange,
  options,
  error,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  options: AssetOption[];
  error?: string;
}) {
  return (
    <Field label={label} htmlFor={id} error={error} className="w-60">
      <NativeSelect width="w-60" value={value} onChange={(e) => onChange(e.target.value)}>
        <NativeSelectOption value="" disabled>
          Choose an asset
        </NativeSelectOption>
        <NativeSelectOption value={USD}>USD · US dollars</NativeSelectOption>
        {options.map((o) => (
          <NativeSelectOption key={o.symbol} value={o.symbol}>
            {o.name ? `${o.symbol} · ${o.name}` : o.symbol}
          </NativeSelectOption>
        ))}
      </NativeSelect>
    </Field>
  );
}

function Result({ c, stale, fetchedAt }: { c: Conversion; stale: boolean; fetchedAt: string }) {
  return (
    <div className="grid gap-2" data-testid="conversion-result" data-stale={c.stale}>
      <StaleNote stale={stale} fetchedAt={fetchedAt} />
      <p className="text-2xl font-semibold tabular-nums" data-testid="conversion-amount">
        {amountOf(c.amount, c.source)} = {amountOf(c.converted, c.target)}
      </p>
      <dl className="grid gap-1 text-sm sm:grid-cols-[12rem_minmax(0,1fr)]">
        <dt className="text-muted-foreground">Rate</dt>
        <dd className="tabular-nums" data-testid="conversion-rate">
          1 {c.source} = {amountOf(c.rate, c.target)}
          {c.derived ? " (worked out from the two US dollar prices)" : ""}
        </dd>
        <dt className="text-muted-foreground">{c.source} price</dt>
        <dd className="tabular-nums" data-testid="conversion-source-price">
          {formatPrice(c.sourcePriceUsd)}
        </dd>
        <dt className="text-muted-foreground">{c.target} price</dt>
        <dd className="tabular-nums" data-testid="conversion-target-price">
          {formatPrice(c.targetPriceUsd)}
        </dd>
        <dt className="text-muted-foreground">Price time</dt>
        <dd>
          <DateTime value={c.updatedAt} />
        </dd>
      </dl>
      {c.stale ? (
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <StaleBadge /> One side&apos;s price is stale, so this conversion may be wrong.
        </p>
      ) : null}
    </div>
  );
}

/**
 * Convert mode of the provider's prices: a source and a target (a stock or US dollars) and an
 * amount, kept in the URL so a conversion can be shared; the answer refreshes with the prices.
 */
export function ConvertForm({
  options,
  initial,
  initialQuery,
  initialError,
  initialFieldErrors,
}: {
  options: AssetOption[];
  initial: ConversionView | null;
  /** The `convertQuery` the server read `initial` for. */
  initialQuery: string;
  initialError: string | null;
  initialFieldErrors: Record<string, string>;
}) {
  const [url, setUrl] = useQueryStates({ from: parseAsString, to: parseAsString, amount: parseAsString }, { history: "replace" });
  const [from, setFrom] = useState(url.from ?? "");
  const [to, setTo] = useState(url.to ?? "");
  const [amount, setAmount] = useState(url.amount ?? "");
  const [errors, setErrors] = useState<Record<string, string>>(initialFieldErrors);

  const active = checkConvert({ from: url.from ?? undefined, to: url.to ?? undefined, amount: url.amount ?? undefined });
  const ready = active.ok && active.value.from && active.value.to ? active.value : null;
  const qs = ready ? convertQuery(ready.from!, ready.to!, ready.amount) : "";
  const q = useServerQuery({
    queryKey: ["stocks", "convert", qs],
    queryFn: () => fetchJson<ConversionView>(`/api/stocks/convert?${qs}`, "The conversion could not be loaded. Try again in a moment."),
    enabled: ready !== null,
    // The server's answer belongs to the URL it rendered, not to a pair chosen since.
    initialData: qs === initialQuery ? (initial ?? undefined) : undefined,
    refetchOnMount: !initialError,
    refetchInterval: PRICES_POLL_MS,
  });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = checkConvert({ from: from || undefined, to: to || undefined, amount: amount || undefined });
    const fieldErrors: Record<string, string> = parsed.ok ? {} : { ...parsed.fieldErrors };
    if (!from) fieldErrors.from = "Choose the asset to convert from.";
    if (!to) fieldErrors.to ??= "Choose the asset to convert to.";
    setErrors(fieldErrors);
    if (Object.keys(fieldErrors).length > 0 || !parsed.ok) return;
    void setUrl({ from: parsed.value.from ?? null, to: parsed.value.to ?? null, amount: parsed.value.amount ?? null });
  };

  const error = q.error?.message ?? (q.data === undefined && qs === initialQuery ? initialError : null);
  return (
    <div className="grid gap-4">
      <form className="flex flex-wrap items-start gap-3" onSubmit={submit} noValidate data-testid="convert-form">
        <AssetSelect id="convert-from" label="From" value={from} onChange={setFrom} options={options} error={errors.from} />
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="mt-7"
          aria-label="Swap source and target"
          onClick={() => {
            setFrom(to);
            setTo(from);
          }}
        >
          <ArrowLeftRightIcon aria-hidden="true" />
        </Button>
        <AssetSelect id="convert-to" label="To" value={to} onChange={setTo} options={options} error={errors.to} />
        <Field label="Amount of the source" htmlFor="convert-amount" error={errors.amount} description="Optional; 1 when blank." className="w-48">
          <Input inputMode="decimal" autoComplete="off" value={amount} onChange={(e) => setAmount(e.target.value)} placeholder="1" />
        </Field>
        <Button type="submit" className="mt-7">
          Convert
        </Button>
      </form>
      {ready === null ? (
        <p className="text-sm text-muted-foreground" data-testid="convert-idle">
          Choose a source and a target: a stock in US dollars, US dollars in a stock, or one stock in another.
        </p>
      ) : error && !q.isFetching ? (
        <FigureError testId="convert-error" message={error} retrying={q.isFetching} onRetry={() => void q.refetch()} />
      ) : q.data === undefined ? (
        <p className="text-sm text-muted-foreground" role="status">
          Converting…
        </p>
      ) : q.data.data.conversion === null ? (
        <p className="text-sm" data-testid="convert-none">
          The provider gave no price for this pair.
        </p>
      ) : (
        <Result c={q.data.data.conversion} stale={q.data.stale} fetchedAt={q.data.fetchedAt} />
      )}
    </div>
  );
}
