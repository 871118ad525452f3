import { Badge } from "@/components/ui/badge";
import { DateTime } from "@/components/ui/date-time";
import { isHighRisk, marketStatusLabel, riskLabel } from "@/lib/stocks/labels";
import type { StockAsset } from "@/lib/upstream/schemas/stocks";

type Variant = "success" | "warning" | "secondary" | "destructive" | "outline";
const VARIANT: Record<string, Variant> = { open: "success", pre_market: "secondary", after_hours: "secondary", closed: "outline", halted: "destructive" };

export function MarketStatusBadge({ status }: { status: string | null | undefined }) {
  return (
    <Badge variant={VARIANT[status ?? ""] ?? "outline"} data-testid="market-status">
      {marketStatusLabel(status)}
    </Badge>
  );
}

/**
 * Whether the asset can trade now and when that changes: the regular session's next open or close,
 * and whether trading outside regular hours is allowed and open.
 */
export function TradingWindow({
  asset,
}: {
  asset: Pick<StockAsset, "market_status" | "is_market_open" | "is_off_hours_eligible" | "is_off_hours_open" | "next_open_at" | "next_close_at" | "status">;
}) {
  const halted = asset.market_status === "halted" || asset.status === "halted";
  return (
    <ul className="grid gap-1 text-sm" data-testid="trading-window">
      <li>
        {halted ? (
          "Trading in this asset is halted."
        ) : asset.is_market_open ? (
          <>
            Regular session open; closes <DateTime value={asset.next_close_at} />.
          </>
        ) : (
          <>
            Regular session closed; next opens <DateTime value={asset.next_open_at} />.
          </>
        )}
      </li>
      {!halted && asset.is_market_open ? (
        <li className="text-muted-foreground">
          Next open after that: <DateTime value={asset.next_open_at} />.
        </li>
      ) : null}
      {!halted && !asset.is_market_open ? (
        <li className="text-muted-foreground">
          Next regular close: <DateTime value={asset.next_close_at} />.
        </li>
      ) : null}
      <li data-testid="off-hours">
        {asset.is_off_hours_eligible == null
          ? "Off-hours trading: not stated."
          : asset.is_off_hours_eligible
            ? `Off-hours trading: eligible (pre-market and after hours), ${asset.is_off_hours_open ? "open now" : "not open now"}.`
            : "Off-hours trading: not eligible; trades only in the regular session."}
      </li>
    </ul>
  );
}

export function RiskBadge({ level }: { level: string | null | undefined }) {
  const r = riskLabel(level);
  return (
    <Badge variant={isHighRisk(level) ? "warning" : "outline"} data-testid="risk-level">
      {r.label}
    </Badge>
  );
}

/** A price the provider marked stale: said in words, with its age next to it where shown. */
export function StaleBadge() {
  return (
    <Badge variant="warning" data-testid="stale-price">
      Stale price
    </Badge>
  );
}
