import { cn } from "@/lib/utils";
import { formatCount, type QuotaUsage } from "@/lib/funding-accounts/quota";

const BAR: Record<QuotaUsage["level"], string> = { ok: "bg-primary", warning: "bg-warning", full: "bg-destructive" };

/**
 * Today's use of the provider's daily funding-account quota ("312 of 1,000 today"), counted by
 * the app across the whole team. Rendered on the server from a count, so nothing in it can differ
 * between the server's render and the browser's.
 */
export function QuotaMeter({ usage }: { usage: QuotaUsage }) {
  const left = Math.max(0, usage.limit - usage.used);
  const share = Math.min(100, Math.round((usage.used / usage.limit) * 100));
  return (
    <section
      aria-labelledby="funding-quota-heading"
      data-testid="funding-quota"
      data-level={usage.level}
      className={cn(
        "mb-6 grid max-w-3xl gap-2 rounded-lg border p-4 text-sm",
        usage.level === "warning" && "border-warning/50 bg-warning/10",
        usage.level === "full" && "border-destructive/50 bg-destructive/10",
      )}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="funding-quota-heading" className="font-medium">
          New funding accounts today
        </h2>
        <p className="tabular-nums" data-testid="funding-quota-count">
          {formatCount(usage.used)} of {formatCount(usage.limit)} today
        </p>
      </div>
      <div
        role="meter"
        aria-label="New funding accounts today"
        aria-valuemin={0}
        aria-valuemax={usage.limit}
        aria-valuenow={Math.min(usage.used, usage.limit)}
        aria-valuetext={`${formatCount(usage.used)} of ${formatCount(usage.limit)}`}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div className={cn("h-full", BAR[usage.level])} style={{ width: `${share}%` }} />
      </div>
      {usage.level === "full" ? (
        <p role="alert" data-testid="funding-quota-note">
          Today&apos;s limit is reached: the app opens no more funding accounts until midnight UTC, as the provider may freeze a merchant that exceeds it.
        </p>
      ) : usage.level === "warning" ? (
        <p role="status" data-testid="funding-quota-note">
          {share} % of today&apos;s limit is used: {formatCount(left)} more can be opened until midnight UTC. Beyond the limit the provider may freeze the
          merchant.
        </p>
      ) : null}
      <p className="text-muted-foreground">
        The provider allows {formatCount(usage.limit)} new funding accounts a day and may freeze a merchant that opens more. This counts every account opened
        from this dashboard in this environment, by anyone on your team; accounts your own systems open through the API count at the provider too. The count
        starts again at midnight UTC.
      </p>
    </section>
  );
}
