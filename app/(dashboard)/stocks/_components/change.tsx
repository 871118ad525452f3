import { ArrowDownRightIcon, ArrowRightIcon, ArrowUpRightIcon } from "lucide-react";
import { directionOf, formatPct, formatSignedUsd } from "@/lib/stocks/format";
import { cn } from "@/lib/utils";

const ICON = { up: ArrowUpRightIcon, down: ArrowDownRightIcon, flat: ArrowRightIcon } as const;
const COLOR = { up: "text-success", down: "text-destructive", flat: "text-muted-foreground" } as const;

/**
 * A 24-hour change: the signed percent and, when given, the signed amount. The sign is in the text
 * and the arrow, so it reads without colour.
 */
export function Change({
  pct,
  usd,
  precision,
  className,
  testId,
}: {
  pct: string | null | undefined;
  usd?: string | null;
  precision?: number | null;
  className?: string;
  testId?: string;
}) {
  if (pct == null && usd == null) return <span className="text-muted-foreground">—</span>;
  const dir = directionOf(pct ?? usd);
  const Icon = ICON[dir];
  return (
    <span className={cn("inline-flex items-center gap-1 tabular-nums whitespace-nowrap", COLOR[dir], className)} data-direction={dir} data-testid={testId}>
      <Icon aria-hidden="true" className="size-3.5 shrink-0" />
      {usd != null ? <span>{formatSignedUsd(usd, precision)}</span> : null}
      {pct != null ? <span>{usd != null ? `(${formatPct(pct)})` : formatPct(pct)}</span> : null}
    </span>
  );
}
