/**
 * The statement's chart for one currency: a bar per day for the closing balance worked out from the
 * local copy, and a dashed mark for the provider's figure of that day's end. Plain SVG rendered on
 * the server. It is an image with a text summary (title and description); each bar's tooltip gives
 * the day's figures, and the statement table beside it holds every figure for keyboards and screen
 * readers. The y axis is on round steps (lib/statement/ticks.ts). Values are decimal strings:
 * numbers here only place pixels, every figure shown as text is formatted from the string.
 */
import { formatAxisTick } from "@/lib/format";
import { formatMoney } from "@/lib/money";
import { isFlagged, type StatementDay } from "@/lib/statement/compute";
import { niceTicks } from "@/lib/statement/ticks";

const W = 640;
const H = 220;
const PAD = { top: 12, right: 12, bottom: 28, left: 96 };
/** At most this many day labels under the axis; the rest are in the tooltips and the table. */
const MAX_X_LABELS = 8;

/** A calendar day as the axis shows it ("26 Nov"): the day is already the viewer's, so it is formatted as is. */
export const dayLabel = (day: string) => formatAxisTick(`${day}T12:00:00Z`, "UTC", false);

export function StatementChart({ currency, days }: { currency: string; days: readonly StatementDay[] }) {
  if (days.length === 0) return null;
  const values = days.flatMap((d) => [Number(d.closing), ...(d.reported === null ? [] : [Number(d.reported)])]);
  const ticks = niceTicks(Math.min(0, ...values), Math.max(0, ...values));
  const lo = ticks[0]!;
  const hi = ticks[ticks.length - 1]!;
  const y = (v: number) => PAD.top + (1 - (v - lo) / (hi - lo || 1)) * (H - PAD.top - PAD.bottom);
  const slot = (W - PAD.left - PAD.right) / days.length;
  const barW = Math.max(2, slot * 0.6);
  const x = (i: number) => PAD.left + slot * i + (slot - barW) / 2;
  const every = Math.ceil(days.length / MAX_X_LABELS);
  const flagged = days.filter(isFlagged).length;
  const first = days[0]!;
  const last = days[days.length - 1]!;
  const id = `statement-chart-${currency}`;
  const summary =
    `Closing balance in ${currency} from ${formatMoney(first.closing, currency)} on ${dayLabel(first.day)} to ${formatMoney(last.closing, currency)} on ${dayLabel(last.day)}. ` +
    (days.every((d) => d.reported === null)
      ? "The provider's balance could not be read."
      : flagged === 0
        ? `Every day matches the provider's balance.`
        : `${flagged} of ${days.length} days differ from the provider's balance, by ${formatMoney(last.difference, currency)} on ${dayLabel(last.day)}.`);

  return (
    <figure className="grid gap-2" data-testid={id}>
      <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full" role="img" aria-labelledby={`${id}-title`} aria-describedby={`${id}-desc`}>
        <title id={`${id}-title`}>{`Daily closing balance, ${currency}`}</title>
        <desc id={`${id}-desc`} data-testid={`${id}-summary`}>
          {summary}
        </desc>
        {ticks.map((t) => (
          <g key={t}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} stroke="var(--border)" strokeWidth={t === 0 ? 1.5 : 1} />
            <text x={PAD.left - 6} y={y(t)} textAnchor="end" dominantBaseline="middle" fontSize={11} fill="var(--muted-foreground)">
              {formatMoney(String(t), currency)}
            </text>
          </g>
        ))}
        {days.map((d, i) => {
          const v = Number(d.closing);
          const top = Math.min(y(v), y(0));
          const height = Math.max(1, Math.abs(y(v) - y(0)));
          const tip = [
            `${dayLabel(d.day)}: closing ${formatMoney(d.closing, currency)}`,
            d.reported === null ? "provider: not read" : `provider ${formatMoney(d.reported, currency)}`,
            d.difference === null ? null : `difference ${formatMoney(d.difference, currency)}`,
          ]
            .filter(Boolean)
            .join(", ");
          return (
            <g key={d.day} data-testid="statement-chart-bar" className="[&:hover>rect]:opacity-80">
              <title>{tip}</title>
              {/* The whole column answers the pointer, so a thin bar's tooltip is easy to reach. */}
              <rect x={PAD.left + slot * i} y={PAD.top} width={slot} height={H - PAD.top - PAD.bottom} fill="transparent" />
              <rect x={x(i)} y={top} width={barW} height={height} rx={2} fill={isFlagged(d) ? "var(--destructive)" : "var(--chart-1)"} />
              {d.reported === null ? null : (
                <line
                  x1={x(i) - 2}
                  x2={x(i) + barW + 2}
                  y1={y(Number(d.reported))}
                  y2={y(Number(d.reported))}
                  stroke="var(--foreground)"
                  strokeWidth={2}
                  strokeDasharray="4 2"
                />
              )}
              {i % every === 0 || i === days.length - 1 ? (
                <text x={x(i) + barW / 2} y={H - 8} textAnchor="middle" fontSize={11} fill="var(--muted-foreground)">
                  {dayLabel(d.day)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption className="flex flex-wrap gap-4 text-xs text-muted-foreground">
        <span className="inline-flex items-center gap-1.5">
          <svg width="12" height="12" aria-hidden="true">
            <rect width="12" height="12" rx="2" fill="var(--chart-1)" />
          </svg>
          Closing balance from the copy
        </span>
        <span className="inline-flex items-center gap-1.5">
          <svg width="12" height="12" aria-hidden="true">
            <rect width="12" height="12" rx="2" fill="var(--destructive)" />
          </svg>
          Differs from the provider
        </span>
        <span className="inline-flex items-center gap-1.5">
          <svg width="20" height="6" aria-hidden="true">
            <line x1="0" x2="20" y1="3" y2="3" stroke="var(--foreground)" strokeWidth={2} strokeDasharray="4 2" />
          </svg>
          Provider&apos;s balance
        </span>
      </figcaption>
    </figure>
  );
}
