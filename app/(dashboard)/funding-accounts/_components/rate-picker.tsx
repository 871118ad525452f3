"use client";
import { useCallback, useEffect, useState } from "react";
import { fetchJson } from "@/components/page/fetch-json";
import { Button } from "@/components/ui/button";
import type { RateView } from "@/lib/funding-accounts/views";
import { formatMoney } from "@/lib/money";
import { Countdown } from "./countdown";

/**
 * Gets the provider's current rate for a conversion and hands its id to the form. The rate, its fee
 * and its expiry are shown; when it expires the id is withdrawn, so an expired rate is never sent.
 */
export function RatePicker({
  side,
  to,
  required,
  value,
  onChange,
  error,
  describedBy,
}: {
  side: "BUY" | "SELL";
  to: string;
  required: boolean;
  value: string;
  onChange: (rateId: string) => void;
  error?: string;
  describedBy?: string;
}) {
  const [rate, setRate] = useState<RateView | null>(null);
  const [loading, setLoading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);

  // A different conversion needs a different rate: drop the one on screen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the conversion (side, to) changes, which is its purpose
  useEffect(() => {
    setRate(null);
    setExpired(false);
    setProblem(null);
  }, [side, to]);

  const fetchRate = async () => {
    setLoading(true);
    setProblem(null);
    try {
      const r = await fetchJson<RateView>(`/api/rates?to=${encodeURIComponent(to)}&side=${side}`, "The rate could not be loaded. Try again in a moment.");
      setRate(r);
      setExpired(false);
      onChange(r.rateId);
    } catch (err) {
      setProblem(err instanceof Error ? err.message : "The rate could not be loaded. Try again in a moment.");
    } finally {
      setLoading(false);
    }
  };

  const onExpire = useCallback(() => {
    setExpired(true);
    onChange("");
  }, [onChange]);

  const ready = to !== "";
  const verb = side === "BUY" ? `NGN buys 1 ${to}` : `1 ${to} sells for NGN`;
  return (
    <div className="grid gap-2" data-testid="rate-picker">
      {rate && value === rate.rateId ? (
        <div className="grid gap-1 rounded-md border p-3 text-sm" data-testid="rate-quote">
          <p>
            <span className="font-medium">{formatMoney(rate.rate, "NGN")}</span> per {to} ({side === "BUY" ? "you buy" : "you sell"} {to}), fee{" "}
            {rate.feeBps !== null ? `${(rate.feeBps / 100).toFixed(2)} %` : "as the provider charges"}
            {rate.minDepositNgn ? `, minimum deposit ${formatMoney(rate.minDepositNgn, "NGN")}` : ""}.
          </p>
          <p className="text-xs text-muted-foreground">
            Rate id <span className="font-mono">{rate.rateId}</span>
            {rate.expiresAt ? (
              <>
                {" "}
                · expires <Countdown expiresAt={rate.expiresAt} what="The rate" onExpire={onExpire} />
              </>
            ) : null}
          </p>
          <div className="flex gap-2">
            <Button type="button" variant="outline" size="sm" onClick={() => void fetchRate()} disabled={loading}>
              Refresh rate
            </Button>
            {!required ? (
              <Button type="button" variant="ghost" size="sm" onClick={() => onChange("")}>
                Remove rate
              </Button>
            ) : null}
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap items-center gap-2">
          <Button type="button" variant="outline" onClick={() => void fetchRate()} disabled={!ready || loading} aria-describedby={describedBy}>
            {loading ? "Getting rate…" : required ? `Get current ${to || ""} rate`.replace("  ", " ") : "Lock a USD rate"}
          </Button>
          <span className="text-xs text-muted-foreground">{ready ? `The rate at which ${verb}.` : "Choose the stablecoin first."}</span>
        </div>
      )}
      {expired && !value ? <p className="text-xs font-medium text-destructive">The rate expired. Get a new one before creating.</p> : null}
      {problem ? (
        <p className="text-xs font-medium text-destructive" role="alert">
          {problem}
        </p>
      ) : null}
      {error ? (
        <p className="text-xs font-medium text-destructive" data-slot="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
