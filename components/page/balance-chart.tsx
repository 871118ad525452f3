/**
 * A dependency-free step-line chart of money over time (the balances, the stock portfolio's value).
 * Plain SVG rendered on the server: it needs no JavaScript. Accessible as an image with a text summary, plus a table of every point for
 * screen readers and anyone who wants exact figures. Values are decimal strings; converting to
 * numbers here only places pixels, every figure shown as text is formatted from the string.
 */
import { formatAxisTick, formatDateTime, formatZoneLabel } from "@/lib/format";
import { Decimal } from "@/lib/decimal";
import { formatMoney } from "@/lib/money";

/** A point in time and its figures (decimal strings, null where a series has no value). */
export type ChartPoint<K extends string> = { at: string } & Record<K, string | null>;

export interface ChartSeries<K extends string = string> {
  key: K;
  label: string;
  currency: string;
  /** A CSS colour (theme variable) and a dash pattern, so the lines differ without colour too. */
  color: string;
  dash?: string;
}

const W = 640;
const H = 220;
const PAD = { top: 12, right: 12, bottom: 28, left: 96 };

const pointValue = (p: { at: string }, key: string): string | null => (p as unknown as Record<string, string | null>)[key] ?? null;

function ticks(min: Decimal, max: Decimal, count = 4): Decimal[] {
  if (min.eq(max)) return [min];
  const step = max.minus(min).div(count);
  return Array.from({ length: count + 1 }, (_, i) => min.plus(step.times(i)));
}

export function BalanceChart<K extends string>({
  id,
  title,
  points,
  series,
  zone,
}: {
  id: string;
  title: string;
  points: readonly ChartPoint<K>[];
  series: readonly ChartSeries<K>[];
  /** The viewer's time zone (lib/time-zone/current.ts): the axis, the summary and the table use it. */
  zone: string;
}) {
  const values = points.flatMap((p) => series.map((s) => pointValue(p, s.key)).filter((v): v is string => v !== null)).map((v) => new Decimal(v));
  if (points.length < 2 || values.length === 0) return null;
  let min = Decimal.min(...values);
  let max = Decimal.max(...values);
  if (min.eq(max)) {
    // A flat line sits mid-chart instead of on an edge.
    const pad = min.abs().times(0.1).plus(1);
    min = min.minus(pad);
    max = max.plus(pad);
  }
  const t0 = new Date(points[0]!.at).getTime();
  const t1 = new Date(points[points.length - 1]!.at).getTime();
  const x = (iso: string) => PAD.left + ((new Date(iso).getTime() - t0) / Math.max(1, t1 - t0)) * (W - PAD.left - PAD.right);
  const y = (v: string | Decimal) => PAD.top + (1 - new Decimal(v).minus(min).div(max.minus(min)).toNumber()) * (H - PAD.top - PAD.bottom);

  const path = (s: ChartSeries<K>) => {
    let d = "";
    let prevY: number | null = null;
    for (const p of points) {
      const v = pointValue(p, s.key);
      if (v === null) continue;
      const px = x(p.at).toFixed(1);
      const py = y(v).toFixed(1);
      // A step line: a balance holds its value until the next change.
      d += prevY === null ? `M${px},${py}` : `H${px}V${py}`;
      prevY = Number(py);
    }
    return d;
  };

  const first = points[0]!;
  const last = points[points.length - 1]!;
  const summary = series
    .filter((s) => pointValue(first, s.key) !== null)
    .map(
      (s) =>
        `${s.label} from ${formatMoney(pointValue(first, s.key), s.currency)} on ${formatDateTime(first.at, zone)} to ${formatMoney(pointValue(last, s.key), s.currency)} now`,
    )
    .join("; ");
  const currency = series[0]!.currency;
  const xTicks = [first.at, points[Math.floor(points.length / 2)]!.at, last.at];
  // Within two days the dates alone would repeat; the time tells the points apart.
  const withTime = t1 - t0 < 2 * 86_400_000;

  return (
    <figure className="grid gap-2" data-testid={`chart-${id}`}>
      <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full" role="img" aria-labelledby={`${id}-title ${id}-desc`}>
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{summary}.</desc>
        {ticks(min, max).map((t) => (
          <g key={t.toFixed(2)} aria-hidden="true">
            <line x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} stroke="var(--border)" strokeWidth={1} />
            <text x={PAD.left - 6} y={y(t)} textAnchor="end" dominantBaseline="middle" fontSize={11} fill="var(--muted-foreground)">
              {formatMoney(t, currency)}
            </text>
          </g>
        ))}
        {xTicks.map((at, i) => (
          <text
            key={`${at}-${i}`}
            aria-hidden="true"
            x={x(at)}
            y={H - 8}
            textAnchor={i === 0 ? "start" : i === 2 ? "end" : "middle"}
            fontSize={11}
            fill="var(--muted-foreground)"
          >
            {formatAxisTick(at, zone, withTime)}
          </text>
        ))}
        {series.map((s) => (
          <path key={s.key} d={path(s)} fill="none" stroke={s.color} strokeWidth={2} strokeDasharray={s.dash} strokeLinejoin="round" />
        ))}
      </svg>
      <figcaption className="flex flex-wrap gap-4 text-xs text-muted-foreground">
        {series.map((s) => (
          <span key={s.key} className="inline-flex items-center gap-1.5">
            <svg width="20" height="6" aria-hidden="true">
              <line x1="0" x2="20" y1="3" y2="3" stroke={s.color} strokeWidth={2} strokeDasharray={s.dash} />
            </svg>
            {s.label}
          </span>
        ))}
        <span data-testid={`chart-${id}-zone`}>
          Times in {zone} ({formatZoneLabel(zone, last.at)})
        </span>
      </figcaption>
      <details className="text-sm">
        <summary className="w-fit cursor-pointer rounded-sm text-muted-foreground underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
          Show the figures as a table
        </summary>
        <table className="mt-2 w-full text-left text-xs">
          <caption className="sr-only">{title}, every change in time order</caption>
          <thead>
            <tr>
              <th scope="col" className="py-1 pr-3 font-medium">
                When
              </th>
              {series.map((s) => (
                <th key={s.key} scope="col" className="py-1 pr-3 text-right font-medium">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {points.map((p, i) => (
              <tr key={`${p.at}-${i}`} className="border-t">
                <td className="py-1 pr-3 whitespace-nowrap">{formatDateTime(p.at, zone)}</td>
                {series.map((s) => (
                  <td key={s.key} className="py-1 pr-3 text-right tabular-nums">
                    {formatMoney(pointValue(p, s.key), s.currency)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
